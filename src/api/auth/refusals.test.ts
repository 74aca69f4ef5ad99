import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { openCompletionStream } from '../http/stream';
import { createQueryClient } from '../query/client';
import { chatCompletion, updateConversation } from '../query/mutations';
import { json, profileFor } from '../../lib/test-support/http-server';
import { useTestServer } from '../test-support/use-test-server';
import { authRefusals, createAuthRefusals, type AuthErrorEvent } from './refusals';

const server = useTestServer();

const BODY = { session_id: 's1', message: 'How long does the battery last?' };
const refuse = (status: 401 | 403) =>
  server.handle((_, res) => json(res, status, { code: status, message: 'invalid token' }));

/** What reaches the shell's one subscription during a test. */
let events: AuthErrorEvent[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  unsubscribe = authRefusals.subscribe((e) => events.push(e));
  // What was held for a first listener came from before this test (another file in this worker).
  events = [];
});
afterEach(() => {
  unsubscribe();
  events = [];
});

describe('a streamed completion refused for its token', () => {
  it('is reported once, as a write of the profile it was sent with, and still thrown to the caller', async () => {
    refuse(401);
    const profile = profileFor(server.url, { id: 'staging' });
    const error = await openCompletionStream('101', BODY, { profile }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 401, serviceMessage: 'invalid token' });
    expect(server.received).toHaveLength(1);
    expect(JSON.parse(server.received[0]!.body)).toMatchObject({ stream: true });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ profileId: 'staging', source: 'write', firstLoad: false });
    // The shell is told about the very error the answer card shows.
    expect(events[0]!.error).toBe(error);
  });

  it('is reported once even when a mutation wraps it and the query client feeds the same channel', async () => {
    refuse(403);
    const client = createQueryClient({ onAuthError: authRefusals.report });
    const profile = profileFor(server.url);
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => openCompletionStream('101', BODY, { profile }) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(mutation.state.status).toBe('error');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ profileId: 'test', source: 'write' });
    expect(events[0]!.error.status).toBe(403);
  });

  it('two refused at once are two reports (the shell shows them as one notification per profile)', async () => {
    refuse(401);
    const profile = profileFor(server.url);
    await Promise.all(
      [openCompletionStream('101', BODY, { profile }), openCompletionStream('102', BODY, { profile })].map((p) =>
        p.catch(() => undefined),
      ),
    );
    expect(events.map((e) => [e.profileId, e.source, e.error.status])).toEqual([
      ['test', 'write', 401],
      ['test', 'write', 401],
    ]);
  });

  it('reports nothing for other failures or a stream that opens', async () => {
    const profile = profileFor(server.url);
    server.handle((_, res) => json(res, 422, { code: 42201, message: 'space not found' }));
    await expect(openCompletionStream('nope', BODY, { profile })).rejects.toMatchObject({ status: 422 });
    server.handle((_, res) => json(res, 500, { code: 500, message: 'model backend down' }));
    await expect(openCompletionStream('101', BODY, { profile })).rejects.toMatchObject({ status: 500 });
    server.handle((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('data: [DONE]\n\n');
    });
    const response = await openCompletionStream('101', BODY, { profile });
    expect(await response.text()).toBe('data: [DONE]\n\n');
    expect(server.received).toHaveLength(3);
    expect(events).toEqual([]);
  });
});

describe('a completion that is not streamed', () => {
  it('reports a refused token once, called directly as the playground does', async () => {
    refuse(401);
    const error = await chatCompletion('101', BODY, undefined, {
      profile: profileFor(server.url, { id: 'prod' }),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ profileId: 'prod', source: 'write', firstLoad: false });
    expect(events[0]!.error).toBe(error);
  });

  it('reports it once inside a mutation too; a query client with its own listener is not told again', async () => {
    refuse(403);
    const own: AuthErrorEvent[] = [];
    const client = createQueryClient({ onAuthError: (e) => own.push(e) });
    const profile = profileFor(server.url);
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => chatCompletion('101', BODY, undefined, { profile }) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(events).toHaveLength(1);
    expect(own).toEqual([]);
  });
});

describe('the query client feeding the channel', () => {
  it('passes on a refused write it alone saw (an ordinary mutation), once', async () => {
    refuse(401);
    const client = createQueryClient({ onAuthError: authRefusals.report });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => updateConversation('c1', { title: 'x' }, { profile: profileFor(server.url) }),
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'write' });
  });
});

describe('createAuthRefusals', () => {
  it('tells each listener once per error, and stops telling one that unsubscribed', () => {
    const channel = createAuthRefusals();
    const a: AuthErrorEvent[] = [];
    const b: AuthErrorEvent[] = [];
    channel.subscribe((e) => a.push(e));
    const stopB = channel.subscribe((e) => b.push(e));
    const error = new ApiError({ kind: 'http', status: 401, message: 'refused' });
    const event: AuthErrorEvent = { error, profileId: 'p', source: 'write', firstLoad: false };
    channel.report(event);
    channel.report({ ...event, source: 'read' });
    expect(channel.reported(error)).toBe(true);
    stopB();
    channel.report({ ...event, error: new ApiError({ kind: 'http', status: 403, message: 'refused again' }) });
    expect(a.map((e) => e.error.status)).toEqual([401, 403]);
    expect(b.map((e) => e.error.status)).toEqual([401]);
  });

  it('holds what is told before anyone listens (a start-up prefetch) and tells the first listener only', () => {
    const channel = createAuthRefusals();
    const event: AuthErrorEvent = {
      error: new ApiError({ kind: 'http', status: 401, message: 'refused' }),
      profileId: 'p',
      source: 'read',
      firstLoad: true,
    };
    channel.report(event);
    const first: AuthErrorEvent[] = [];
    const second: AuthErrorEvent[] = [];
    channel.subscribe((e) => first.push(e));
    channel.subscribe((e) => second.push(e));
    expect(first).toEqual([event]);
    expect(second).toEqual([]);
  });
});
