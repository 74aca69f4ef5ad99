import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProbeAnswer } from './attribution';
import { memoryBehaviourStore } from './behaviour';
import { probeTiming } from './bounds';
import { createProbeRunner, type GoneFromAnswers, type RunStorage } from './runner';

/**
 * The runner's own duties (the probe rules are the reducer's, tested there and against the sandbox): each step kept
 * without the document's text, "not retrieved" told once, a reload carrying on. Timers are vitest's.
 */
const text =
  'A sharp knife is a safe knife. Hone the blade before each use and sharpen it on a whetstone every month. Never put a good knife in the dishwasher.';
const init = { profileId: 'p', knowledgeId: 'k', documentId: 'd1', datasetId: 'ds', spaceId: '101' };

function memoryRuns(): RunStorage & { value: unknown } {
  const s = {
    value: undefined as unknown,
    read: () => s.value,
    write: (v: unknown) => {
      s.value = JSON.parse(JSON.stringify(v));
    },
  };
  return s;
}

/** The service: the document's piece while `present`, nothing after. */
function service() {
  const state = { present: true, sent: 0 };
  const send = async (): Promise<ProbeAnswer> => {
    state.sent++;
    return state.present
      ? { ok: true, chunks: [{ document_id: 'd1', content: text }], tokens: 10 }
      : { ok: true, chunks: [], tokens: 5 };
  };
  return { state, send };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the probe runner', () => {
  it('keeps each step without the document text, tells "not retrieved" once, and a reload carries on', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const storage = memoryRuns();
    const { state, send } = service();
    const gone: GoneFromAnswers[] = [];
    const deps = {
      send,
      readText: async () => [text],
      behaviour: memoryBehaviourStore(),
      timing: probeTiming(),
      storage,
      onGoneFromAnswers: (e: GoneFromAnswers) => gone.push(e),
    };
    const runner = createProbeRunner(deps);
    const run = await runner.prepare('key', init);
    expect(run.stage).toBe('awaiting_read');
    expect(run.reference.length).toBeGreaterThan(0);
    expect((storage.value as { run: { reference: string } }[]).map((k) => k.run.reference)).toEqual(['']);
    runner.confirmed('key', 'base_info');
    await vi.advanceTimersByTimeAsync(1);
    expect(runner.get('key')?.probes).toHaveLength(1);
    runner.stop();

    // Reloaded mid-round: the kept run goes on from its schedule.
    state.present = false;
    const again = createProbeRunner(deps);
    expect(again.get('key')?.stage).toBe('probing');
    expect(again.get('key')?.reference).toBe('');
    again.resume();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(again.get('key')?.stage).toBe('not_retrieved');
    expect(gone).toEqual([
      expect.objectContaining({ profileId: 'p', knowledgeId: 'k', documentId: 'd1', datasetId: 'ds', spaceId: '101' }),
    ]);
    expect(gone[0]!.question.length).toBeGreaterThan(0);
    // "Probe again" reaching not retrieved again, or another reload, tells no one twice.
    again.probeAgain('key');
    await vi.advanceTimersByTimeAsync(25_000);
    expect(again.get('key')?.stage).toBe('not_retrieved');
    again.stop();
    createProbeRunner(deps).stop();
    expect(gone).toHaveLength(1);
  });

  it('a text that cannot be read is a failed control: no probe is ever sent', async () => {
    const { state, send } = service();
    const runner = createProbeRunner({
      send,
      readText: async () => {
        throw Object.assign(new Error('Not found'), { status: 404 });
      },
      behaviour: memoryBehaviourStore(),
    });
    const run = await runner.prepare('key', init);
    expect(run.stage).toBe('control_failed');
    expect(run.control?.error).toEqual({ status: 404, message: 'Not found' });
    runner.confirmed('key', 'base_info');
    expect(state.sent).toBe(0);
    runner.stop();
  });
});
