import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** Opens a knowledge base the way an admin does: the lookup, type the id, Open. */
export async function openKnowledge(page: Page, id: string) {
  await page.goto('./knowledge');
  await page.getByLabel('Knowledge base id').fill(id);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/knowledge/${id}$`));
}

export const totalFiles = (page: Page) => page.getByTestId('total-files');

export const deletionItem = (page: Page, documentId: string): Locator =>
  page.locator(`[data-testid="deletion-item"][data-document-id="${documentId}"]`);

/** Types a document id, confirms in the modal (which names the document), and waits for the modal to close. */
export async function deleteDocument(page: Page, documentId: string, expectedName?: string) {
  await page.getByRole('combobox', { name: 'Document id' }).fill(documentId);
  await page.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
  await expect(dialog).toBeVisible();
  if (expectedName) await expect(dialog.getByTestId('confirm-document')).toContainText(expectedName);
  await expect(dialog.getByText('The service confirms later')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete document' }).click();
  await expect(dialog).toBeHidden();
}

/** Counts the DELETE requests for one document sent by the page. */
export function countDeletes(page: Page, knowledgeId: string, documentId: string) {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === 'DELETE' && req.url().endsWith(`/v1/knowledge/${knowledgeId}/document/${documentId}`))
      seen.push(req);
  });
  return {
    get count() {
      return seen.length;
    },
  };
}
