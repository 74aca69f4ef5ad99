import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { readCsv } from '../src/lib/csv';
import { test, expect } from './fixtures';
import { RETIRED, retiredDocumentId } from './support/bulk-fixture';
import { LOOKS, lookPreferences, shoot } from './support/looks';
import { deletionBehaviour, PAST_FIRST_CHECK_MS, probeRequests } from './support/probes';
import { SPACE } from './support/demo-ids.mjs';
import { SCREENSHOTS_TAG } from './support/target';

/**
 * "Gone from answers" for a bulk removal, against the real sandbox: the batch probes a sample of its documents (the
 * documented 10 per batch) through the space chosen in the dialog — a control each before the first DELETE, probes
 * once a read confirmed each delete — and ends only once they are settled. The page's clock is Playwright's; the
 * sandbox's purges are held or run with its /__sandbox/deletion-behaviour control.
 */

// The demo data plus a knowledge base of 12 documents to remove: a sample of 10, two rows outside it.
test.use({ bulkDocuments: 12 });

const ALL = Array.from({ length: 12 }, (_, i) => retiredDocumentId(i));
/** The sample spreads evenly over the 12 rows, the first and the last included: rows 3 and 8 are left out. */
const UNSAMPLED = [3, 8].map(retiredDocumentId);

/** The DELETEs and probe completions the page sends, in order. */
function traffic(page: Page) {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'DELETE' && req.url().includes('/document/')) seen.push('delete');
    else if (req.method() === 'POST' && req.url().includes('/v1/spaces/completions/')) seen.push('probe');
  });
  return seen;
}

/** The dialog's labels the steps below use, in the two languages (the screenshots go through both). */
const LABELS = {
  en: {
    open: 'Remove many documents…',
    title: 'Remove many documents',
    ids: 'Document ids',
    check: (n: number) => `Check ${n} ids`,
    space: 'Check answers through space',
    type: (n: number) => `Type ${n} to confirm`,
    submit: (n: number) => `Remove ${n} documents`,
  },
  'zh-CN': {
    open: '批量移除文档…',
    title: '批量移除文档',
    ids: '文档 ID',
    check: (n: number) => `检查 ${n} 个 ID`,
    space: '通过空间检查回答',
    type: (n: number) => `输入 ${n} 以确认`,
    submit: (n: number) => `移除 ${n} 个文档`,
  },
};
type Labels = (typeof LABELS)['en'];

/** Opens the bulk dialog, gives it the ids, checks them, and fills the space (null: left as remembered). */
async function reviewBulk(page: Page, ids: readonly string[], space: string | null, labels: Labels = LABELS.en) {
  await page.goto(`./knowledge/${RETIRED.knowledgeId}`);
  await page.getByRole('button', { name: labels.open }).click();
  const dialog = page.getByRole('dialog', { name: labels.title });
  await dialog.getByLabel(labels.ids).fill(ids.join('\n'));
  await dialog.getByRole('button', { name: labels.check(ids.length) }).click();
  if (space !== null) await dialog.getByLabel(labels.space).fill(space);
  return dialog;
}

async function startBulk(dialog: Locator, count: number, labels: Labels = LABELS.en) {
  await dialog.getByLabel(labels.type(count)).fill(String(count));
  await dialog.getByRole('button', { name: labels.submit(count) }).click();
  await expect(dialog).toBeHidden();
}

const row = (page: Page, id: string) => page.locator(`[data-testid="bulk-row"][data-document-id="${id}"]`);

/** Moves the page's clock on until every listed row's probe column reads `stage`. */
async function probesUntil(page: Page, ids: readonly string[], stage: string) {
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(5_000);
        const stages = await Promise.all(ids.map((id) => row(page, id).getAttribute('data-probe')));
        return stages.every((s) => s === stage) ? stage : stages.join(',');
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(stage);
}

test.describe('gone from answers (bulk removal)', () => {
  test('the sample reaches "not retrieved" only after the purge, the others read "not probed", and the CSV says so', async ({
    page,
    sandbox,
  }) => {
    await page.clock.install();
    const order = traffic(page);
    const probes = probeRequests(page);
    await deletionBehaviour(page, sandbox, { purge_stalled: true });
    const dialog = await reviewBulk(page, ALL, SPACE.support);
    await expect(dialog.getByTestId('bulk-probe-sample')).toHaveText(
      /^10 of 12 documents will be probed, each probe a billed completion/,
    );
    await startBulk(dialog, 12);
    const batch = page.getByTestId('bulk-batch');

    // Ten controls, and only then the DELETEs; each probe searches the knowledge base's dataset.
    await expect.poll(() => order.filter((e) => e === 'delete').length).toBeGreaterThan(0);
    expect(order.slice(0, 10)).toEqual(Array(10).fill('probe'));
    expect(order.indexOf('delete')).toBe(10);
    for (const req of probes.slice(0, 10))
      expect(req.postDataJSON()).toMatchObject({ dataset_id: RETIRED.datasetId, stream: false });

    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(batch.getByTestId('bulk-count-deleted')).toHaveAttribute('data-count', '12', { timeout: 20_000 });
    const sampled = ALL.filter((id) => !UNSAMPLED.includes(id));
    // Deleted by the reads, still in answers while the purge is held: probing, and the batch is not done.
    await probesUntil(page, sampled, 'probing');
    await expect(batch).toHaveAttribute('data-status', 'running');
    for (const id of UNSAMPLED) await expect(row(page, id)).toHaveAttribute('data-probe', 'not_probed');
    await expect(row(page, UNSAMPLED[0]!).getByTestId('bulk-row-probe')).toHaveText('Not probed');

    await deletionBehaviour(page, sandbox, { purge_stalled: false });
    await probesUntil(page, sampled, 'not_retrieved');
    await expect(batch).toHaveAttribute('data-status', 'done');
    await expect(row(page, sampled[0]!).getByTestId('bulk-row-probe')).toHaveText(/^Not retrieved in [2-6] probes$/);
    const summary = batch.getByTestId('bulk-probe-summary');
    await expect(summary).toContainText(`space ${SPACE.support}: 10 of 10 sampled documents settled`);
    expect(Number(await summary.getAttribute('data-tokens'))).toBeGreaterThan(0);
    // Two documents were never probed: no completion names their text.
    const settledProbes = probes.length;

    const download = page.waitForEvent('download');
    await batch.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    const [head, ...lines] = readCsv(csv).rows.map((r) => r.cells);
    expect(head).toEqual(expect.arrayContaining(['probe', 'probe_evidence', 'probe_tokens']));
    const cell = (line: string[], column: string) => line[head!.indexOf(column)];
    const byId = new Map(lines.map((l) => [cell(l, 'document_id')!, l]));
    for (const id of sampled) {
      expect(cell(byId.get(id)!, 'probe')).toBe('not_retrieved');
      expect(cell(byId.get(id)!, 'probe_evidence')).toMatch(/Before the delete.*Probe 1/);
      expect(Number(cell(byId.get(id)!, 'probe_tokens'))).toBeGreaterThan(0);
    }
    for (const id of UNSAMPLED) expect(cell(byId.get(id)!, 'probe')).toBe('not_probed');
    // The report carries the verdicts, never the documents' text (the question is a passage of it).
    expect(csv).not.toContain('kept only until this removal');
    // Settled: no further probe, however long the page stays.
    await page.clock.fastForward(300_000);
    expect(probes.length).toBe(settledProbes);
  });

  test('a stalled purge ends "still in answers" for the sample, and the batch ends with it', async ({
    page,
    sandbox,
  }) => {
    await page.clock.install();
    const probes = probeRequests(page);
    await deletionBehaviour(page, sandbox, { purge_stalled: true });
    const ids = ALL.slice(0, 3);
    await startBulk(await reviewBulk(page, ids, SPACE.support), 3);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await probesUntil(page, ids, 'still_in_answers');
    const batch = page.getByTestId('bulk-batch');
    await expect(batch).toHaveAttribute('data-status', 'done');
    await expect(row(page, ids[0]!).getByTestId('bulk-row-probe')).toHaveText('Still in answers');
    // A control and at most the documented probes per round for each (a restricted probe once per profile).
    expect(probes.length).toBeGreaterThanOrEqual(3 * 3);
    expect(probes.length).toBeLessThanOrEqual(3 * 7 + 1);
    // The space is remembered for this knowledge base: the next bulk removal (and single delete) starts from it.
    const next = await reviewBulk(page, ALL.slice(5, 7), null);
    await expect(next.getByLabel('Check answers through space')).toHaveValue(SPACE.support);
    await expect(next.getByTestId('bulk-probe-sample')).toContainText('2 of 2 documents will be probed');
  });

  test('a reload while probing goes on from the kept runs: no control again, and the verdict after the purge', async ({
    page,
    sandbox,
  }) => {
    await page.clock.install();
    const texts: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/v1/documents/texts/')) texts.push(req.url());
    });
    await deletionBehaviour(page, sandbox, { purge_stalled: true });
    const ids = ALL.slice(0, 3);
    await startBulk(await reviewBulk(page, ids, SPACE.support), 3);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await probesUntil(page, ids, 'probing');
    // Each document's text was read once, for its control before the DELETEs.
    expect(texts).toHaveLength(3);

    await page.reload();
    const probes = probeRequests(page);
    for (const id of ids) await expect(row(page, id)).toHaveAttribute('data-probe', 'probing');
    await deletionBehaviour(page, sandbox, { purge_stalled: false });
    await probesUntil(page, ids, 'not_retrieved');
    await expect(page.getByTestId('bulk-batch')).toHaveAttribute('data-status', 'done');
    // The reloaded page probed on (each probe searching the dataset), read no text and sent no control again.
    expect(probes.length).toBeGreaterThanOrEqual(3);
    expect(texts).toHaveLength(3);
  });

  test('without a space the rows read "answers not checked" and no completion is sent', async ({ page }) => {
    await page.clock.install();
    const probes = probeRequests(page);
    const ids = ALL.slice(0, 3);
    const dialog = await reviewBulk(page, ids, '');
    await expect(dialog.getByTestId('bulk-probe-sample')).toContainText('No space: answers are not checked');
    await startBulk(dialog, 3);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(page.getByTestId('bulk-batch')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    for (const id of ids) await expect(row(page, id)).toHaveAttribute('data-probe', 'answers_not_checked');
    await expect(row(page, ids[0]!).getByTestId('bulk-row-probe')).toHaveText('Answers not checked');
    expect(probes).toHaveLength(0);
  });
});

// The confirm step and the report with probes: light and dark, English and Chinese, at 1280 and 420 px.
const SHOT_LOOKS = LOOKS.flatMap((look) => [1280, 420].map((width) => ({ ...look, width })));
for (const look of SHOT_LOOKS) {
  const name = `${look.locale}-${look.scheme}-${look.width}`;
  test(
    `screenshots of the bulk dialog's probe space and the report's answers: ${name}`,
    {
      tag: SCREENSHOTS_TAG,
    },
    async ({ page, sandbox }) => {
      await page.clock.install();
      await lookPreferences(page, look);
      await page.setViewportSize({ width: look.width, height: 900 });
      await deletionBehaviour(page, sandbox, { purge_stalled: true });
      const dialog = await reviewBulk(page, ALL, SPACE.support, LABELS[look.locale]);
      await dialog.getByTestId('bulk-probe-space').scrollIntoViewIfNeeded();
      await shoot(page, `bulk-probe-confirm-${name}`, { fullPage: false });
      await startBulk(dialog, 12, LABELS[look.locale]);
      await page.clock.fastForward(PAST_FIRST_CHECK_MS);
      const sampled = ALL.filter((id) => !UNSAMPLED.includes(id));
      await probesUntil(page, sampled, 'probing');
      await deletionBehaviour(page, sandbox, { purge_stalled: false });
      await probesUntil(page, sampled, 'not_retrieved');
      await page.getByTestId('bulk-report-scroller').scrollIntoViewIfNeeded();
      await shoot(page, `bulk-probe-report-${name}`, { fullPage: false });
    },
  );
}
