import { afterEach, describe, expect, it } from 'vitest';
import { memoryBehaviourStore, probeTiming, type ProbeAnswer } from '../probe';
import { createTestService } from '../test-support/bulk-service';
import { parseBatch, type Batch } from './batch';
import { newBatch } from './batch-records';
import { reportCsv, reportProbesOf, reportRows } from './report';
import { reportEvidence } from './report-evidence';
import { PROBE_SAMPLE, probeSample } from './probe-sample';
import { createBatchScheduler, type BatchScheduler } from './scheduler';
import type { DeletionTiming } from '../single/machine';
import { until } from '../../lib/test-support/until';

/**
 * A console batch's sample probed for "gone from answers" inside its scheduler (row-probes.ts): controls before any
 * DELETE, probes only after a row's read, each step kept in the row (never the text), the batch ended only once the
 * probes settled, and a scheduler taking over from the saved batch going on without probing twice.
 */
const FAST: DeletionTiming = { firstCheckMs: 10, backoffFactor: 2, lockWindowMs: 60, graceMs: 10, maxAttempts: 3 };
const TIMING = probeTiming({ minGapMs: 20, windowMs: 1_000 });
const ids = (n: number) => Array.from({ length: n }, (_, i) => String(700 + i));
const textOf = (id: string) =>
  `Document ${id} says the retired warranty policy covered repairs for three years. Claims after the change are refused by the service desk, whatever the receipt says.`;

const running: BatchScheduler[] = [];
afterEach(() => running.splice(0).forEach((s) => s.dispose()));

/**
 * The service's answers: a document's piece comes back while it is `inAnswers` (until its purge, after the DELETE,
 * or never while `stalled`); every event (control, probe, DELETE) is logged in order.
 */
function answers(svc: ReturnType<typeof createTestService>) {
  const log: string[] = [];
  const purged = new Set<string>();
  const s = { stalled: false, log, purged, reads: 0 };
  const send = async (_t: { spaceId: string }, req: { question: string; datasetId?: string }): Promise<ProbeAnswer> => {
    const id = /Document (\d+)/.exec(req.question)?.[1] ?? '';
    log.push(`probe ${id}`);
    await new Promise((r) => setTimeout(r, 1));
    return purged.has(id) && !s.stalled
      ? { ok: true, chunks: [], tokens: 3 }
      : { ok: true, chunks: [{ document_id: id, content: textOf(id) }], tokens: 7 };
  };
  const readText = async (id: string) => {
    s.reads++;
    return [textOf(id)];
  };
  const io = {
    ...svc.io,
    send: async (d: Parameters<typeof svc.io.send>[0]) => {
      log.push(`delete ${d.documentId}`);
      return svc.io.send(d);
    },
  };
  return { s, send, readText, io };
}

function run(batch: Batch, a: ReturnType<typeof answers>) {
  const saved: { batch?: Batch } = {};
  const scheduler = createBatchScheduler(batch, {
    io: a.io,
    timing: FAST,
    network: null,
    save: async (b) => {
      saved.batch = structuredClone(b);
    },
    probes: async () => ({
      io: () => ({ send: a.send, readText: a.readText }),
      behaviour: memoryBehaviourStore(),
      timing: TIMING,
    }),
  });
  running.push(scheduler);
  scheduler.start();
  return { scheduler, saved };
}

const init = (docs: string[], probeSampleSize?: number) =>
  newBatch(
    {
      profileId: 'p',
      profileName: 'P',
      knowledgeId: 'k',
      concurrency: 4,
      rows: docs.map((documentId) => ({ documentId })),
      probeTarget: { spaceId: '101', datasetId: 'ds' },
      probeSampleSize,
    },
    1_000,
    false,
    probeSample,
  );

describe("a console batch's probe sample", () => {
  it('is the documented default, spread over the rows sent, and none without a space', () => {
    const docs = ids(40);
    const rows = docs.map((documentId, i) => ({ documentId, ...(i === 0 ? { leftOut: true } : {}) }));
    const batch = newBatch(
      { profileId: 'p', profileName: 'P', knowledgeId: 'k', concurrency: 4, rows, probeTarget: { spaceId: '101' } },
      0,
      false,
      probeSample,
    );
    const sampled = batch.rows.flatMap((r, i) => (r.sampled ? [i] : []));
    expect(sampled).toHaveLength(PROBE_SAMPLE.perBatch);
    expect(sampled[0]).toBe(1);
    expect(sampled.at(-1)).toBe(39);
    const without = newBatch(
      { profileId: 'p', profileName: 'P', knowledgeId: 'k', concurrency: 4, rows },
      0,
      false,
      probeSample,
    );
    expect(without.rows.some((r) => r.sampled)).toBe(false);
    expect(without.probeTarget).toBeUndefined();
  });

  it('sends every control before the first DELETE, probes only after the read, and ends only once settled', async () => {
    const docs = ids(12);
    const svc = createTestService(docs);
    const a = answers(svc);
    const { scheduler, saved } = run(init(docs, 3), a);
    await until(() => scheduler.counts().deleted === 12);
    const firstDelete = a.s.log.findIndex((e) => e.startsWith('delete'));
    const sampledIds = scheduler
      .snapshot()
      .rows.filter((r) => r.sampled)
      .map((r) => r.documentId);
    expect(sampledIds).toEqual(['700', '706', '711']);
    // The three controls, and nothing else, before any DELETE.
    expect(a.s.log.slice(0, firstDelete).sort()).toEqual(sampledIds.map((id) => `probe ${id}`).sort());
    // Deleted but still in answers (not purged yet): the batch is not finished.
    await until(() => scheduler.snapshot().rows.filter((r) => r.probe?.stage === 'probing').length === 3);
    expect(scheduler.ended).toBe(false);
    for (const id of docs) a.s.purged.add(id);
    await until(() => scheduler.ended, 5_000);
    const batch = scheduler.snapshot();
    expect(batch.rows.filter((r) => r.sampled).map((r) => r.probe?.stage)).toEqual([
      'not_retrieved',
      'not_retrieved',
      'not_retrieved',
    ]);
    // Only the sampled rows were probed; only they were read for their text.
    expect(new Set(a.s.log.filter((e) => e.startsWith('probe')))).toEqual(new Set(sampledIds.map((i) => `probe ${i}`)));
    expect(a.s.reads).toBe(3);
    // Kept with the batch, the runs hold no text of the document (the report's question is left out too).
    await scheduler.flush();
    const kept = parseBatch(JSON.parse(JSON.stringify(saved.batch)))!;
    expect(kept.rows.filter((r) => r.probe).map((r) => r.probe!.reference)).toEqual(['', '', '']);
    const report = reportRows(kept, { ...reportProbesOf(kept), evidence: reportEvidence });
    expect(report.map((r) => r.probe)).toEqual(
      docs.map((id) => (sampledIds.includes(id) ? 'not_retrieved' : 'not_probed')),
    );
    expect(reportCsv(kept, report)).not.toContain('retired warranty');
    expect(report.find((r) => r.documentId === '700')!.probeTokens).toBeGreaterThan(0);
  });

  it('ends "still in answers" when the purge stalls past the window', async () => {
    const docs = ids(4);
    const svc = createTestService(docs);
    const a = answers(svc);
    a.s.stalled = true;
    const { scheduler } = run(init(docs, 2), a);
    await until(() => scheduler.ended, 8_000);
    expect(
      scheduler
        .snapshot()
        .rows.filter((r) => r.sampled)
        .map((r) => r.probe?.stage),
    ).toEqual(['still_in_answers', 'still_in_answers']);
  });

  it('a tab taking over from the saved batch goes on probing, without a second control or DELETE', async () => {
    const docs = ids(6);
    const svc = createTestService(docs);
    const a = answers(svc);
    const first = run(init(docs, 2), a);
    await until(() => first.scheduler.snapshot().rows.filter((r) => r.probe?.stage === 'probing').length === 2);
    await first.scheduler.flush();
    const handed = first.scheduler.handOver();
    first.scheduler.dispose();
    expect(handed.rows.filter((r) => r.probe?.stage === 'probing')).toHaveLength(2);
    for (const id of docs) a.s.purged.add(id);
    const second = run(parseBatch(JSON.parse(JSON.stringify(handed)))!, a);
    await until(() => second.scheduler.ended, 5_000);
    const rows = second.scheduler.snapshot().rows;
    expect(rows.filter((r) => r.sampled).map((r) => r.probe?.stage)).toEqual(['not_retrieved', 'not_retrieved']);
    // No control again (the text is not read again), and each document deleted once.
    expect(a.s.reads).toBe(2);
    expect([...svc.deletes.values()].every((n) => n === 1)).toBe(true);
    // The second tab's probes continue the round: the kept ones are still there, followed by its own.
    for (const r of rows.filter((row) => row.sampled))
      expect(r.probe!.probes.length).toBeGreaterThan(
        handed.rows.find((h) => h.documentId === r.documentId)!.probe!.probes.length,
      );
  });
});
