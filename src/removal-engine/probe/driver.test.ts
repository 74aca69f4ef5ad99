import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SANDBOX_IDS as IDS,
  SANDBOX_TOKEN,
  startSandboxProcess,
  type SandboxProcess,
} from '../test-support/sandbox-process';
import { memoryBehaviourStore, keyValueBehaviourStore, type BehaviourStore } from './behaviour';
import { probeTiming } from './bounds';
import { probeStep, readConfirmed, type ProbeDeps } from './driver';
import { evidenceOf } from './evidence';
import { reduceProbe, startProbeRun } from './reducer';
import { probeAnswerOf, probeBody } from './sender';
import type { ProbeRun } from './state';

/**
 * The probe core against the real sandbox over HTTP (purges due at once, so only a stall keeps a deleted document
 * in retrieval). The clock is the test's: probes are sent when due by it, with no waiting.
 */
let sb: SandboxProcess;
beforeAll(async () => {
  sb = await startSandboxProcess(['--purge-delay-ms', '0']);
}, 60_000);
afterAll(() => sb.stop());

/** A real HTTP call with the fixture's token (or another); JSON both ways. */
async function call(url: string, init: { method?: string; json?: unknown; token?: string } = {}) {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.token ?? SANDBOX_TOKEN}`,
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body, text };
}
beforeEach(async () => {
  expect((await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
});

const behaviour = (change: Record<string, unknown>) =>
  call(`${sb.secondaryUrl}/__sandbox/deletion-behaviour`, { method: 'PUT', json: change });

let clock = 0;
const sent: unknown[] = [];
function deps(store: BehaviourStore = memoryBehaviourStore(), token?: string): ProbeDeps {
  return {
    now: () => clock,
    behaviour: store,
    timing: probeTiming(),
    async send({ spaceId }, request) {
      const body = probeBody(request);
      sent.push(body);
      const res = await call(`${sb.baseUrl}/v1/spaces/completions/${spaceId}`, { method: 'POST', json: body, token });
      return probeAnswerOf(res.status, res.body);
    },
  };
}

async function fullText(documentId: string): Promise<string[]> {
  const res = await call(`${sb.baseUrl}/v1/documents/texts/${documentId}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { document_contents: string[] }).document_contents;
}
async function deleteDoc(documentId: string) {
  const res = await call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}/document/${documentId}`, {
    method: 'DELETE',
  });
  expect(res.status, res.text).toBe(200);
  const read = await call(`${sb.baseUrl}/v1/documents/base/info`, {
    method: 'POST',
    json: { document_id: documentId },
  });
  expect(read.status, read.text).toBe(404);
}
/** Sends each probe when due, moving the test's clock to it, until the round has a verdict. */
async function probeUntilVerdict(run: ProbeRun, d: ProbeDeps, between?: (n: number) => Promise<void>) {
  for (let n = 0; run.stage === 'probing' && n < 20; n++) {
    clock = Math.max(clock, run.nextProbeAt ?? clock);
    await between?.(n);
    run = await probeStep(run, d);
  }
  return run;
}

async function controlled(documentId: string, datasetId: string | null, d: ProbeDeps) {
  clock = 1_000;
  sent.length = 0;
  const run = startProbeRun({
    profileId: 'p',
    knowledgeId: IDS.knowledgeKitchen,
    documentId,
    datasetId: datasetId ?? undefined,
    spaceId: IDS.spaceKitchen,
    contents: await fullText(documentId),
  });
  return probeStep(run, d);
}

describe('probing the real sandbox', () => {
  it('finds the document before the DELETE, and reads "not retrieved in 2 probes" once purged', async () => {
    const d = deps();
    let run = await controlled(IDS.docKnife, IDS.datasetKitchen, d);
    expect(run.stage).toBe('awaiting_read');
    expect(run.control).toMatchObject({
      outcome: 'found',
      field: expect.stringMatching(/^document_chunks\[\d+\]\.document_id$/),
    });
    expect(sent[0]).toMatchObject({
      dataset_id: IDS.datasetKitchen,
      stream: false,
      refine_question: false,
      retrieval_with_websearch: false,
    });
    expect(sent[0]).not.toHaveProperty('document_id');
    expect(sent[0]).not.toHaveProperty('conversation_id');
    await deleteDoc(IDS.docKnife);
    clock = 4_000;
    run = await readConfirmed(run, 'base_info', d);
    run = await probeUntilVerdict(run, d);
    expect(run.stage).toBe('not_retrieved');
    const e = evidenceOf(run);
    expect(e.probeCount).toBe(2);
    expect(e.probes.map((p) => p.at)).toEqual([4_000, 14_000]);
    expect(e.tokens).toBeGreaterThan(0);
    expect(await d.behaviour.load('p')).toMatchObject({
      readAfterDelete: { value: 'not_found' },
      piecesCarryDocumentId: { value: true },
    });
  });

  it('a stalled purge ends "still in answers" after the window; resumed, "Probe again" reads not retrieved', async () => {
    const d = deps();
    expect((await behaviour({ purge_stalled: true })).status).toBe(200);
    let run = await controlled(IDS.docKnife, IDS.datasetKitchen, d);
    await deleteDoc(IDS.docKnife);
    run = await probeUntilVerdict(await readConfirmed(run, 'base_info', d), d);
    expect(run.stage).toBe('still_in_answers');
    expect(run.probes.every((p) => p.outcome === 'found')).toBe(true);
    expect(run.probes.length).toBeLessThanOrEqual(probeTiming().maxProbesPerRound);
    expect((await d.behaviour.load('p')).restrictionOnDeleted).toMatchObject({ value: 'serves_until_purge' });
    expect((await behaviour({ purge_stalled: false })).status).toBe(200);
    clock += 60_000;
    run = await probeUntilVerdict(reduceProbe(run, { type: 'probe_again', at: clock }), d);
    expect(run.stage).toBe('not_retrieved');
  });

  it('the restriction trap never reads as gone: the probe searches the dataset, which still serves the document', async () => {
    const d = deps();
    expect((await behaviour({ purge_stalled: true, restriction_hides_deleted: true })).status).toBe(200);
    let run = await controlled(IDS.docKnife, IDS.datasetKitchen, d);
    await deleteDoc(IDS.docKnife);
    run = await probeUntilVerdict(await readConfirmed(run, 'base_info', d), d);
    expect(run.stage).toBe('still_in_answers');
    // Once per profile, a probe restricted to the document showed how this service's restriction treats it.
    const restricted = sent.filter((b) => (b as { document_id?: string }).document_id === IDS.docKnife);
    expect(restricted).toHaveLength(1);
    expect(run.restrictionProbe).toMatchObject({ found: false });
    expect((await d.behaviour.load('p')).restrictionOnDeleted).toMatchObject({ value: 'hides_at_once' });
  });

  it('without a dataset the restricted probe falls in the trap, so the verdict is "can\'t tell on this service"', async () => {
    const d = deps();
    expect((await behaviour({ purge_stalled: true, restriction_hides_deleted: true })).status).toBe(200);
    let run = await controlled(IDS.docKnife, null, d);
    expect(sent[0]).toMatchObject({ document_id: IDS.docKnife });
    expect(sent[0]).not.toHaveProperty('dataset_id');
    expect(run.stage).toBe('awaiting_read');
    await deleteDoc(IDS.docKnife);
    run = await probeUntilVerdict(await readConfirmed(run, 'base_info', d), d);
    expect(run.stage).toBe('cant_tell');
    expect(evidenceOf(run).unshown).toEqual(['how a document_id restriction treats a deleted document']);
  });

  it('a question whose answer has nothing of the document before the DELETE claims nothing afterwards', async () => {
    const d = deps();
    clock = 1_000;
    // The knife's text asked of a space whose knowledge is another dataset: nothing of the knife comes back.
    let run = startProbeRun({
      profileId: 'p',
      knowledgeId: IDS.knowledgeKitchen,
      documentId: IDS.docKnife,
      datasetId: IDS.datasetGlaciers,
      spaceId: IDS.spaceKitchen,
      contents: await fullText(IDS.docKnife),
    });
    run = await probeStep(run, d);
    expect(run.stage).toBe('not_checkable');
    await deleteDoc(IDS.docKnife);
    run = await readConfirmed(run, 'base_info', d);
    const before = sent.length;
    run = await probeUntilVerdict(run, d);
    expect(run.stage).toBe('not_checkable');
    expect(sent.length).toBe(before);
  });

  it('a refused probe is "probe failed", never gone', async () => {
    const d = deps();
    let run = await controlled(IDS.docKnife, IDS.datasetKitchen, d);
    await deleteDoc(IDS.docKnife);
    run = await readConfirmed(run, 'base_info', d);
    run = await probeUntilVerdict(run, { ...deps(d.behaviour, 'wrong-token') });
    expect(run.stage).toBe('probe_failed');
    expect(run.probes[0]).toMatchObject({ outcome: 'failed', error: { status: 401 } });
  });

  it('an unreadable behaviour record is not "nothing shown": a verdict resting on it reads can\'t tell', async () => {
    const broken = keyValueBehaviourStore({
      getItem: () => '"not an object"',
      setItem: () => undefined,
    });
    const d = deps(broken);
    let run = await controlled(IDS.docKnife, null, d);
    await deleteDoc(IDS.docKnife);
    run = await probeUntilVerdict(await readConfirmed(run, 'base_info', d), d);
    expect(run.stage).toBe('cant_tell');
  });
});
