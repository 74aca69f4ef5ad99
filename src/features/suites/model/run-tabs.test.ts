// An in-memory IndexedDB for Node (the leases of tabs without Web Locks, and the kept runs).
import 'fake-indexeddb/auto';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from '../../../lib';
import { createTabCoordinator, keptLeaseStore } from '../../../lib/tabs';
import { createMemoryLocks } from '../../../lib/tabs/memory-locks';
import { checkSuite, type SuiteFile, type SuiteRun } from '../../../suite-engine';
import { json, profileFor, startServer, type TestServer } from '../../../lib/test-support/http-server';
import { startRun } from './live-runs';
import { createRunTabs, type RunTabs, type SuiteRunMessage } from './run-tabs';
import { suitesStore } from './store';
import { until } from '../../../lib/test-support/until';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const answer = (res: ServerResponse) =>
  json(res, 200, {
    message_id: '1',
    user_message: 'Q',
    assistant_message: 'yes',
    document_chunks: [],
    token_usage: { model_name: 'm', total_tokens: 3, prompt_tokens: 2, completion_tokens: 1, successful_requests: 1 },
  });

describe.each(['Web Locks', 'leases (plain http: no Web Locks)'])('a suite run across two tabs, %s', (mode) => {
  async function twoTabs() {
    const dbName = `run-tabs-${Math.random()}`;
    const channelName = `suite-runs-${Math.random()}`;
    const locks = createMemoryLocks();
    const tab = (id: string) => {
      const db: KeptDb = createKeptDb({ name: dbName });
      const coordinator = createTabCoordinator<SuiteRunMessage>({
        channel: new BroadcastChannel(channelName),
        tabId: id,
        ...(mode === 'Web Locks'
          ? { locks }
          : { locks: null, leases: keptLeaseStore(db), leaseTiming: { renewMs: 50, lapseMs: 300 } }),
      });
      const tabs: RunTabs = createRunTabs(coordinator);
      cleanup.push(
        () => db.close(),
        () => tabs.close(),
      );
      return { db, tabs, store: suitesStore(db) };
    };
    return { a: tab('a'), b: tab('b') };
  }

  /** A service that answers only when let go, as a slow one does: the run stays running meanwhile. */
  async function slowService() {
    const waiting: ServerResponse[] = [];
    let open = false;
    const server: TestServer = await startServer((_req, res) => (open ? answer(res) : waiting.push(res)));
    cleanup.push(() => server.close());
    return {
      server,
      waiting,
      letGo() {
        open = true;
        for (const res of waiting.splice(0)) answer(res);
      },
    };
  }

  async function runIn(tab: Awaited<ReturnType<typeof twoTabs>>['a'], url: string, cases: number) {
    const file: SuiteFile = {
      name: 'S',
      space_id: '101',
      cases: Array.from({ length: cases }, (_, i) => ({ id: `c${i}`, question: 'Q?', expect: { contains: ['yes'] } })),
    };
    const checked = checkSuite(file);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    const record = await tab.store.add('p1', file);
    let finished: (run: SuiteRun) => void = () => undefined;
    const done = new Promise<SuiteRun>((resolve) => (finished = resolve));
    const run = await startRun({
      store: tab.store,
      suiteId: record.id,
      file,
      suite: checked.suite,
      profile: profileFor(url),
      concurrency: 2,
      tabs: tab.tabs,
      onFinished: finished,
    });
    return { run, done };
  }

  it('is seen running from the other tab by its lock, and stopped from there', async () => {
    const { a, b } = await twoTabs();
    const service = await slowService();
    const { run, done } = await runIn(a, service.server.url, 6);
    const stopWatching = b.tabs.watch(run.id);
    cleanup.push(stopWatching);
    // No result yet: running elsewhere (its lock is held there), not guessed from the time of its last result.
    await until(() => service.waiting.length === 2);
    expect(b.tabs.where(run.id)).toBe('elsewhere');
    expect((await b.store.getRun(run.id))?.status).toBe('running');
    // Stop, asked in tab b: tab a stops the run, keeps it as stopped, and lets its lock go.
    b.tabs.stop(run.id);
    service.letGo();
    expect((await done).status).toBe('stopped');
    await until(() => b.tabs.where(run.id) === 'nowhere');
    expect((await b.store.getRun(run.id))?.status).toBe('stopped');
  });

  it('is paused from the other tab (nothing more reaches the service), resumed, then stopped, its answers kept', async () => {
    const { a, b } = await twoTabs();
    const service = await slowService();
    const { run, done } = await runIn(a, service.server.url, 6);
    cleanup.push(b.tabs.watch(run.id));
    await until(() => service.waiting.length === 2);
    // Tab b learns the running tab's control state over the channel (asked as it starts watching): running.
    await until(() => b.tabs.controlOf(run.id)?.phase === 'running');
    b.tabs.pause(run.id);
    // Paused with the two questions sent still in flight: told as such.
    await until(() => b.tabs.controlOf(run.id)?.phase === 'paused');
    expect(b.tabs.controlOf(run.id)?.inFlight).toBe(2);
    // The two questions already sent are answered; no third is sent while paused.
    service.letGo();
    await until(() => b.tabs.controlOf(run.id)?.inFlight === 0);
    await until(async () => (await b.store.getRun(run.id))?.attempts.length === 2);
    expect(service.server.received).toHaveLength(2);
    b.tabs.resume(run.id);
    await until(() => service.server.received.length > 2);
    b.tabs.stop(run.id);
    const ended = await done;
    expect(ended.status).toBe('stopped');
    expect(ended.attempts.length).toBeGreaterThanOrEqual(2);
    await until(() => b.tabs.where(run.id) === 'nowhere');
    expect((await b.store.getRun(run.id))?.attempts.length).toBe(ended.attempts.length);
  });

  it('results saved in the running tab are announced to the other, which reads them at once', async () => {
    const { a, b } = await twoTabs();
    const service = await slowService();
    service.letGo();
    const saved: string[] = [];
    cleanup.push(b.tabs.subscribe((id) => saved.push(id)));
    const { run, done } = await runIn(a, service.server.url, 4);
    await done;
    await until(() => saved.includes(run.id));
  });

  it('a run whose tab closed reads as cut short in the other: its lock is granted there', async () => {
    const { a, b } = await twoTabs();
    const service = await slowService();
    const { run } = await runIn(a, service.server.url, 4);
    b.tabs.watch(run.id);
    await until(() => service.waiting.length === 2);
    expect(b.tabs.where(run.id)).toBe('elsewhere');
    // Tab a goes away (its locks and leases with it).
    a.tabs.close();
    await until(() => b.tabs.where(run.id) === 'nowhere');
    expect((await b.store.getRun(run.id))?.status).toBe('running');
    service.letGo();
  });
});
