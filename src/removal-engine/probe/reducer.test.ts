import { describe, expect, it } from 'vitest';
import type { Attribution } from './attribution';
import type { ShownBehaviour } from './behaviour';
import { DEFAULT_PROBE_TIMING, probeTiming } from './bounds';
import { evidenceLines, evidenceOf } from './evidence';
import { probeDue, probeRequest, reduceProbe, startProbeRun, type ProbeResult } from './reducer';
import type { ProbeRun } from './state';

const text =
  'A sharp knife is a safe knife. Hone the blade before each use and sharpen it on a whetstone every month. Never put a good knife in the dishwasher.';
const start = (over: Partial<Parameters<typeof startProbeRun>[0]> = {}) =>
  startProbeRun({
    profileId: 'p',
    knowledgeId: 'k',
    documentId: 'd1',
    datasetId: 'ds',
    spaceId: '101',
    contents: [text],
    ...over,
  });

const attribution = (found: boolean, pieces = 1, withId = pieces): Attribution => ({
  found,
  field: found ? 'document_chunks[0].document_id' : undefined,
  pieces,
  piecesWithDocumentId: withId,
  matched: found ? [text] : [],
});
const found: ProbeResult = { ok: true, attribution: attribution(true), tokens: 30 };
const empty: ProbeResult = { ok: true, attribution: attribution(false), tokens: 20 };
const failed = (status: number): ProbeResult => ({ ok: false, status, message: `HTTP ${status}` });
const shownAll: ShownBehaviour = {
  piecesCarryDocumentId: { value: true, at: 0 },
  restrictionOnDeleted: { value: 'serves_until_purge', at: 0 },
};

/** Control found, read confirmed at `readAt`. */
function probing(readAt = 1_000, run = start()): ProbeRun {
  const r = reduceProbe(run, { type: 'control_answered', at: 0, result: found });
  return reduceProbe(r, { type: 'read_confirmed', at: readAt, via: 'base_info' });
}
/** Answers each probe when it is due, with `results` in turn; the times they were sent. */
function drive(run: ProbeRun, results: ProbeResult[], shown: ShownBehaviour = {}, timing = DEFAULT_PROBE_TIMING) {
  const times: number[] = [];
  for (const result of results) {
    if (run.stage !== 'probing' || run.nextProbeAt === undefined) break;
    times.push(run.nextProbeAt);
    run = reduceProbe(run, { type: 'probe_answered', at: run.nextProbeAt, result, shown }, timing);
  }
  return { run, times };
}

describe('the positive control (before the DELETE)', () => {
  it('finding nothing of the document: "answers not checkable here", and no later verdict is claimed', () => {
    let r = reduceProbe(start(), { type: 'control_answered', at: 0, result: empty });
    expect(r.stage).toBe('not_checkable');
    r = reduceProbe(r, { type: 'read_confirmed', at: 5, via: 'base_info' });
    expect(probeDue(r, 1e9)).toBeNull();
    r = reduceProbe(r, { type: 'probe_answered', at: 10, result: empty, shown: shownAll });
    expect(r.stage).toBe('not_checkable');
    expect(reduceProbe(r, { type: 'probe_again', at: 20 }).stage).toBe('not_checkable');
  });
  it('a failed control is "probe failed" (never gone), with no later verdict', () => {
    const r = reduceProbe(start(), { type: 'control_answered', at: 0, result: failed(500) });
    expect(r.stage).toBe('control_failed');
    expect(probeDue(reduceProbe(r, { type: 'read_confirmed', at: 5, via: 'base_info' }), 1e9)).toBeNull();
  });
  it('a document without text to ask about is not checkable and sends nothing', () => {
    const r = start({ contents: ['Hi'] });
    expect(r.stage).toBe('not_checkable');
    expect(probeDue(r, 0)).toBeNull();
  });
});

describe('the schedule', () => {
  it('sends no probe before the read confirmed the delete', () => {
    const r = reduceProbe(start(), { type: 'control_answered', at: 0, result: found });
    expect(r.stage).toBe('awaiting_read');
    expect(probeDue(r, 1e9)).toBeNull();
    const after = reduceProbe(r, { type: 'probe_answered', at: 5, result: empty, shown: shownAll });
    expect(after).toBe(r);
    const read = reduceProbe(r, { type: 'read_confirmed', at: 7_000, via: 'total_files' });
    expect(probeDue(read, 6_999)).toBeNull();
    expect(probeDue(read, 7_000)).toBe('probe');
  });
  it('"not retrieved in N probes" needs two empty probes at least 10 s apart', () => {
    const { run, times } = drive(probing(), [empty, empty]);
    expect(times).toEqual([1_000, 11_000]);
    expect(run.stage).toBe('not_retrieved');
    expect(evidenceOf(run).probeCount).toBe(2);
    // One empty probe is not enough.
    expect(drive(probing(), [empty]).run.stage).toBe('probing');
  });
  it('two empty probes closer than the gap do not make a verdict', () => {
    let r = probing();
    r = reduceProbe(r, { type: 'probe_answered', at: 1_000, result: empty, shown: {} });
    r = reduceProbe(r, { type: 'probe_answered', at: 5_000, result: empty, shown: {} });
    expect(r.stage).toBe('probing');
  });
  it('an empty probe after one that found it starts the count again', () => {
    const { run, times } = drive(probing(), [empty, found, empty, empty]);
    expect(run.stage).toBe('not_retrieved');
    expect(times).toEqual([1_000, 11_000, 21_000, 31_000]);
    expect(evidenceOf(run).probeCount).toBe(4);
  });
  it('still found through the window (backing off): "still in answers", within the bound', () => {
    const { run, times } = drive(probing(0), Array(10).fill(found));
    expect(times).toEqual([0, 10_000, 30_000, 70_000, 120_000]);
    expect(run.stage).toBe('still_in_answers');
    expect(run.probes.length).toBeLessThanOrEqual(DEFAULT_PROBE_TIMING.maxProbesPerRound);
  });
  it('never sends more than the bound, whatever the answers', () => {
    for (const pattern of [
      [found, empty, found, empty, found, empty, found, empty],
      [failed(502), empty, failed(502), empty, failed(502), empty, failed(502)],
      [found, found, found, found, empty, empty, empty],
    ]) {
      const { run } = drive(probing(0), pattern);
      expect(run.stage).not.toBe('probing');
      expect(run.probes.length).toBeLessThanOrEqual(DEFAULT_PROBE_TIMING.maxProbesPerRound);
    }
  });
  it('a window shortened by settings ends sooner; the floors keep two empty probes', () => {
    const timing = probeTiming({ windowMs: 3_000, minGapMs: 1_000, minEmptyProbes: 1 });
    expect(timing.minEmptyProbes).toBe(2);
    const { run, times } = drive(probing(0), Array(10).fill(found), {}, timing);
    expect(times).toEqual([0, 1_000, 3_000]);
    expect(run.stage).toBe('still_in_answers');
  });
});

describe('failures', () => {
  it('a 4xx/5xx is "probe failed", never gone', () => {
    const { run } = drive(probing(0), Array(10).fill(failed(502)));
    expect(run.stage).toBe('probe_failed');
    expect(run.probes.every((p) => p.outcome === 'failed')).toBe(true);
    const between = drive(probing(0), [empty, failed(500), empty]).run;
    expect(between.stage).toBe('probing');
  });
  it('a refused token stops the round at once', () => {
    const { run } = drive(probing(0), [failed(401), empty, empty]);
    expect(run.stage).toBe('probe_failed');
    expect(run.probes).toHaveLength(1);
  });
});

describe('"Probe again"', () => {
  it('starts a new bounded round from a verdict, keeping the earlier probes', () => {
    const first = drive(probing(0), Array(10).fill(found)).run;
    const again = reduceProbe(first, { type: 'probe_again', at: 500_000 });
    expect(again.stage).toBe('probing');
    expect(probeDue(again, 500_000)).toBe('probe');
    const { run } = drive(again, [empty, empty]);
    expect(run.stage).toBe('not_retrieved');
    expect(evidenceOf(run).probeCount).toBe(2);
    expect(run.probes.length).toBe(first.probes.length + 2);
  });
  it('is refused while probing', () => {
    const r = probing();
    expect(reduceProbe(r, { type: 'probe_again', at: 5 })).toBe(r);
  });
});

describe('"can\'t tell on this service"', () => {
  it('a probe restricted to the document (no dataset) rests on how the restriction treats a deleted document', () => {
    const run = probing(0, start({ datasetId: undefined }));
    expect(probeRequest(run)).toEqual({ question: run.question, documentId: 'd1' });
    const unshown = drive(run, [empty, empty], {}).run;
    expect(unshown.stage).toBe('cant_tell');
    expect(evidenceOf(unshown).unshown).toEqual(['how a document_id restriction treats a deleted document']);
    const hides: ShownBehaviour = { restrictionOnDeleted: { value: 'hides_at_once', at: 0 } };
    expect(drive(run, [empty, empty], hides).run.stage).toBe('cant_tell');
    expect(drive(run, [empty, empty], shownAll).run.stage).toBe('not_retrieved');
  });
  it('probes the dataset otherwise, which rests on no restriction', () => {
    const run = probing();
    expect(probeRequest(run)).toEqual({ question: run.question, datasetId: 'ds' });
    expect(drive(run, [empty, empty], {}).run.stage).toBe('not_retrieved');
  });
  it('pieces naming no document, with only part of the text kept to recognise them, rest on pieces carrying document_id', () => {
    const long = Array.from({ length: 800 }, (_, i) => `Line ${i} of a long manual about printers.`);
    const run = probing(0, start({ contents: long }));
    expect(run.referenceTruncated).toBe(true);
    const anonymous: ProbeResult = { ok: true, attribution: attribution(false, 3, 0) };
    expect(drive(run, [anonymous, anonymous], {}).run.stage).toBe('cant_tell');
    expect(drive(run, [anonymous, anonymous], { piecesCarryDocumentId: { value: false, at: 0 } }).run.stage).toBe(
      'cant_tell',
    );
    // Empty answers (no pieces at all) rest on nothing of the kind.
    expect(
      drive(
        run,
        [empty, empty].map(() => ({ ok: true, attribution: attribution(false, 0) }) as ProbeResult),
        {},
      ).run.stage,
    ).toBe('not_retrieved');
  });
});

describe('evidence', () => {
  it('names the read, each probe and its field, the space, the times and the tokens', () => {
    const { run } = drive(probing(1_000), [found, empty, empty]);
    const e = evidenceOf(run);
    expect(e).toMatchObject({
      stage: 'not_retrieved',
      spaceId: '101',
      datasetId: 'ds',
      probeCount: 3,
      tokens: 30 + 30 + 20 + 20,
    });
    expect(e.read).toEqual({ at: 1_000, via: 'base_info' });
    const lines = evidenceLines(e, (at) => `t+${at}`);
    expect(lines).toContain('Read (t+1000): its base info answered 404');
    expect(lines).toContain('Probe 1 (t+1000): found in document_chunks[0].document_id');
    expect(lines).toContain('Probe 3 (t+21000): nothing of it (1 piece)');
    expect(lines).toContain('Tokens used by probes: 100');
  });
});
