import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogStore } from '../../lib/catalog';
import { callEndpoint } from '../http/client';
import { startersOf } from '../sandbox/starters';
import { DATASET_SAMPLE, json, profileFor, startServer, type TestServer } from '../../lib/test-support/http-server';
import { checkConnection } from './connection-check';
import { PROBE_ID } from './test-connection';

let base: TestServer;
let secondary: TestServer;
beforeAll(async () => {
  base = await startServer((req, res) =>
    req.headers.authorization === 'Bearer good'
      ? json(res, 200, DATASET_SAMPLE)
      : json(res, 401, { code: 401, message: 'invalid token' }),
  );
  secondary = await startServer((_, res) => json(res, 404, { code: 404, message: 'not found' }));
});
afterAll(async () => {
  await base.close();
  await secondary.close();
});

let n = 0;
const profile = (token = 'good') => profileFor(base.url, { id: `check-${++n}`, secondary_url: secondary.url, token });
const notSandbox = () => Promise.resolve(null);
const paths = (server: TestServer, from: number) => server.received.slice(from).map((r) => r.url);

describe('checkConnection', () => {
  it('asks nothing of a host that answered a call of the page, and takes its verdict', async () => {
    const p = profile('bad');
    const [b, s] = [base.received.length, secondary.received.length];
    // A page's read, still in flight when the check starts: the check waits for it.
    const read = callEndpoint('getDataset', { profile: p, params: { dataset_id: '731' } }).catch(() => undefined);
    const result = await checkConnection(p, { maxAgeMs: 60_000, sandboxStarters: notSandbox });
    await read;
    expect(result.base).toMatchObject({ kind: 'token_rejected', status: 401 });
    expect(paths(base, b)).toEqual(['/v1/datasets/731']);
    // The secondary host was not heard from: probed once, with the id no record has (nothing else is known).
    expect(paths(secondary, s)).toEqual([`/v1/knowledge/${PROBE_ID}`]);
    expect(result.secondary).toMatchObject({ kind: 'ok', status: 404 });
  });

  it('probes a real service with a record met under the profile', async () => {
    const p = profile();
    catalogStore.remember(p.id, [{ kind: 'knowledge', id: '6001', label: 'Handbook', record: {} }]);
    const s = secondary.received.length;
    await checkConnection(p, { maxAgeMs: 60_000, sandboxStarters: notSandbox });
    expect(paths(secondary, s)).toEqual(['/v1/knowledge/6001']);
  });

  it('probes a sandbox with the records it holds now, not ids met under another fixture', async () => {
    const p = profile();
    catalogStore.remember(p.id, [{ kind: 'knowledge', id: '6001', label: 'Handbook', record: {} }]);
    const starters = startersOf({ dataset: [{ id: '7301', name: 'Set' }], knowledge: [{ id: '6302', name: 'Base' }] });
    const [b, s] = [base.received.length, secondary.received.length];
    await checkConnection(p, { maxAgeMs: 60_000, sandboxStarters: () => Promise.resolve(starters) });
    expect(paths(secondary, s)).toEqual(['/v1/knowledge/6302']);
    expect(paths(base, b)).toEqual(['/v1/datasets/7301']);
  });

  it('probes again once the last answer is older than maxAgeMs', async () => {
    const p = profile();
    await checkConnection(p, { maxAgeMs: 60_000, sandboxStarters: notSandbox });
    const b = base.received.length;
    await checkConnection(p, { maxAgeMs: 60_000, sandboxStarters: notSandbox });
    expect(paths(base, b)).toEqual([]);
    await checkConnection(p, { maxAgeMs: -1, sandboxStarters: notSandbox });
    expect(paths(base, b)).toEqual([`/v1/datasets/${PROBE_ID}`]);
  });
});
