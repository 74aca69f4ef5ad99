import { describe, expect, it, vi } from 'vitest';
import type { StorageLike } from '../../../lib';
import { memoryBehaviourStore } from '../../../removal-engine/probe/behaviour';
import { createProbeRunner, type ProbeRunner } from '../../../removal-engine/probe/runner';
import type { ProbeRun } from '../../../removal-engine/probe/state';
import { keptProbeRuns, lazyProbeRunner, PROBES_KEY } from './lazy-probes';
import { MemoryStorage } from '../../../lib/test-support/memory-storage';

const memoryStorage = () => new MemoryStorage();

const run = (stage: ProbeRun['stage']): ProbeRun => ({
  profileId: 'p',
  knowledgeId: 'k',
  documentId: 'd1',
  restricted: false,
  datasetId: 'ds',
  spaceId: '101',
  question: 'A sharp knife is a safe knife?',
  reference: '',
  referenceTruncated: true,
  stage,
  round: 1,
  probes: [],
  tokens: 12,
  ...(stage === 'probing' ? { read: { at: 1, via: 'base_info' as const }, nextProbeAt: Date.now() + 60_000 } : {}),
});

/** The runner the console would load, counted: it must not be loaded before a probe needs it. */
function loader(storage: StorageLike) {
  const runners: ProbeRunner[] = [];
  const load = vi.fn(async () => {
    const runner = createProbeRunner({
      send: async () => ({ ok: true, chunks: [], tokens: 1 }),
      readText: async () => ['A sharp knife is a safe knife. Hone the blade before each use, and keep it dry.'],
      behaviour: memoryBehaviourStore(),
      storage: keptProbeRuns(storage),
    });
    runners.push(runner);
    return runner;
  });
  return { load, runners };
}

describe('the probe runner, loaded when first needed', () => {
  it('shows kept verdicts without loading it; a kept run still probing loads it', async () => {
    const storage = memoryStorage();
    storage.setItem(PROBES_KEY, JSON.stringify([{ key: 'a', run: run('not_retrieved') }]));
    const { load } = loader(storage);
    const probes = lazyProbeRunner(load, storage);
    probes.resume();
    probes.confirmed('other', 'base_info');
    expect(probes.getSnapshot().get('a')?.stage).toBe('not_retrieved');
    expect(probes.get('a')?.tokens).toBe(12);
    expect(load).not.toHaveBeenCalled();
    probes.stop();

    storage.setItem(
      PROBES_KEY,
      JSON.stringify([
        { key: 'a', run: run('not_retrieved') },
        { key: 'b', run: run('probing') },
      ]),
    );
    const again = loader(storage);
    const resumed = lazyProbeRunner(again.load, storage);
    resumed.resume();
    await vi.waitFor(() => expect(again.runners).toHaveLength(1));
    expect(resumed.getSnapshot()).toBe(again.runners[0]!.getSnapshot());
    expect(resumed.get('b')?.stage).toBe('probing');
    resumed.stop();
  });

  it('a deletion with a space loads it for its control', async () => {
    const storage = memoryStorage();
    const { load } = loader(storage);
    const probes = lazyProbeRunner(load, storage);
    probes.resume();
    expect(load).not.toHaveBeenCalled();
    const control = await probes.prepare('a', { profileId: 'p', knowledgeId: 'k', documentId: 'd1', spaceId: '101' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(control.stage).toBe('not_checkable');
    expect(probes.get('a')?.stage).toBe('not_checkable');
    probes.stop();
  });
});
