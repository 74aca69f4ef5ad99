import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLog } from '../../lib/log/request-log';
import { profileFor, type TestServer } from '../../lib/test-support/http-server';
import { startHostileService } from '../test-support/hostile-service';
import { askCompletion, type CompletionRequest } from './runner';

/** The completion runner (the playground's and the suites') against a service that echoes the token and floods. */
let service: TestServer;
beforeAll(async () => {
  service = await startHostileService();
});
afterAll(() => service.close());

const TOKEN = 'runner-token-d41d8cd98f';
const request = (question: string, stream = true, extra: Partial<CompletionRequest> = {}): CompletionRequest => ({
  profile: profileFor(service.url, { token: TOKEN, streamIdleTimeoutMs: 1_000 }),
  spaceId: '7',
  body: { session_id: 's', message: question, stream },
  ...extra,
});
const logText = () => JSON.stringify(requestLog.getEntries());

describe('the completion runner against a hostile service', () => {
  it('masks a token the service splits across two deltas and echoes in an error event, in the outcome and the log', async () => {
    const outcome = await askCompletion(request('echo-stream'));
    expect(outcome.text).toContain('Your token is ***');
    expect(outcome.streamErrors).toEqual(['\x1b[2K\rinvalid credentials: Authorization: Bearer ***']);
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
    expect(logText()).not.toContain(TOKEN);
  });

  it('masks the token echoed in a JSON answer', async () => {
    const outcome = await askCompletion(request('echo-json', false));
    expect(outcome.text).toContain('You sent Bearer ***');
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
    expect(logText()).not.toContain(TOKEN);
  });

  it('masks a password written into the base URL in the error and the log', async () => {
    const url = new URL(service.url);
    url.username = 'admin';
    url.password = 'p4ss-w0rd-x';
    const outcome = await askCompletion(
      request('echo-json', true, { profile: profileFor(url.href, { token: TOKEN }) }),
    );
    expect(outcome.ending).toBe('failed');
    expect(outcome.error?.message).toContain('admin:***@');
    expect(JSON.stringify(outcome) + (outcome.error?.message ?? '')).not.toContain('p4ss-w0rd-x');
    expect(logText()).not.toContain('p4ss-w0rd-x');
  });

  it('fails a stream whose bytes trickle in without completing an event at the idle limit, naming it', async () => {
    const outcome = await askCompletion(request('trickle'));
    expect(outcome.ending).toBe('failed');
    expect(outcome.error).toMatchObject({
      kind: 'timeout',
      idleMs: 1_000,
      message: 'No complete event for 1 s: the stream stalled (bytes trickled in, no event).',
    });
    expect(logText()).toContain('No complete event for 1 s');
  });

  it('stops a JSON answer, streamed or not, at READ_BOUNDS.bodyBytes with the cap named', async () => {
    for (const stream of [true, false]) {
      const outcome = await askCompletion(request('huge-json', stream));
      expect(outcome.ending).toBe('failed');
      expect(outcome.error?.message).toContain('is over 32 MB: the reading stopped there');
    }
  });

  it('keeps at most keepChars of an endless stream, counting the rest, and stops it at READ_BOUNDS.streamBytes', async () => {
    const outcome = await askCompletion(request('huge-stream', true, { keepChars: 1000 }));
    expect(outcome.ending).toBe('failed');
    expect(outcome.error?.message).toBe('The stream is over 64 MB: the reading stopped there (READ_BOUNDS).');
    expect(outcome.text).toHaveLength(1000);
    expect(outcome.textChars).toBeGreaterThan(60 * 1024 * 1024);
  });
});
