import { closeSync, ftruncateSync, openSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { configFor, expect, serveConfig, test } from './fixtures';
import { RETIRED, retiredDocumentId, retiredDocumentName, writeBulkFixture } from './support/bulk-fixture';
import { deleteDocument, deletionItem, openKnowledge } from './support/knowledge';
import { startSandbox } from './support/sandbox';
import { DOC, KB } from './support/demo-ids.mjs';

/** Past the 30 s lock window plus the 5 s grace, so a check concludes and a held document is re-sent. */
const PAST_LOCK_WINDOW_MS = 36_000;
/** Past the first check (about 3 s after the 200). */
const PAST_FIRST_CHECK_MS = 4_000;

// The demo data plus a knowledge base of 27 documents (the worker sandbox of ./fixtures).
test.use({ bulkDocuments: 27 });

const HELD = retiredDocumentId(5);
const FOREIGN = DOC.installation.id; // in the handbook, not in RETIRED
const UNKNOWN = ['841506279999998', '841506279999999'];
const PLAIN = Array.from({ length: 27 }, (_, i) => retiredDocumentId(i)).filter((id) => id !== HELD);
/** 30 ids: the 27 of the knowledge base (one of them held), one of another knowledge base, two unknown. */
const IDS = [
  ...PLAIN.slice(0, 10),
  UNKNOWN[0]!,
  HELD,
  ...PLAIN.slice(10, 20),
  FOREIGN,
  ...PLAIN.slice(20),
  UNKNOWN[1]!,
];

/** Every DELETE of a document the page sends, by document id. */
function watchDeletes(page: Page) {
  const sent = new Map<string, number>();
  page.on('request', (req) => {
    const m = /\/v1\/knowledge\/\d+\/document\/(\d+)$/.exec(req.url());
    if (req.method() === 'DELETE' && m) sent.set(m[1]!, (sent.get(m[1]!) ?? 0) + 1);
  });
  return sent;
}

const count = (batch: Locator, phase: string) => batch.getByTestId(`bulk-count-${phase}`);

test.describe('bulk removal', () => {
  test('30 ids: 27 deleted (one after its lock is released), one refused, two left out; survives a reload; CSV; a second tab only watches', async ({
    page,
    sandbox,
  }) => {
    await sandbox.holdLock(HELD, 120_000);
    const deletes = watchDeletes(page);
    await page.clock.install();
    await openKnowledge(page, RETIRED.knowledgeId);
    await expect(page.getByTestId('total-files')).toHaveText('27');

    await page.getByRole('button', { name: 'Remove many documents…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
    await dialog.getByLabel('Document ids').fill(IDS.join('\n'));
    await expect(dialog.getByTestId('bulk-parse-summary')).toContainText('Ids to remove: 30');
    await dialog.getByRole('button', { name: 'Check 30 ids' }).click();
    await expect(dialog.getByTestId('bulk-check-summary')).toHaveText(
      "28 exist but can't be checked against this knowledge base, 2 unknown",
    );
    await expect(dialog.locator('[data-testid="bulk-lookup"][data-status="unknown"]')).toHaveCount(2);
    await expect(dialog.getByTestId('bulk-lookups')).toContainText(retiredDocumentName(0));
    await dialog.getByLabel('Type 28 to confirm').fill('28');
    await dialog.getByRole('button', { name: 'Remove 28 documents' }).click();
    await expect(dialog).toBeHidden();

    const batch = page.getByTestId('bulk-batch');
    await expect(batch).toHaveAttribute('data-status', 'running');
    await expect(count(batch, 'left_out')).toHaveAttribute('data-count', '2');
    // Midway: everything has been sent and answered (the held one after the sandbox's 1.5 s lock wait), the
    // held one is pending. Reload here. (28 requests, four at a time, on a shared machine: allow for it.)
    await expect(count(batch, 'waiting')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
    await expect(count(batch, 'requesting')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
    await expect(count(batch, 'failed')).toHaveAttribute('data-count', '1');
    expect(deletes.get(HELD)).toBe(1);
    await page.reload();
    const again = page.getByTestId('bulk-batch');
    // A reload on a busy shared machine can take a while: the page, its chunk, the knowledge base, the batch.
    await expect(again).toHaveAttribute('data-runs-here', 'true', { timeout: 30_000 });
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(count(again, 'deleted')).toHaveAttribute('data-count', '26');
    await expect(count(again, 'pending')).toHaveAttribute('data-count', '1');

    // A second tab of the same browser shows the same batch, live, and runs nothing.
    const second = await page.context().newPage();
    await serveConfig(second, configFor(sandbox));
    const secondDeletes = watchDeletes(second);
    await openKnowledge(second, RETIRED.knowledgeId);
    const mirrored = second.getByTestId('bulk-batch');
    await expect(mirrored.getByTestId('bulk-elsewhere')).toHaveText('Running in another tab', { timeout: 30_000 });
    await expect(mirrored).toHaveAttribute('data-runs-here', 'false');
    await expect(count(mirrored, 'deleted')).toHaveAttribute('data-count', '26');

    // Past the lock window the held document is still there: re-issued, then deleted once the lock is released.
    await page.clock.fastForward(PAST_LOCK_WINDOW_MS);
    await expect.poll(() => deletes.get(HELD)).toBe(2);
    await sandbox.releaseLock(HELD);
    await expect(count(again, 'requesting')).toHaveAttribute('data-count', '0');
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(count(again, 'deleted')).toHaveAttribute('data-count', '27');
    await expect(again).toHaveAttribute('data-status', 'done');
    await expect(count(mirrored, 'deleted')).toHaveAttribute('data-count', '27');
    await expect(mirrored).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('total-files')).toHaveText('0');

    // One DELETE per document, two for the held one, none for the unknown ids, none from the second tab.
    expect(PLAIN.filter((id) => deletes.get(id) !== 1)).toEqual([]);
    expect(deletes.get(HELD)).toBe(2);
    expect(deletes.get(FOREIGN)).toBe(1);
    expect(UNKNOWN.map((id) => deletes.get(id) ?? 0)).toEqual([0, 0]);
    expect(secondDeletes.size).toBe(0);

    // The refused one, with the service's own words.
    await again
      .getByTestId('bulk-filters')
      .getByRole('button', { name: /^Failed/ })
      .click();
    const failedRow = again.locator(`[data-testid="bulk-row"][data-document-id="${FOREIGN}"]`);
    await expect(failedRow).toHaveAttribute('data-outcome', 'failed');
    await expect(failedRow).toContainText(
      `document ${FOREIGN} does not belong to knowledge base ${RETIRED.knowledgeId}`,
    );

    // The CSV: one line per id, each with the knowledge base, the profile name and the times; no token.
    const download = page.waitForEvent('download');
    await again.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv).not.toContain(sandbox.token);
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    // Led by a UTF-8 BOM, so Excel reads the file as UTF-8.
    expect(header).toBe(
      '\ufeffknowledge_id,knowledge_name,profile,batch_started_at,batch_ended_at,document_id,name,outcome,attempts,confirmed_by,outcome_at,message,probe,probe_evidence,probe_tokens',
    );
    const rows = lines.map((l) => l.split(','));
    expect(rows.map((r) => r[5])).toEqual(IDS);
    expect(rows.every((r) => r[0] === RETIRED.knowledgeId && r[1] === RETIRED.name && r[2] === 'Local sandbox')).toBe(
      true,
    );
    expect(rows.every((r) => /^\d{4}-\d\d-\d\dT/.test(r[3]!) && /^\d{4}-\d\d-\d\dT/.test(r[4]!))).toBe(true);
    const byId = new Map(rows.map((r) => [r[5], r]));
    expect(PLAIN.every((id) => byId.get(id)![7] === 'deleted' && byId.get(id)![9] === 'base_info')).toBe(true);
    expect(byId.get(HELD)!.slice(6, 10)).toEqual([retiredDocumentName(5), 'deleted', '2', 'base_info']);
    expect(byId.get(FOREIGN)!.slice(7, 9)).toEqual(['failed', '1']);
    expect(byId.get(FOREIGN)![11]).toContain('does not belong to knowledge base');
    expect(UNKNOWN.map((id) => byId.get(id)!.slice(7, 9))).toEqual([
      ['left_out', '0'],
      ['left_out', '0'],
    ]);
    await second.close();
  });

  test('an 80 MB file and oversized pasted text are refused unread, the page stays responsive; a CSV file: header skipped, duplicates merged, refusals listed with their reason', async ({
    page,
  }, testInfo) => {
    await openKnowledge(page, KB.handbook);
    await page.getByRole('button', { name: 'Remove many documents…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
    const ids = dialog.getByLabel('Document ids');
    await ids.fill(DOC.wifi.id);
    // An 80 MB id file (sparse: made at once) is refused by its size; the textarea keeps what it had.
    const huge = testInfo.outputPath('huge-ids.txt');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 80 * 1024 * 1024);
    closeSync(fd);
    await dialog.locator('input[type="file"]').setInputFiles(huge);
    await expect(dialog.getByRole('alert')).toHaveText(
      'huge-ids.txt is 80.0 MB: id files over 2.0 MB are refused without being read (5,000 ids take far less). Split the file.',
    );
    await expect(ids).toHaveValue(DOC.wifi.id);
    await ids.pressSequentially(`\n${DOC.battery.id}`);
    await expect(ids).toHaveValue(`${DOC.wifi.id}\n${DOC.battery.id}`);
    await expect(dialog.getByTestId('bulk-parse-summary')).toContainText('Ids to remove: 2');
    // Pasted text over the cap: a message, nothing added.
    await ids.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', '1234567890\n'.repeat(300_000));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      'The pasted text is 3.1 MB: at most 2.0 MB can be pasted, so it was not added.',
    );
    await expect(ids).toHaveValue(`${DOC.wifi.id}\n${DOC.battery.id}`);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'audit.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `document_id,name\n${DOC.wifi.id},wifi\n${DOC.battery.id},battery\n${DOC.wifi.id},again\nDOC-7,x\n`,
      ),
    });
    await expect(dialog.getByTestId('bulk-file-name')).toHaveText('audit.csv: first column of each row');
    const summary = dialog.getByTestId('bulk-parse-summary');
    await expect(summary).toContainText('Ids to remove: 2');
    await expect(summary).toContainText('duplicates merged: 1 · header row “document_id,name” skipped');
    await expect(dialog.getByTestId('bulk-refused')).toContainText('DOC-7 — line 5: not an id (ids are digits only)');
    await dialog.getByRole('button', { name: 'Check 2 ids' }).click();
    await expect(dialog.getByTestId('bulk-check-summary')).toHaveText(
      "2 exist but can't be checked against this knowledge base, 0 unknown",
    );
    // The confirmation must name the exact number.
    const submit = dialog.getByRole('button', { name: 'Remove 2 documents' });
    await dialog.getByLabel('Type 2 to confirm').fill('3');
    await expect(submit).toBeDisabled();
    // Back to the ids: focus goes to them (the Back button went away with its step).
    await dialog.getByRole('button', { name: 'Back to the ids' }).click();
    await expect(ids).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('bulk-batch')).toHaveCount(0);
  });
});

test.describe('bulk removal, what the admin sees', () => {
  test('the check counts an existing document apart from "found", keeps the refused ids, takes focus; the started panel is in view and focused; the notification clears the header; the report scrolls at 420 px', async ({
    page,
  }) => {
    // A sandbox of its own: six documents of RETIRED; the demo's documents are in other knowledge bases.
    const own = await startSandbox([
      '--fixture',
      writeBulkFixture(6, test.info().outputPath('bulk-fixture.json')),
      '--lock-wait-ms',
      '1500',
      '--purge-delay-ms',
      '1500',
    ]);
    try {
      await serveConfig(page, configFor(own));
      await page.setViewportSize({ width: 1280, height: 900 });
      const ids = Array.from({ length: 4 }, (_, i) => retiredDocumentId(i));
      await openKnowledge(page, RETIRED.knowledgeId);
      await page.getByRole('button', { name: 'Remove many documents…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
      await dialog.getByLabel('Document ids').fill([...ids, FOREIGN, UNKNOWN[0]!, 'DOC-7', ids[0]!].join('\n'));
      await dialog.getByRole('button', { name: 'Check 6 ids' }).click();
      // Focus follows the pressed button's step to the check's result.
      const result = dialog.getByTestId('bulk-check-result');
      await expect(result).toBeFocused();
      // The base info does not name a knowledge base: an existing document is not "found" in this one.
      await expect(dialog.getByTestId('bulk-check-summary')).toHaveText(
        "5 exist but can't be checked against this knowledge base, 1 unknown",
      );
      await expect(result).toContainText('does not say which knowledge base it is in');
      await expect(dialog.locator(`[data-testid="bulk-lookup"][data-status="exists"]`)).toHaveCount(5);
      // The refused id is still listed after the check.
      await expect(dialog.getByTestId('bulk-refused')).toContainText('DOC-7 — line 7: not an id (ids are digits only)');

      await dialog.getByLabel('Type 5 to confirm').fill('5');
      await dialog.getByRole('button', { name: 'Remove 5 documents' }).click();
      await expect(dialog).toBeHidden();
      const batch = page.getByTestId('bulk-batch');
      await expect(batch).toBeFocused();
      await expect(batch).toBeInViewport();

      // The end-of-batch notification leaves the header's controls uncovered.
      const note = page.locator('.mantine-Notification-root').filter({ hasText: RETIRED.name });
      await expect(note).toBeVisible({ timeout: 30_000 });
      await expect(batch).toHaveAttribute('data-status', 'done');
      const header = page.locator('header');
      const controls = [
        header.getByTestId('profile-status'),
        header.getByLabel('Connection profile'),
        header.getByRole('button', { name: 'Switch to dark theme' }),
        header.getByLabel('Language'),
      ];
      const box = (await note.boundingBox())!;
      for (const c of controls) {
        const b = (await c.boundingBox())!;
        expect(b, `${c} is on the page`).not.toBeNull();
        const overlaps =
          box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height;
        expect(overlaps, `the notification covers ${c}`).toBe(false);
      }

      // At 420 px the report's last column scrolls into view, its outcome badges are whole.
      await page.setViewportSize({ width: 420, height: 900 });
      const scroller = batch.getByTestId('bulk-report-scroller');
      // Columns hidden to the right are said to be there, and the cue goes once they are scrolled to.
      const cue = batch.getByTestId('bulk-report-scroll-cue');
      await expect(cue).toBeVisible();
      const last = scroller.getByRole('columnheader').last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport({ ratio: 1 });
      const badge = scroller
        .locator('[data-testid="bulk-row"][data-outcome="deleted"]')
        .first()
        .locator('.mantine-Badge-label');
      expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expect(cue).toBeHidden();
    } finally {
      await own.stop();
    }
  });
});

test.describe('deletions across tabs', () => {
  test('a single deletion started in one tab shows its live state in another, which sends nothing', async ({
    page,
    sandbox,
  }) => {
    await sandbox.holdLock(DOC.wifi.id, 120_000);
    await page.clock.install();
    await openKnowledge(page, KB.handbook);
    const second = await page.context().newPage();
    await serveConfig(second, configFor(sandbox));
    const secondDeletes = watchDeletes(second);
    await openKnowledge(second, KB.handbook);

    await deleteDocument(page, DOC.wifi.id, DOC.wifi.name);
    const mirrored = deletionItem(second, DOC.wifi.id);
    await expect(mirrored).toHaveAttribute('data-state', 'pending', { timeout: 30_000 });
    await expect(second.getByTestId('pending-deletions-indicator')).toHaveText('1');

    // Still there past the lock window: the first tab re-issues it; the lock is free by then.
    await sandbox.releaseLock(DOC.wifi.id);
    await page.clock.fastForward(PAST_LOCK_WINDOW_MS);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(deletionItem(page, DOC.wifi.id)).toHaveAttribute('data-state', 'deleted');
    await expect(mirrored).toHaveAttribute('data-state', 'deleted');
    expect(secondDeletes.size).toBe(0);
    await second.close();
  });
});

test.describe('a bulk removal through a network cut', () => {
  test('20 documents, offline for a while mid-batch: it holds, resumes by itself, every document is deleted with one DELETE', async ({
    page,
    context,
  }) => {
    // A sandbox of its own: 20 documents, and a lock wait long enough to keep DELETEs on their way while the network goes.
    const slow = await startSandbox([
      '--fixture',
      writeBulkFixture(20, test.info().outputPath('bulk-fixture.json')),
      '--lock-wait-ms',
      '8000',
      '--purge-delay-ms',
      '1500',
    ]);
    try {
      const ids = Array.from({ length: 20 }, (_, i) => retiredDocumentId(i));
      // The second block of four waits for its locks: in flight, on the service, when the network goes.
      const held = ids.slice(4, 8);
      for (const id of held) await slow.holdLock(id, 120_000);
      // Two of them reach the service and act, and their answers are lost on the way back: a gateway's 504 for
      // one, a dropped connection for the other.
      const lost = { [held[0]!]: 'gateway', [held[1]!]: 'dropped' } as Record<string, string>;
      await page.route(/\/v1\/knowledge\/\d+\/document\/\d+$/, async (route) => {
        const how = lost[route.request().url().split('/').pop()!];
        if (route.request().method() !== 'DELETE' || !how) return route.fallback();
        await route.fetch();
        if (how === 'dropped') return route.abort('internetdisconnected');
        return route.fulfill({ status: 504, contentType: 'text/html', body: '<h1>504 Gateway Time-out</h1>' });
      });
      await serveConfig(page, configFor(slow));
      await openKnowledge(page, RETIRED.knowledgeId);
      await expect(page.getByTestId('total-files')).toHaveText('20');
      await page.getByRole('button', { name: 'Remove many documents…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
      await dialog.getByLabel('Document ids').fill(ids.join('\n'));
      await dialog.getByRole('button', { name: 'Check 20 ids' }).click();
      await expect(dialog.getByTestId('bulk-check-summary')).toHaveText(
        "20 exist but can't be checked against this knowledge base, 0 unknown",
      );
      await dialog.getByLabel('Requests at once').fill('4');
      await dialog.getByLabel('Type 20 to confirm').fill('20');
      await dialog.getByRole('button', { name: 'Remove 20 documents' }).click();
      await expect(dialog).toBeHidden();

      const batch = page.getByTestId('bulk-batch');
      // Eight DELETEs have reached the service: four answered, four waiting for their locks.
      await expect.poll(async () => Object.keys(await slow.deleteCalls()).length, { timeout: 30_000 }).toBe(8);
      await expect(count(batch, 'requesting')).toHaveAttribute('data-count', '4');

      await context.setOffline(true);
      const hold = batch.getByTestId('bulk-hold');
      await expect(hold).toHaveAttribute('data-reason', 'offline');
      await expect(hold).toContainText('the browser is offline');

      // The service finishes what it was sent while the page is offline (their answers cannot come back).
      for (const id of held) await slow.releaseLock(id);
      for (const id of held) await expect.poll(() => baseInfoStatus(slow, id)).toBe(404);
      // The two whose answers were lost are unknown, not failed: reads settle them once the network is back.
      await expect(count(batch, 'unknown')).toHaveAttribute('data-count', '2');
      const gatewayRow = batch.locator(`[data-testid="bulk-row"][data-document-id="${held[0]}"]`);
      await expect(gatewayRow).toHaveAttribute('data-outcome', 'unknown');
      // Offline all this while: nothing more was sent, and no row has failed.
      expect(Object.keys(await slow.deleteCalls())).toHaveLength(8);
      await expect(count(batch, 'failed')).toHaveAttribute('data-count', '0');
      await expect(batch).toHaveAttribute('data-status', 'running');

      await context.setOffline(false);
      await expect(hold).toHaveCount(0);
      await expect(batch).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
      await expect(count(batch, 'deleted')).toHaveAttribute('data-count', '20');
      await expect(count(batch, 'failed')).toHaveAttribute('data-count', '0');
      await expect(page.getByTestId('total-files')).toHaveText('0');
      await expect(gatewayRow).toHaveAttribute('data-outcome', 'deleted');
      // Counted at the sandbox: exactly one DELETE per document (no lock was held past the window).
      const calls = await slow.deleteCalls();
      expect(ids.map((id) => calls[id] ?? 0)).toEqual(ids.map(() => 1));
    } finally {
      await slow.stop();
    }
  });
});

test.describe('a bulk removal told to wait', () => {
  test('a 429 holds it until its Retry-After, a refused token stops it until Resume; the panel says why and when', async ({
    page,
    sandbox,
  }) => {
    const ids = Array.from({ length: 4 }, (_, i) => retiredDocumentId(i));
    // A rate limiter and then a token check in front of the service: the first DELETE is told to wait 2 s; sent
    // again, it is refused for its token. Neither reaches the sandbox; everything after goes through.
    const answers: { status: number; headers: Record<string, string>; json: unknown }[] = [
      { status: 429, headers: { 'retry-after': '2' }, json: { code: 429, message: 'too many requests' } },
      { status: 401, headers: {}, json: { code: 401, message: 'invalid token' } },
    ];
    await page.route(/\/v1\/knowledge\/\d+\/document\/\d+$/, async (route) => {
      const answer = route.request().method() === 'DELETE' ? answers.shift() : undefined;
      if (!answer) return route.fallback();
      return route.fulfill({
        status: answer.status,
        json: answer.json,
        headers: {
          ...answer.headers,
          'access-control-allow-origin': '*',
          'access-control-expose-headers': 'retry-after',
        },
      });
    });
    await openKnowledge(page, RETIRED.knowledgeId);
    await page.getByRole('button', { name: 'Remove many documents…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
    await dialog.getByLabel('Document ids').fill(ids.join('\n'));
    await dialog.getByRole('button', { name: 'Check 4 ids' }).click();
    await expect(dialog.getByTestId('bulk-check-summary')).toHaveText(
      "4 exist but can't be checked against this knowledge base, 0 unknown",
    );
    await dialog.getByLabel('Requests at once').fill('1');
    await dialog.getByLabel('Type 4 to confirm').fill('4');
    await dialog.getByRole('button', { name: 'Remove 4 documents' }).click();

    const batch = page.getByTestId('bulk-batch');
    const hold = batch.getByTestId('bulk-hold');
    await expect(hold).toHaveAttribute('data-reason', 'rate_limited');
    await expect(hold).toContainText(/asked to slow down \(HTTP 429\)\. Resumes at \d/);
    // About 2 s later it goes on by itself; that DELETE is refused for its token: it stops and says so.
    await expect(hold).toHaveAttribute('data-reason', 'token_rejected');
    await expect(hold).toContainText(
      'the service refused the token (HTTP 401). Fix the token in Settings, then Resume.',
    );
    await expect(batch).toHaveAttribute('data-status', 'paused');
    await expect(count(batch, 'failed')).toHaveAttribute('data-count', '0');
    // Nothing else was sent meanwhile: nothing has reached the sandbox.
    expect(await sandbox.deleteCalls()).toEqual({});

    await batch.getByRole('button', { name: 'Resume' }).click();
    await expect(hold).toHaveCount(0);
    await expect(batch).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(count(batch, 'deleted')).toHaveAttribute('data-count', '4');
    await expect(count(batch, 'failed')).toHaveAttribute('data-count', '0');
    const calls = await sandbox.deleteCalls();
    expect(ids.map((id) => calls[id] ?? 0)).toEqual([1, 1, 1, 1]);
  });
});

/** What the document's base info answers, asked from here (not through the page, which is offline). */
async function baseInfoStatus(sandbox: Awaited<ReturnType<typeof startSandbox>>, documentId: string) {
  const res = await fetch(`${sandbox.baseUrl}/v1/documents/query-base`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ document_id: documentId }),
  });
  return res.status;
}
