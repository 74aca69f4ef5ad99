import type { Page } from '@playwright/test';

export const pieceRow = (page: Page, n: number) => page.locator(`[data-testid="piece-row"][data-piece="${n}"]`);
export const pieceRows = (page: Page) => page.getByTestId('piece-row');
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search in the text' });

/** The full text as the service sends it, read straight from the sandbox. */
export async function fetchPieces(page: Page, baseUrl: string, token: string, id: string): Promise<string[]> {
  const res = await page.request.get(`${baseUrl}/v1/documents/texts/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { document_contents: string[] };
  return body.document_contents;
}
