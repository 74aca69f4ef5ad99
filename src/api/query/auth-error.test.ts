import { describe, expect, it } from 'vitest';
import { DATASET_SAMPLE, json, profileFor } from '../../lib/test-support/http-server';
import { useTestServer } from '../test-support/use-test-server';
import type { AuthErrorEvent } from '../auth/refusals';
import { createQueryClient } from './client';
import { datasetQuery } from './options';
import { updateConversation } from './mutations';

const server = useTestServer();

describe('onAuthError against a real server', () => {
  it('reports a refused read once, with its profile, as a first load; not retried', async () => {
    server.handle((_, res) => json(res, 401, { code: 401, message: 'invalid token' }));
    const events: AuthErrorEvent[] = [];
    const client = createQueryClient({ retryBaseDelayMs: 5, onAuthError: (e) => events.push(e) });
    const profile = { ...profileFor(server.url), id: 'staging' };
    await client.fetchQuery(datasetQuery('ds1', { profile })).catch(() => undefined);
    expect(server.received).toHaveLength(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ profileId: 'staging', source: 'read', firstLoad: true });
    expect(events[0]!.error.status).toBe(401);
  });

  it('marks a refused refresh of a shown answer as not a first load', async () => {
    let refuse = false;
    server.handle((_, res) =>
      refuse ? json(res, 403, { code: 403, message: 'revoked' }) : json(res, 200, DATASET_SAMPLE),
    );
    const events: AuthErrorEvent[] = [];
    const client = createQueryClient({ retryBaseDelayMs: 5, onAuthError: (e) => events.push(e) });
    const options = datasetQuery('ds1', { profile: profileFor(server.url) });
    await client.fetchQuery(options);
    refuse = true;
    await client.refetchQueries({ queryKey: options.queryKey });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'read', firstLoad: false });
    expect(events[0]!.error.status).toBe(403);
  });

  it('reports a refused write, and says nothing of a 500', async () => {
    server.handle((req, res) =>
      req.method === 'PUT'
        ? json(res, 401, { code: 401, message: 'no' })
        : json(res, 500, { code: 500, message: 'down' }),
    );
    const events: AuthErrorEvent[] = [];
    const client = createQueryClient({ retryBaseDelayMs: 1, onAuthError: (e) => events.push(e) });
    const profile = profileFor(server.url);
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => updateConversation('c1', { title: 'x' }, { profile }) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'write', firstLoad: false });
    await client.fetchQuery(datasetQuery('ds1', { profile })).catch(() => undefined);
    expect(events).toHaveLength(1);
  });
});
