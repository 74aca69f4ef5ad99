import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import { lookPreferences, shoot } from './support/datasets';
import { DOC, fetchPieces, pieceRow, pieceRows, searchBox } from './support/documents';
import { LARGE, largePiece } from './support/e2e-fixture';

/** Rows in the DOM stay far below this however far the 50,000-piece list is scrolled. */
const MAX_ROWS_IN_DOM = 100;

test.describe('document page', () => {
  test('looks a demo document up by id: base info and its full text', async ({ page, sandbox }) => {
    await page.goto('./documents');
    await page.getByLabel('Document id').fill(DOC.installGuide);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/documents/${DOC.installGuide}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('beacon-installation-guide.md');
    await expect(page.getByTestId('base-name')).toHaveText('beacon-installation-guide.md');
    await expect(page.getByTestId('base-description')).not.toBeEmpty();

    // A web address is a link that opens in a new tab without a handle on this page.
    const link = page.getByTestId('base-url').getByRole('link');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const pieces = await fetchPieces(page, sandbox.baseUrl, sandbox.token, DOC.installGuide);
    const characters = pieces.reduce((n, p) => n + p.length, 0);
    await expect(page.getByTestId('figure-pieces')).toHaveText(String(pieces.length));
    await expect(page.getByTestId('figure-characters')).toHaveText(characters.toLocaleString('en'));
    await expect(page.getByTestId('figure-tokens')).toHaveText(`≈ ${Math.round(characters / 4).toLocaleString('en')}`);
    await expect(pieceRow(page, 1)).toContainText(pieces[0]!.slice(0, 40));
    await expect(pieceRow(page, pieces.length)).toContainText(pieces.at(-1)!.slice(0, 40));
  });

  test('downloads the whole text as a .txt named after the document', async ({ page, sandbox }) => {
    await page.goto(`./documents/${DOC.installGuide}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('beacon-installation-guide.md');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('beacon-installation-guide.txt');
    const text = await readFile(await download.path(), 'utf8');
    const pieces = await fetchPieces(page, sandbox.baseUrl, sandbox.token, DOC.installGuide);
    expect(text).toBe(pieces.join('\n\n'));
  });

  test('a URL that is not http(s) is shown as text, never as a link', async ({ page, sandbox }) => {
    await page.route(`${sandbox.baseUrl}/v1/documents/query-base`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { name: 'odd.md', description: '', url: 'javascript:alert(document.cookie)' },
      });
    });
    await page.goto(`./documents/${DOC.installGuide}`);
    const url = page.getByTestId('base-url');
    await expect(url).toContainText('javascript:alert(document.cookie)');
    await expect(url.getByRole('link')).toHaveCount(0);
    await expect(page.getByTestId('base-description')).toContainText('(empty)');
  });

  test('an unknown document: base info and full text each show the ErrorResponse', async ({ page }) => {
    await page.goto(`./documents/${DOC.unknown}`);
    const errors = page.getByTestId('error-state');
    await expect(errors).toHaveCount(2);
    for (const error of await errors.all()) {
      await expect(error).toContainText(`document ${DOC.unknown} not found`);
      await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    }
  });

  // These need the sandbox with the large document: its workers load it, the others start and reset faster.
  test.describe('with the 50,000-piece document', () => {
    test.use({ largeDocument: true });

    test('the 50,000-piece document opens, searches, jumps and keeps few rows in the DOM', async ({
      page,
    }, testInfo) => {
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

    test('screenshots: light, dark, zh-CN, narrow', async ({ page }) => {
      // Many full-page captures: slow on a loaded machine, and nothing here is timed.
      test.setTimeout(180_000);
      await page.goto(`./documents/${DOC.installGuide}`);
      await expect(pieceRow(page, 1)).toBeVisible();
      await searchBox(page).fill('beacon');
      await expect(page.getByTestId('search-position')).toContainText('of');
      await shoot(page, 'document-light-en', { fullPage: false });
      await page.goto(`./documents/${LARGE.documentId}`);
      await expect(page.getByTestId('figure-pieces')).toHaveText('50,000', { timeout: 30_000 });
      await searchBox(page).fill('marker');
      await expect(page.getByTestId('search-position')).toHaveText('1 of 10');
      await shoot(page, 'document-large-light-en');
      await page.goto(`./documents/${DOC.unknown}`);
      await expect(page.getByTestId('error-state')).toHaveCount(2);
      await shoot(page, 'document-unknown-light-en');

      await lookPreferences(page, { scheme: 'dark', locale: 'zh-CN' });
      await page.goto(`./documents/${DOC.installGuide}`);
      await expect(pieceRow(page, 1)).toBeVisible();
      await page.getByRole('searchbox').fill('beacon');
      await shoot(page, 'document-dark-zh');
      await page.goto('./documents');
      await shoot(page, 'documents-lookup-dark-zh');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`./documents/${DOC.installGuide}`);
      await expect(pieceRow(page, 1)).toBeVisible();
      await shoot(page, 'document-narrow', { fullPage: false });
    });
  });
});
