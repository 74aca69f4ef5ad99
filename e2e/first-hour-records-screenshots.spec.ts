import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { shoot } from './support/looks';
import { SCREENSHOTS_TAG } from './support/target';
import { CONVERSATION, DOC, KB } from './support/demo-ids.mjs';
import { deleteDocument } from './support/knowledge';

/**
 * The pages issue 35 touched (Overview's Start here, a lookup's starters and names, the knowledge page's known
 * documents and Test retrieval, a deleted document and conversation), light and dark, English and Chinese, 1280 and
 * 420 px wide, written to test-results/screenshots/ for a person to look at.
 */

const BATTERY_Q = 'How long does the Beacon battery last on a full charge?';

async function look(page: Page, scheme: 'light' | 'dark', locale: 'en' | 'zh-CN') {
  await page.evaluate(
    ([s, l]) => {
      localStorage.setItem('kc.color-scheme', s);
      localStorage.setItem('kc.locale', l);
    },
    [scheme, locale] as const,
  );
}

/** At 1280 and at 420 px. */
async function shootWidths(page: Page, name: string) {
  for (const width of [1280, 420]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots of the first-hour pages: ${scheme}`, { tag: SCREENSHOTS_TAG }, async ({ page, sandbox }) => {
    test.setTimeout(240_000);
    await sandbox.reset();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('./');
    await look(page, scheme, 'en');
    // The state to show: a retrieval test, a document and a conversation deleted here.
    await page.goto(`./knowledge/${KB.handbook}`);
    await page.getByTestId('probe-question').fill(BATTERY_Q);
    await page.getByTestId('probe-submit').click();
    await expect(page.getByTestId('probe-piece').first()).toBeVisible();
    await deleteDocument(page, DOC.battery.id);
    await expect(page.locator(`[data-testid="known-document"][data-document-id="${DOC.battery.id}"]`)).toHaveAttribute(
      'data-state',
      'deleted',
      { timeout: 30_000 },
    );
    await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
    await page.getByRole('button', { name: 'Delete conversation…' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill(CONVERSATION.amberDisplay);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete conversation' }).click();
    await expect(page.getByTestId('deleted-here')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('kc.catalog.v1') ?? '')).toContain('"deleted"');

    for (const locale of ['en', 'zh-CN'] as const) {
      await look(page, scheme, locale);
      const tag = `${scheme}-${locale}`;
      await page.goto('./');
      await expect(page.getByTestId('demo-starters')).toBeVisible();
      await expect(page.getByTestId('home-recent')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await shootWidths(page, `fh-home-${tag}`);

      await page.goto('./knowledge');
      await expect(page.getByTestId('demo-starters')).toBeVisible();
      await shootWidths(page, `fh-knowledge-lookup-${tag}`);

      await page.goto(`./knowledge/${KB.handbook}`);
      await expect(page.getByTestId('known-documents')).toBeVisible();
      // Test retrieval opens on the admin's click the first time, by itself once a test was run here.
      const opener = page.getByTestId('probe-open');
      await expect(opener.or(page.getByTestId('probe-question'))).toBeVisible();
      if (await opener.isVisible()) await opener.click();
      await page.getByTestId('probe-question').fill(BATTERY_Q);
      await page.getByTestId('probe-submit').click();
      await expect(page.getByTestId('probe-piece').first()).toBeVisible();
      await shootWidths(page, `fh-knowledge-${tag}`);
      // The new panels alone at 420 px, large enough to read.
      await page.setViewportSize({ width: 420, height: 900 });
      for (const panel of ['known-documents', 'test-retrieval'])
        await page
          .locator(`section[aria-labelledby="${panel}-title"]`)
          .screenshot({ path: `test-results/screenshots/fh-${panel}-${tag}-420.png` });
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.goto(`./documents/${DOC.battery.id}`);
      await expect(page.getByTestId('document-deletion-note')).toBeVisible();
      await shootWidths(page, `fh-document-deleted-${tag}`);

      await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
      await expect(page.getByTestId('deleted-here')).toBeVisible();
      await shootWidths(page, `fh-conversation-deleted-${tag}`);
    }
  });
}
