import type { Download, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { deleteDocument, deletionItem, openKnowledge } from './support/knowledge';
import { CONVERSATION, DOC, KB } from './support/demo-ids.mjs';

/** Past the first check of a deletion (about 3 s after the 200), the history's start-up wait and its write delay. */
const PAST_FIRST_CHECK_MS = 4_000;

const textOf = async (download: Download) =>
  Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');

async function downloadOf(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return download;
}

/** The rows of a store of the console's IndexedDB database (what a reload reads back). */
const keptRows = <T>(page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('knowledge-console');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            resolve(all.result);
            db.close();
          };
        };
      }),
    store,
  ) as Promise<T[]>;

/** The paths of the request history this browser keeps in IndexedDB (what a reload reads back). */
const keptPaths = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('knowledge-console');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('requestHistory').objectStore('requestHistory').getAll();
          all.onsuccess = () => {
            resolve((all.result as { path: string }[]).map((e) => e.path));
            db.close();
          };
        };
      }),
  );

test('destructive actions are recorded with the operator, survive a reload, filter, and export as CSV and JSON', async ({
  page,
  sandbox,
}) => {
  await page.clock.install();
  // Who signs: the service knows no identity.
  await page.goto('./settings');
  await page.getByRole('textbox', { name: 'Operator name' }).fill('Ana Admin');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Operator name saved')).toBeVisible();

  // A document deletion, confirmed by the first check.
  await openKnowledge(page, KB.handbook);
  await deleteDocument(page, DOC.installation.id, DOC.installation.name);
  await page.clock.fastForward(PAST_FIRST_CHECK_MS);
  await expect(deletionItem(page, DOC.installation.id)).toHaveAttribute('data-state', 'deleted');
  // Recorded as it happened (before the page is left).
  await expect
    .poll(async () => (await keptRows<{ outcome: string }>(page, 'audit')).map((e) => e.outcome))
    .toEqual(['done']);

  // A conversation update.
  await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Audited rename');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('conversation-result')).toBeVisible();
  // The history is written a moment after a call ends.
  const putPath = `/v1/conversations/${CONVERSATION.amberDisplay}`;
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(1_000);
        return keptPaths(page);
      },
      { timeout: 30_000 },
    )
    .toContain(putPath);

  // After a reload, both views still hold what was done.
  await page.reload();
  await page.goto('./activity?view=audit');
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  const deletion = rows.filter({ hasText: 'Document deletion' });
  await expect(deletion).toContainText(DOC.installation.id);
  await expect(deletion).toContainText('Ana Admin');
  await expect(deletion.locator('[data-outcome]')).toHaveAttribute('data-outcome', 'done');
  await expect(deletion).toContainText(`in knowledge base ${KB.handbook}`);
  const update = rows.filter({ hasText: 'Conversation update' });
  await expect(update).toContainText(CONVERSATION.amberDisplay);
  await expect(update).toContainText('The service answered 200');
  await expect(deletion).toContainText('Re-read: the document is gone');
  await expect(page.getByText('Entries are signed "Ana Admin"')).toBeVisible();

  // Filter by action and by text.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Conversation update' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Conversation update');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await page.getByRole('textbox', { name: 'Filter' }).fill(DOC.installation.id);
  await expect(rows).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Filter' }).fill('');
  await expect(rows).toHaveCount(2);

  // CSV: the project's writer (BOM, CRLF), one line per entry.
  const csv = await downloadOf(page, 'Export CSV');
  expect(csv.suggestedFilename()).toMatch(/^knowledge-console-audit-.*\.csv$/);
  const csvText = await textOf(csv);
  expect(csvText.startsWith('\ufeffat,updated_at,profile,operator,action,target_id')).toBe(true);
  const lines = csvText.trim().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines.find((l) => l.includes('document_deletion'))).toContain('Ana Admin');
  expect(lines.find((l) => l.includes('conversation_update'))).toContain(CONVERSATION.amberDisplay);
  expect(csvText).not.toContain(sandbox.token);

  // JSON: the same entries.
  const json = await downloadOf(page, 'Export JSON');
  expect(json.suggestedFilename()).toMatch(/^knowledge-console-audit-.*\.json$/);
  const jsonText = await textOf(json);
  const exported = JSON.parse(jsonText) as { entries: { action: string; outcome: string; operator?: string }[] };
  expect(exported.entries.map((e) => [e.action, e.outcome, e.operator]).sort()).toEqual([
    ['conversation_update', 'done', 'Ana Admin'],
    ['document_deletion', 'done', 'Ana Admin'],
  ]);
  expect(jsonText).not.toContain(sandbox.token);

  // The request history was read back too: the PUT, marked as from an earlier visit, without its bodies.
  await page.getByRole('tab', { name: 'Requests' }).click();
  const put = page.getByTestId('activity-row').filter({ hasText: putPath }).filter({ hasText: 'PUT' });
  await expect(put).toHaveCount(1);
  await expect(put).toContainText('earlier visit');
  await put.getByRole('button').first().click();
  await expect(page.getByTestId('activity-detail')).toContainText('Bearer ***');
  await expect(page.getByTestId('activity-detail')).not.toContainText(sandbox.token);
  await expect(page.getByTestId('activity-request-body')).toHaveCount(0);
  await expect(page.getByTestId('activity-detail')).toContainText('Not kept from the earlier visit');
});
