import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CompletionResultRecord, DocumentChunk } from '../contract';
import { parseSandboxArgs } from './args';
import type { RunningSandbox } from './sandbox';
import { IDS, call, expectError, startTestSandbox } from './test-support';

/**
 * The deletion behaviours an admin can rehearse (issue 34): a stalled purge keeps a deleted document in answers,
 * and a document restriction can hide a deleted document while dataset-wide retrieval still serves it. Purges are
 * due at once here (purgeDelayMs 0), so only the stall keeps the chunks.
 */
let sb: RunningSandbox;
let trap: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ purgeDelayMs: 0 });
  trap = await startTestSandbox({ purgeDelayMs: 0, purgeStalled: true, restrictionHidesDeleted: true });
});
afterAll(async () => {
  await sb.close();
  await trap.close();
});
beforeEach(async () => {
  for (const s of [sb, trap])
    expect((await call(`${s.secondaryUrl}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
});

const behaviour = (s: RunningSandbox, change?: Record<string, unknown>) =>
  call(`${s.secondaryUrl}/__sandbox/deletion-behaviour`, change ? { method: 'PUT', json: change } : {});
const deleteKnife = async (s: RunningSandbox) =>
  expect(
    (
      await call(`${s.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}/document/${IDS.docKnife}`, {
        method: 'DELETE',
      })
    ).status,
  ).toBe(200);
/** The documents whose pieces a completion about the knife document returns: dataset-wide, or restricted to it. */
async function citedIds(s: RunningSandbox, scope: 'dataset' | 'restricted'): Promise<string[]> {
  const res = await call(`${s.baseUrl}/v1/spaces/completions/${IDS.spaceKitchen}`, {
    method: 'POST',
    json: {
      session_id: 's',
      message: 'sharpen knife whetstone',
      stream: false,
      ...(scope === 'dataset' ? { dataset_id: IDS.datasetKitchen } : { document_id: IDS.docKnife }),
    },
  });
  expect(res.status, res.text).toBe(200);
  return CompletionResultRecord.documented
    .parse(res.body)
    .document_chunks.map((c) => String(DocumentChunk.parse(c).document_id));
}

describe('PUT /__sandbox/deletion-behaviour {purge_stalled}', () => {
  it('keeps a deleted document in answers while stalled (its purge due and not run); resuming purges it at once', async () => {
    expect((await behaviour(sb, { purge_stalled: true })).body).toMatchObject({ purge_stalled: true });
    await deleteKnife(sb);
    // Two round trips: a purge due at once would have run between them, were it not stalled.
    expect(await citedIds(sb, 'dataset')).toContain(IDS.docKnife);
    expect(await citedIds(sb, 'restricted')).toContain(IDS.docKnife);
    const stalled = (await behaviour(sb)).body as { pending_purges: { document_id: string; due_at_ms: number }[] };
    expect(stalled.pending_purges).toHaveLength(1);
    expect(stalled.pending_purges[0]!.document_id).toBe(IDS.docKnife);
    expect(stalled.pending_purges[0]!.due_at_ms).toBeLessThanOrEqual(Date.now());

    const resumed = await behaviour(sb, { purge_stalled: false });
    expect(resumed.body).toEqual({ purge_stalled: false, restriction_hides_deleted: false, pending_purges: [] });
    expect(await citedIds(sb, 'dataset')).not.toContain(IDS.docKnife);
  });

  it('without a stall the same delete leaves answers (the control: the stall is what keeps it)', async () => {
    await deleteKnife(sb);
    const end = Date.now() + 5_000;
    while ((await citedIds(sb, 'dataset')).includes(IDS.docKnife) && Date.now() < end);
    expect(await citedIds(sb, 'dataset')).not.toContain(IDS.docKnife);
    expect(((await behaviour(sb)).body as { pending_purges: unknown[] }).pending_purges).toEqual([]);
  });
});

describe('the false-"gone" trap (restriction_hides_deleted)', () => {
  it('a restriction to the deleted document finds nothing at once, while dataset-wide retrieval still serves it', async () => {
    expect(await citedIds(trap, 'restricted')).toContain(IDS.docKnife);
    await deleteKnife(trap);
    expect(await citedIds(trap, 'restricted')).toEqual([]);
    expect(await citedIds(trap, 'dataset')).toContain(IDS.docKnife);
  });

  it('is off by default: a restriction serves a deleted document until its purge like dataset search does', async () => {
    await behaviour(sb, { purge_stalled: true });
    await deleteKnife(sb);
    expect(await citedIds(sb, 'restricted')).toContain(IDS.docKnife);
    // Turned on by the control, off again by reset (which restores how the sandbox started).
    await behaviour(sb, { restriction_hides_deleted: true });
    expect(await citedIds(sb, 'restricted')).toEqual([]);
    await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST' });
    expect((await behaviour(sb)).body).toEqual({
      purge_stalled: false,
      restriction_hides_deleted: false,
      pending_purges: [],
    });
  });

  it('reset restores the start options, and the control refuses what is not a boolean', async () => {
    await behaviour(trap, { purge_stalled: false, restriction_hides_deleted: false });
    await call(`${trap.secondaryUrl}/__sandbox/reset`, { method: 'POST' });
    expect((await behaviour(trap)).body).toMatchObject({ purge_stalled: true, restriction_hides_deleted: true });
    expect(expectError(await behaviour(trap, { purge_stalled: 'yes' }), 422)).toContain(
      'purge_stalled must be a boolean',
    );
    expectError(await behaviour(trap, { stall: true }), 422);
    expect((await call(`${trap.secondaryUrl}/__sandbox/deletion-behaviour`, { token: null })).status).toBe(401);
  });

  it('start options on the command line', () => {
    expect(parseSandboxArgs(['--memory', '--purge-stalled', '--restriction-hides-deleted'])).toMatchObject({
      purgeStalled: true,
      restrictionHidesDeleted: true,
    });
    expect(parseSandboxArgs(['--memory']).purgeStalled).toBeUndefined();
  });
});
