import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { RETIRED, retiredDocumentId } from './support/bulk-fixture';
import { openKnowledge } from './support/knowledge';
import { SPACE } from './support/demo-ids.mjs';

/** Past the first confirming read (about 3 s after a DELETE's 200). */
const PAST_FIRST_CHECK_MS = 4_000;

// The demo data plus a knowledge base of 12 documents (the worker sandbox of ./fixtures).
test.use({ bulkDocuments: 12 });

/** One quick case of the demo data. */
const SUITE = {
  name: 'Unsaved run',
  space_id: SPACE.support,
  cases: [
    {
      id: 'plus-price',
      question: 'How much does Beacon Plus cost per month?',
      expect: { contains: ['$4.99 per month'] },
    },
  ],
};

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => retiredDocumentId(from + i));

/** Every DELETE of a document the page sends, by document id. */
function watchDeletes(page: Page) {
  const sent = new Map<string, number>();
  page.on('request', (req) => {
    const m = /\/v1\/knowledge\/\d+\/document\/(\d+)$/.exec(req.url());
    if (req.method() === 'DELETE' && m) sent.set(m[1]!, (sent.get(m[1]!) ?? 0) + 1);
  });
  return sent;
}

/**
 * IndexedDB writes fail as on a full disk: every put/add after the first `window.kcWritesLeft` throws a
 * QuotaExceededError (as the browser's own does); the test changes the allowance with page.evaluate.
 */
async function failWritesAfter(page: Page, allowed: number) {
  await page.addInitScript((first) => {
    const w = window as unknown as { kcWritesLeft: number };
    w.kcWritesLeft = first;
    for (const method of ['put', 'add'] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<typeof original>) {
        if (w.kcWritesLeft <= 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        w.kcWritesLeft--;
        return original.apply(this, args);
      };
    }
  }, allowed);
}

/** Submits a bulk removal of `docs` (all in RETIRED) up to the confirmation; returns the dialog. */
async function submitBatch(page: Page, docs: string[]): Promise<Locator> {
  await page.getByRole('button', { name: 'Remove many documents…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
  await dialog.getByLabel('Document ids').fill(docs.join('\n'));
  await dialog.getByLabel('Check first').uncheck();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel(`Type ${docs.length} to confirm`).fill(String(docs.length));
  await dialog.getByRole('button', { name: `Remove ${docs.length} documents` }).click();
  return dialog;
}

const count = (batch: Locator, phase: string) => batch.getByTestId(`bulk-count-${phase}`);

test.describe('storage faults', () => {
  test('IndexedDB full: a 6-document batch sends no DELETE and says why; "Run without saving" then sends each once', async ({
    page,
  }) => {
    await failWritesAfter(page, 0);
    const deletes = watchDeletes(page);
    await page.clock.install();
    await openKnowledge(page, RETIRED.knowledgeId);
    const docs = ids(0, 6);
    const dialog = await submitBatch(page, docs);

    const failed = dialog.getByTestId('bulk-save-failed');
    await expect(failed).toContainText('Nothing was sent: the batch could not be saved in this browser');
    await expect(failed).toContainText('The browser storage for this site is full.');
    await expect(failed).toHaveAttribute('data-kind', 'quota');
    expect(deletes.size).toBe(0);
    await expect(page.getByTestId('bulk-batch')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Run without saving — it will not survive a reload' }).click();
    await expect(dialog).toBeHidden();
    const batch = page.getByTestId('bulk-batch');
    await expect(batch.getByTestId('bulk-unsaved')).toHaveText('Not saved — will not survive a reload');
    await expect.poll(() => deletes.size).toBe(6);
    await expect(count(batch, 'requesting')).toHaveAttribute('data-count', '0');
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(count(batch, 'deleted')).toHaveAttribute('data-count', '6');
    expect(docs.map((id) => deletes.get(id))).toEqual([1, 1, 1, 1, 1, 1]);
  });

  test('a write-ahead save that fails pauses the batch before any DELETE, says why, and "Try again" goes on once it can', async ({
    page,
  }) => {
    // The batch itself is saved; the reservation before its first DELETEs is not.
    await failWritesAfter(page, 1);
    const deletes = watchDeletes(page);
    await page.clock.install();
    await openKnowledge(page, RETIRED.knowledgeId);
    const docs = ids(6, 6);
    await expect(await submitBatch(page, docs)).toBeHidden();

    const batch = page.getByTestId('bulk-batch');
    const problem = batch.getByTestId('bulk-storage-problem');
    await expect(problem).toContainText('Paused: the batch could not be saved, so nothing more is sent');
    await expect(problem).toContainText('The browser storage for this site is full.');
    await expect(batch).toHaveAttribute('data-status', 'paused');
    await expect(count(batch, 'waiting')).toHaveAttribute('data-count', '6');
    expect(deletes.size).toBe(0);

    // Still full: trying again changes nothing.
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(batch).toHaveAttribute('data-status', 'paused');
    await expect(problem).toBeVisible();
    expect(deletes.size).toBe(0);

    // Space freed: it goes on, saved as before.
    await page.evaluate(() => ((window as unknown as { kcWritesLeft: number }).kcWritesLeft = 1_000));
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(batch.getByTestId('bulk-storage-problem')).toHaveCount(0);
    await expect.poll(() => deletes.size).toBe(6);
    await expect(count(batch, 'requesting')).toHaveAttribute('data-count', '0');
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(count(batch, 'deleted')).toHaveAttribute('data-count', '6');
    await expect(batch.getByTestId('bulk-unsaved')).toHaveCount(0);
    expect(docs.map((id) => deletes.get(id))).toEqual([1, 1, 1, 1, 1, 1]);
  });

  test('another tab opening the database at a higher version is not blocked: the console lets go, and keeps its batches', async ({
    page,
  }) => {
    await page.clock.install();
    await openKnowledge(page, RETIRED.knowledgeId);
    const first = ids(0, 2);
    await expect(await submitBatch(page, first)).toBeHidden();
    const batch = page.getByTestId('bulk-batch');
    await expect(count(batch, 'requesting')).toHaveAttribute('data-count', '0');
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(batch).toHaveAttribute('data-status', 'done');

    // A second tab of the same browser (a newer build) asks for version 99, then gives its upgrade up: it reaches the
    // upgrade only once every older connection has closed. An older tab that kept its connection would block it.
    const second = await page.context().newPage();
    await second.goto('./favicon.png');
    const upgrade = await second.evaluate(
      () =>
        new Promise<{ blocked: boolean; upgraded: boolean }>((done) => {
          let blocked = false;
          const request = indexedDB.open('knowledge-console', 99);
          request.onblocked = () => (blocked = true);
          request.onupgradeneeded = () => {
            request.transaction!.abort();
            done({ blocked, upgraded: true });
          };
          request.onsuccess = () => done({ blocked, upgraded: false });
          // Not a wait for the console: an answer for the test when the request stays blocked.
          setTimeout(() => done({ blocked, upgraded: false }), 10_000);
        }),
    );
    expect(upgrade).toEqual({ blocked: false, upgraded: true });
    await second.close();

    // The console reopens its database when it next needs it: a new batch is saved and runs.
    const next = ids(2, 2);
    await expect(await submitBatch(page, next)).toBeHidden();
    const newest = page.getByTestId('bulk-batch').first();
    await expect(newest.getByTestId('bulk-unsaved')).toHaveCount(0);
    await expect(count(newest, 'requesting')).toHaveAttribute('data-count', '0');
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(newest).toHaveAttribute('data-status', 'done');
    // Both were kept: after a reload they are read back.
    await page.reload();
    await expect(page.getByTestId('bulk-batch')).toHaveCount(2, { timeout: 30_000 });
  });

  test('a suite run that cannot be saved runs all the same, shows its results in this tab and says it was not saved', async ({
    page,
  }) => {
    // The suite is saved; its run is not.
    await failWritesAfter(page, 1);
    await page.goto('./suites');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import JSON, CSV or YAML' }).click();
    await (
      await chooser
    ).setFiles({ name: 'one.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(SUITE)) });
    await expect(page.getByRole('heading', { level: 1, name: SUITE.name })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page).toHaveURL(/\/runs\/run-/, { timeout: 30_000 });
    await expect(page.getByTestId('run-summary')).toContainText('done', { timeout: 30_000 });
    const notSaved = page.getByTestId('run-not-saved');
    await expect(notSaved).toContainText('This run could not be saved in this browser');
    await expect(notSaved).toContainText('The browser storage for this site is full.');
    await expect(page.getByTestId('pass-rate')).toHaveText('100%');
    // Listed with the suite's runs (from this tab's memory), marked as not saved.
    await page.getByRole('link', { name: `← ${SUITE.name}` }).click();
    await expect(page.getByTestId('run-row')).toHaveCount(1);
    await expect(page.getByTestId('run-row')).toContainText('not saved');
  });

  test('a failed read of the saved suites shows why with a retry, and records that no longer parse are counted', async ({
    page,
  }) => {
    // Reads by index fail while the test says so (sessionStorage: it holds across the reload).
    await page.addInitScript(() => {
      const original = IDBIndex.prototype.getAll;
      IDBIndex.prototype.getAll = function (this: IDBIndex, ...args: Parameters<typeof original>) {
        if (sessionStorage.getItem('kcFailReads') === '1')
          throw new DOMException('The operation failed for reasons unrelated to the database itself.', 'UnknownError');
        return original.apply(this, args);
      };
    });
    await page.goto('./suites');
    await expect(page.getByText('No suites yet')).toBeVisible({ timeout: 30_000 });
    // A suite written by another build, which this one cannot read.
    await page.evaluate(
      () =>
        new Promise<void>((done, reject) => {
          const request = indexedDB.open('knowledge-console');
          request.onsuccess = () => {
            const db = request.result;
            const tx = db.transaction('suites', 'readwrite');
            tx.objectStore('suites').put({
              id: 'odd',
              profileId: 'sandbox',
              file: { cases: 'x' },
              createdAt: 1,
              updatedAt: 1,
            });
            tx.oncomplete = () => (db.close(), done());
            tx.onerror = () => reject(tx.error);
          };
          request.onerror = () => reject(request.error);
          sessionStorage.setItem('kcFailReads', '1');
        }),
    );
    await page.reload();
    const error = page.getByTestId('error-state');
    await expect(error).toContainText('The browser storage failed.', { timeout: 30_000 });
    await expect(page.getByText('No suites yet')).toHaveCount(0);
    await page.evaluate(() => sessionStorage.removeItem('kcFailReads'));
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('unreadable-records')).toContainText(
      '1 saved record could not be read (written by another version of the console)',
    );
    await expect(page.getByText('No suites yet')).toHaveCount(0);
  });
});
