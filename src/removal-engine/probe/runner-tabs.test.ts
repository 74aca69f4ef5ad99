import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTabCoordinator, type ChannelLike, type TabCoordinator } from '../../lib/tabs/cross-tab';
import { createMemoryLocks } from '../../lib/tabs/memory-locks';
import type { ProbeAnswer } from './attribution';
import { memoryBehaviourStore } from './behaviour';
import { probeTiming } from './bounds';
import type { KeptRun } from './kept-runs';
import type { ProbeTabMessage } from './probe-tabs';
import { createProbeRunner, type GoneFromAnswers, type RunStorage } from './runner';

/**
 * Two or three tabs of one console, in Node: runners sharing one storage (localStorage), an in-memory Web Locks
 * manager and a channel (the tab coordinator of src/lib/tabs, as the console wires it). Timers are vitest's; the
 * channel delivers in a microtask so they stay in step.
 */
const text =
  'A sharp knife is a safe knife. Hone the blade before each use and sharpen it on a whetstone every month. Never put a good knife in the dishwasher.';
const init = { profileId: 'p', knowledgeId: 'k', datasetId: 'ds', spaceId: '101' };
const timing = probeTiming({ minGapMs: 1_000, windowMs: 6_000 });

function sharedStorage(): RunStorage & { value: unknown; runs(): KeptRun[] } {
  const s = {
    value: undefined as unknown,
    read: () => (s.value === undefined ? undefined : JSON.parse(JSON.stringify(s.value))),
    write: (v: unknown) => {
      s.value = JSON.parse(JSON.stringify(v));
    },
    runs: () => (s.value ?? []) as KeptRun[],
  };
  return s;
}

/** BroadcastChannel's semantics (every other channel of the name hears a message, asynchronously), in microtasks. */
function channelHub() {
  const members = new Set<{ listeners: ((e: { data: unknown }) => void)[] }>();
  return (): ChannelLike => {
    const me = { listeners: [] as ((e: { data: unknown }) => void)[] };
    members.add(me);
    return {
      postMessage(message) {
        const data = JSON.parse(JSON.stringify(message));
        for (const m of members)
          if (m !== me) queueMicrotask(() => m.listeners.forEach((l) => l({ data: structuredClone(data) })));
      },
      addEventListener: (_type, listener) => me.listeners.push(listener),
      close: () => members.delete(me),
    };
  };
}

/** The service: the pieces of the documents still `present`; every probe counted. */
function service() {
  const state = { present: new Set(['d1', 'd2']), sent: 0 };
  const send = async (): Promise<ProbeAnswer> => {
    state.sent++;
    return state.present.size > 0
      ? { ok: true, chunks: [...state.present].map((id) => ({ document_id: id, content: text })), tokens: 10 }
      : { ok: true, chunks: [], tokens: 5 };
  };
  return { state, send };
}

const open: TabCoordinator<ProbeTabMessage>[] = [];
afterEach(() => {
  open.splice(0).forEach((c) => c.close());
  vi.useRealTimers();
});

function browser() {
  const locks = createMemoryLocks();
  const channel = channelHub();
  const storage = sharedStorage();
  const svc = service();
  const gone: GoneFromAnswers[] = [];
  let n = 0;
  const tab = () => {
    const tabs = createTabCoordinator<ProbeTabMessage>({ locks, channel: channel(), leases: null, tabId: `t${n++}` });
    open.push(tabs);
    const runner = createProbeRunner({
      send: svc.send,
      readText: async () => [text],
      behaviour: memoryBehaviourStore(),
      timing,
      storage,
      tabs,
      onGoneFromAnswers: (e) => gone.push(e),
    });
    return { runner, tabs };
  };
  return { tab, storage, svc, gone, locks };
}

describe('probe runs across tabs', () => {
  it('two tabs after a reload: each scheduled probe is sent once, both show the verdict, told once', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const b = browser();
    const first = b.tab();
    await first.runner.prepare('key1', { ...init, documentId: 'd1' });
    first.runner.confirmed('key1', 'base_info');
    await vi.advanceTimersByTimeAsync(1);
    expect(first.runner.get('key1')?.probes).toHaveLength(1);
    first.runner.stop();
    const sentBefore = b.svc.state.sent;

    // The page reloaded in two tabs at once: both read the kept run, both resume it.
    b.svc.state.present.clear();
    const a = b.tab();
    const c = b.tab();
    a.runner.resume();
    c.runner.resume();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(a.runner.get('key1')?.stage).toBe('not_retrieved');
    expect(c.runner.get('key1')?.stage).toBe('not_retrieved');
    const run = b.storage.runs().find((k) => k.key === 'key1')!.run;
    // Every probe sent is one the kept run records (the round's probes, no twin sent by the other tab).
    expect(b.svc.state.sent - sentBefore).toBe(run.probes.length - 1);
    expect(run.probes.filter((p) => p.outcome === 'empty')).toHaveLength(2);
    expect(c.runner.get('key1')?.tokens).toBe(run.tokens);
    expect(b.gone).toHaveLength(1);
    expect(b.locks.holders()).toEqual([]);
  });

  it('the holding tab stops mid-window: another takes over without re-sending a recorded probe', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const b = browser();
    const a = b.tab();
    const c = b.tab();
    await a.runner.prepare('key1', { ...init, documentId: 'd1' });
    a.runner.confirmed('key1', 'base_info');
    c.runner.confirmed('key1', 'base_info');
    await vi.advanceTimersByTimeAsync(1);
    // A probes (it sent the control and holds the document's text); C shows its steps.
    expect(a.runner.get('key1')?.probes).toHaveLength(1);
    expect(c.runner.get('key1')?.probes).toHaveLength(1);
    expect(c.runner.get('key1')?.stage).toBe('probing');
    const sentBefore = b.svc.state.sent;

    a.runner.stop();
    b.svc.state.present.clear();
    await vi.advanceTimersByTimeAsync(20_000);
    const run = c.runner.get('key1')!;
    expect(run.stage).toBe('not_retrieved');
    // The first probe (found) is not sent again: C sent only what came after it.
    expect(run.probes).toHaveLength(3);
    expect(b.svc.state.sent - sentBefore).toBe(2);
    expect(b.storage.runs().find((k) => k.key === 'key1')?.run.stage).toBe('not_retrieved');
    expect(b.gone).toHaveLength(1);
  });

  it('runs are written per key: two tabs probing two deletions keep both', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const b = browser();
    const a = b.tab();
    const c = b.tab();
    await a.runner.prepare('key1', { ...init, documentId: 'd1' });
    await c.runner.prepare('key2', { ...init, documentId: 'd2' });
    a.runner.confirmed('key1', 'base_info');
    c.runner.confirmed('key2', 'base_info');
    b.svc.state.present.clear();
    await vi.advanceTimersByTimeAsync(20_000);
    const kept = new Map(b.storage.runs().map((k) => [k.key, k.run]));
    expect(kept.get('key1')?.stage).toBe('not_retrieved');
    expect(kept.get('key2')?.stage).toBe('not_retrieved');
    // Each tab shows the other's run too.
    expect(a.runner.get('key2')?.stage).toBe('not_retrieved');
    expect(c.runner.get('key1')?.stage).toBe('not_retrieved');
    expect(b.gone.map((g) => g.documentId).sort()).toEqual(['d1', 'd2']);
  });

  it('"Probe again" clicked in two tabs, neither holding the run, starts one round', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const b = browser();
    const a = b.tab();
    const c = b.tab();
    await a.runner.prepare('key1', { ...init, documentId: 'd1' });
    a.runner.confirmed('key1', 'base_info');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(c.runner.get('key1')?.stage).toBe('still_in_answers');
    const probes = c.runner.get('key1')!.probes.length;
    const sentBefore = b.svc.state.sent;

    b.svc.state.present.clear();
    c.runner.probeAgain('key1');
    a.runner.probeAgain('key1');
    await vi.advanceTimersByTimeAsync(20_000);
    const run = a.runner.get('key1')!;
    expect(run.stage).toBe('not_retrieved');
    expect(run.round).toBe(2);
    expect(run.probes.length - probes).toBe(2);
    expect(b.svc.state.sent - sentBefore).toBe(2);
    expect(c.runner.get('key1')?.round).toBe(2);
  });

  it('a run dismissed in one tab is dropped by the others, and nobody probes it', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const b = browser();
    const a = b.tab();
    const c = b.tab();
    await a.runner.prepare('key1', { ...init, documentId: 'd1' });
    a.runner.confirmed('key1', 'base_info');
    await vi.advanceTimersByTimeAsync(1);
    expect(c.runner.get('key1')?.stage).toBe('probing');
    const sent = b.svc.state.sent;
    c.runner.forget('key1');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(a.runner.get('key1')).toBeUndefined();
    expect(b.storage.runs()).toEqual([]);
    expect(b.svc.state.sent).toBe(sent);
    expect(b.locks.holders()).toEqual([]);
  });
});
