import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { RETIRED, retiredDocumentId } from './support/bulk-fixture';
import { openKnowledge } from './support/knowledge';
import { SCREENSHOTS_TAG } from './support/target';

/** Past the first check (about 3 s after the 200). */
const PAST_FIRST_CHECK_MS = 4_000;

// The demo data plus a knowledge base of 3 documents to remove.
test.use({ bulkDocuments: 3 });

/** Removes the knowledge base's three documents in bulk (in English), until the batch is done. */
async function removeThree(page: Page) {
  await page.clock.install();
  await openKnowledge(page, RETIRED.knowledgeId);
  await page.getByRole('button', { name: 'Remove many documents…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
  await dialog.getByLabel('Document ids').fill([0, 1, 2].map(retiredDocumentId).join('\n'));
  await dialog.getByRole('button', { name: 'Check 3 ids' }).click();
  await dialog.getByLabel('Type 3 to confirm').fill('3');
  await dialog.getByRole('button', { name: 'Remove 3 documents' }).click();
  await expect(dialog).toBeHidden();
  await page.clock.fastForward(PAST_FIRST_CHECK_MS);
  await expect(page.getByTestId('bulk-batch')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
}

for (const scheme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'zh-CN'] as const) {
    for (const width of [1280, 420] as const) {
      test(`screenshot: bulk report, ${scheme}, ${locale}, ${width}`, { tag: SCREENSHOTS_TAG }, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await removeThree(page);
        // The batch is kept: read back after a reload in the language shown.
        await page.evaluate((l) => localStorage.setItem('kc.locale', l), locale);
        await page.reload();
        await expect(page.getByTestId('bulk-row')).toHaveCount(3);
        await page.getByTestId('bulk-report-scroller').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `test-results/screenshots/first-hour-audit/bulk-report-${scheme}-${locale}-${width}.png`,
        });
      });
    }
  }
}

test('at 420 px the bulk report shows each row’s outcome beside its id, without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 420, height: 900 });
  await page.clock.install();
  await openKnowledge(page, RETIRED.knowledgeId);
  const ids = [0, 1, 2].map(retiredDocumentId);
  await page.getByRole('button', { name: 'Remove many documents…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
  await dialog.getByLabel('Document ids').fill(ids.join('\n'));
  await dialog.getByRole('button', { name: 'Check 3 ids' }).click();
  await dialog.getByLabel('Type 3 to confirm').fill('3');
  await dialog.getByRole('button', { name: 'Remove 3 documents' }).click();
  await expect(dialog).toBeHidden();
  const batch = page.getByTestId('bulk-batch');
  await page.clock.fastForward(PAST_FIRST_CHECK_MS);
  await expect(batch).toHaveAttribute('data-status', 'done', { timeout: 20_000 });

  const scroller = batch.getByTestId('bulk-report-scroller');
  await scroller.scrollIntoViewIfNeeded();
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBe(0);
  // The Outcome heading and every row's badge are wholly on screen as the report opens.
  await expect(scroller.getByRole('columnheader', { name: 'Outcome' })).toBeInViewport({ ratio: 1 });
  const rows = scroller.getByTestId('bulk-row');
  await expect(rows).toHaveCount(3);
  for (const id of ids) {
    const badge = scroller.locator(`[data-testid="bulk-row"][data-document-id="${id}"] .mantine-Badge-root`);
    await expect(badge).toHaveText('Deleted');
    await expect(badge).toBeInViewport({ ratio: 1 });
  }
});
