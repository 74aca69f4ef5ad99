import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callEndpoint } from '../http/client';
import { json, profileFor, startServer, type TestServer } from '../../lib/test-support/http-server';
import { toCurl } from './curl';
import { byteLength, capBody, createRequestLog, exportLog, requestLog } from '../../lib/log/request-log';

const TOKEN = 'tok-SECRET-123';
const ANSWER_DELAY_MS = 50;
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
// Cleared before too: another file in this worker may have logged calls (the log is per page, a module singleton).
beforeEach(() => requestLog.clear());
afterEach(() => requestLog.clear());

describe('request log', () => {
  it('records a call with a redacted Authorization header, even when the service echoes the token', async () => {
    // The answer comes ANSWER_DELAY_MS late, so the recorded duration can be checked.
    server.handle((req, res) =>
      setTimeout(
        () => json(res, 401, { code: 401, message: `bad token ${req.headers.authorization ?? ''}` }),
        ANSWER_DELAY_MS,
      ),
    );
    const error = await callEndpoint('updateConversation', {
      params: { conversation_id: 'c1' },
      body: { title: 'Renamed' },
      profile: profileFor(server.url),
    }).catch((e: unknown) => e);
    // The error a page shows is masked too.
    expect(error).toMatchObject({ status: 401, serviceMessage: 'bad token Bearer ***' });
    const entries = requestLog.getEntries();
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry).toMatchObject({
      method: 'PUT',
      host: 'secondary',
      path: '/v1/conversations/c1',
      status: 401,
      errorKind: 'http',
      pending: false,
      requestBody: '{"title":"Renamed"}',
      endpoint: 'updateConversation',
    });
    expect(entry.requestHeaders.Authorization).toBe('Bearer ***');
    expect(entry.responseBody).toBe('{"code":401,"message":"bad token Bearer ***"}');
    expect(entry.sizeBytes).toBeGreaterThan(0);
    // Timers may fire a millisecond early; the call cannot have taken less than the delay otherwise.
    expect(entry.durationMs).toBeGreaterThanOrEqual(ANSWER_DELAY_MS - 2);
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
    expect(exportLog()).not.toContain(TOKEN);
    expect(JSON.parse(exportLog()).entries).toHaveLength(1);
  });

  it('builds a curl command with the token only when asked, safely quoted', async () => {
    server.handle((_, res) => json(res, 200, { message_id: 'm', assistant_message: 'hi' }));
    const message = `it's $HOME and \`rm -rf\``;
    await callEndpoint('chatCompletions', {
      params: { space_id: 's1' },
      body: { session_id: 's', message },
      profile: profileFor(server.url),
    });
    const entry = requestLog.getEntries()[0]!;
    const redacted = toCurl(entry);
    expect(redacted).not.toContain(TOKEN);
    expect(redacted).toContain(`-H 'Authorization: Bearer ***'`);
    expect(redacted).toContain(`'${server.url}/v1/spaces/completions/s1'`);
    expect(redacted).toContain(`--data-raw '{"session_id":"s","message":"it'\\''s $HOME and \`rm -rf\`"}'`);
    expect(toCurl(entry, { token: TOKEN })).toContain(`-H 'Authorization: Bearer ${TOKEN}'`);
  });

  it('keeps only the newest entries and caps long bodies with a note', () => {
    const log = createRequestLog(3);
    const base = {
      method: 'GET' as const,
      host: 'base' as const,
      url: 'u',
      targetUrl: 'u',
      path: '/p',
      requestHeaders: {},
    };
    const ids = [1, 2, 3, 4, 5].map((n) => log.start({ ...base, path: `/p${n}` }));
    expect(log.getEntries().map((e) => e.path)).toEqual(['/p3', '/p4', '/p5']);
    log.update(ids[0]!, { status: 200 }); // gone from the ring: ignored
    expect(log.getEntries().every((e) => e.status === undefined)).toBe(true);

    const big = 'é'.repeat(200_000); // 400 000 bytes
    const capped = capBody(big);
    expect(capped.truncated).toBe(true);
    expect(capped.body).toContain('the log keeps the first 262144 of 400000 bytes');
    expect(capBody('short')).toEqual({ body: 'short', truncated: false });
  });

  it('counts UTF-8 bytes as TextEncoder makes them, without encoding', () => {
    const encoded = (text: string) => new TextEncoder().encode(text).byteLength;
    for (const text of [
      '',
      'plain ascii',
      'é ü ß',
      '日本語のテキスト',
      '💡 emoji 🚀',
      'lone \ud800 high',
      'lone \udc00 low',
      'end \ud83d',
    ]) {
      expect(byteLength(text), JSON.stringify(text)).toBe(encoded(text));
    }
  });

  it('keeps a multi-byte head whole up to the cap, and the whole size in its note', () => {
    const text = `${'a'.repeat(10)}${'💡'.repeat(10)}`; // 10 + 40 bytes
    const capped = capBody(text, 20);
    expect(capped.truncated).toBe(true);
    expect(capped.body.startsWith(`${'a'.repeat(10)}💡💡`)).toBe(true);
    expect(capped.body).toContain('the first 20 of 50 bytes');
    expect(capBody(text, 50)).toEqual({ body: text, truncated: false });
  });

  it('takes the size of the bytes a body was decoded from instead of counting it again', () => {
    const text = 'x'.repeat(100);
    expect(capBody(text, 20, 4096).body).toContain('the first 20 of 4096 bytes');
    expect(capBody(text, 200, 100)).toEqual({ body: text, truncated: false });
  });
});
