import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { lookPreferences, shoot } from './support/datasets';
import { pieceRow, pieceRows, searchBox } from './support/documents';
import { LARGE, largePiece } from './support/e2e-fixture';
import { SCREENSHOTS_TAG } from './support/target';
import { DOC, UNKNOWN } from './support/demo-ids.mjs';

// Only this file's workers load the 50,000-piece document: it makes a sandbox's start and every reset several times
// slower, and the other specs never open it.
test.use({ largeDocument: true });

/** Rows in the DOM stay far below this however far the 50,000-piece list is scrolled. */
const MAX_ROWS_IN_DOM = 100;

test.describe('document page, 50,000 pieces', () => {
  const openings = [
    {
      how: 'opened from the lookup',
      open: async (page: Page) => {
        await page.goto('./documents');
        await page.getByLabel('Document id').fill(LARGE.documentId);
        await page.getByRole('button', { name: 'Open' }).click();
      },
    },
    // A cold load: the first script asks for the text, and the first render waits for its first pieces, not the whole.
    { how: 'opened by its address', open: (page: Page) => page.goto(`./documents/${LARGE.documentId}`) },
  ];
  for (const { how, open } of openings) {
    test(`${how}, its first pieces show while the rest of the 3.7 MB answer is read, then the whole text with its figures`, async ({
      page,
    }) => {
      // What was on screen before the figures (which come with the whole text): the preview, and its first row.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { kcSeen: string[] }).kcSeen = seen;
        new MutationObserver(() => {
          if (seen.includes('figures')) return;
          const preview = document.querySelector('[data-testid="text-preview"]');
          if (preview && !seen.includes('preview')) seen.push('preview');
          const row = preview?.querySelector('[data-testid="piece-row"][data-piece="1"]');
          if (row && !seen.includes('row 1')) seen.push('row 1');
          if (document.querySelector('[data-testid="figure-pieces"]')) seen.push('figures');
        }).observe(document, { subtree: true, childList: true });
      });
      await open(page);
      await expect(page.getByTestId('figure-pieces')).toHaveText('50,000', { timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { kcSeen: string[] }).kcSeen)).toEqual([
        'preview',
        'row 1',
        'figures',
      ]);
      await expect(page.getByTestId('text-preview')).toHaveCount(0);
      await expect(pieceRow(page, 1)).toContainText(largePiece(1));
    });
  }

  test('the 50,000-piece document opens, searches, jumps and keeps few rows in the DOM', async ({ page }, testInfo) => {
    const started = Date.now();
    await page.goto(`./documents/${LARGE.documentId}`);
    await expect(page.getByTestId('figure-pieces')).toHaveText('50,000', { timeout: 30_000 });
    await expect(pieceRow(page, 1)).toContainText(largePiece(1));
    const openMs = Date.now() - started;
    testInfo.annotations.push({ type: 'open-50k-ms', description: String(openMs) });
    console.log(`50,000-piece document: first rows shown ${openMs} ms after navigation`);
    expect(await pieceRows(page).count()).toBeLessThan(MAX_ROWS_IN_DOM);

    // A rare phrase: one hit, scrolled to and marked.
    await searchBox(page).fill('Lighthouse marker 7');
    await expect(page.getByTestId('search-position')).toHaveText('1 of 1');
    await expect(pieceRow(page, 35_000)).toBeVisible();
    await expect(pieceRow(page, 35_000).locator('mark')).toHaveText('Lighthouse marker 7');

    // A word in ten pieces: Enter, Shift+Enter and the buttons move between them.
    await searchBox(page).fill('marker');
    await expect(page.getByTestId('search-position')).toHaveText('1 of 10');
    await expect(pieceRow(page, 5_000)).toBeVisible();
    await searchBox(page).press('Enter');
    await expect(page.getByTestId('search-position')).toHaveText('2 of 10');
    await expect(pieceRow(page, 10_000)).toBeVisible();
    await expect(pieceRow(page, 10_000)).toHaveAttribute('data-active', 'true');
    await searchBox(page).press('Shift+Enter');
    await expect(page.getByTestId('search-position')).toHaveText('1 of 10');
    await expect(pieceRow(page, 5_000)).toBeVisible();
    await page.getByRole('button', { name: 'Previous hit' }).click();
    await expect(page.getByTestId('search-position')).toHaveText('10 of 10');
    await expect(pieceRow(page, 50_000)).toBeVisible();
    await page.getByRole('button', { name: 'Next hit' }).click();
    await expect(page.getByTestId('search-position')).toHaveText('1 of 10');

    // Jump to a piece by number.
    await page.getByLabel('Go to piece').fill('42000');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(pieceRow(page, 42_000)).toBeVisible();
    await expect(pieceRow(page, 42_000)).toContainText(largePiece(42_000));
    await page.getByLabel('Go to piece').fill('50001');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page.getByText('Enter a number from 1 to 50,000')).toBeVisible();

    // Scroll by wheel and by dragging far: the DOM keeps a bounded window of rows.
    const scroller = page.getByTestId('piece-scroller');
    await scroller.hover();
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 2_000);
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 3 }));
    await expect(pieceRows(page).first()).toBeVisible();
    const rows = await pieceRows(page).count();
    testInfo.annotations.push({ type: 'rows-in-dom-after-scroll', description: String(rows) });
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(MAX_ROWS_IN_DOM);
  });

  test('copies one piece', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`./documents/${LARGE.documentId}`);
    await expect(pieceRow(page, 2)).toBeVisible({ timeout: 30_000 });
    await pieceRow(page, 2).getByRole('button', { name: 'Copy: Piece 2' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(largePiece(2));
  });

  test('screenshots: light, dark, zh-CN, narrow', { tag: SCREENSHOTS_TAG }, async ({ page }) => {
    // Many full-page captures: slow on a loaded machine, and nothing here is timed.
    test.setTimeout(180_000);
    await page.goto(`./documents/${DOC.installation.id}`);
    await expect(pieceRow(page, 1)).toBeVisible();
    await searchBox(page).fill('beacon');
    await expect(page.getByTestId('search-position')).toContainText('of');
    await shoot(page, 'document-light-en', { fullPage: false });
    await page.goto(`./documents/${LARGE.documentId}`);
    await expect(page.getByTestId('figure-pieces')).toHaveText('50,000', { timeout: 30_000 });
    await searchBox(page).fill('marker');
    await expect(page.getByTestId('search-position')).toHaveText('1 of 10');
    await shoot(page, 'document-large-light-en');
    await page.goto(`./documents/${UNKNOWN.document}`);
    await expect(page.getByTestId('error-state')).toHaveCount(2);
    await shoot(page, 'document-unknown-light-en');

    await lookPreferences(page, { scheme: 'dark', locale: 'zh-CN' });
    await page.goto(`./documents/${DOC.installation.id}`);
    await expect(pieceRow(page, 1)).toBeVisible();
    await page.getByRole('searchbox').fill('beacon');
    await shoot(page, 'document-dark-zh');
    await page.goto('./documents');
    await shoot(page, 'documents-lookup-dark-zh');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`./documents/${DOC.installation.id}`);
    await expect(pieceRow(page, 1)).toBeVisible();
    await shoot(page, 'document-narrow', { fullPage: false });
  });
});
