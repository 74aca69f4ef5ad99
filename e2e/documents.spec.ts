import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import { fetchPieces, pieceRow } from './support/documents';
import { DOC, UNKNOWN } from './support/demo-ids.mjs';

test.describe('document page', () => {
  test('looks a demo document up by id: base info and its full text', async ({ page, sandbox }) => {
    await page.goto('./documents');
    await page.getByLabel('Document id').fill(DOC.installation.id);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/documents/${DOC.installation.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('beacon-installation-guide.md');
    await expect(page.getByTestId('base-name')).toHaveText('beacon-installation-guide.md');
    await expect(page.getByTestId('base-description')).not.toBeEmpty();

    // A web address is a link that opens in a new tab without a handle on this page.
    const link = page.getByTestId('base-url').getByRole('link');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const pieces = await fetchPieces(page, sandbox.baseUrl, sandbox.token, DOC.installation.id);
    const characters = pieces.reduce((n, p) => n + p.length, 0);
    await expect(page.getByTestId('figure-pieces')).toHaveText(String(pieces.length));
    await expect(page.getByTestId('figure-characters')).toHaveText(characters.toLocaleString('en'));
    await expect(page.getByTestId('figure-tokens')).toHaveText(`≈ ${Math.round(characters / 4).toLocaleString('en')}`);
    await expect(pieceRow(page, 1)).toContainText(pieces[0]!.slice(0, 40));
    await expect(pieceRow(page, pieces.length)).toContainText(pieces.at(-1)!.slice(0, 40));
  });

  test('downloads the whole text as a .txt named after the document', async ({ page, sandbox }) => {
    await page.goto(`./documents/${DOC.installation.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('beacon-installation-guide.md');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('beacon-installation-guide.txt');
    const text = await readFile(await download.path(), 'utf8');
    const pieces = await fetchPieces(page, sandbox.baseUrl, sandbox.token, DOC.installation.id);
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
    await page.goto(`./documents/${DOC.installation.id}`);
    const url = page.getByTestId('base-url');
    await expect(url).toContainText('javascript:alert(document.cookie)');
    await expect(url.getByRole('link')).toHaveCount(0);
    await expect(page.getByTestId('base-description')).toContainText('(empty)');
  });

  test('an unknown document: one box shows the ErrorResponse (base info and full text answer the same 404)', async ({
    page,
  }) => {
    await page.goto(`./documents/${UNKNOWN.document}`);
    const errors = page.getByTestId('error-state');
    await expect(errors).toHaveCount(1);
    for (const error of await errors.all()) {
      await expect(error).toContainText(`document ${UNKNOWN.document} not found`);
      await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    }
  });
});
