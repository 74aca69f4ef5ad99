import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route, SandboxState } from '../handlers/types';
import type { ErrorStyle } from './respond';
import { TokenCheck } from './auth';
import { CorsPolicy } from './cors';
import { createDispatcher } from './dispatch';
import { HttpError } from './errors';

/**
 * The dispatcher's error path on its own, over real HTTP: routes whose errors cannot be written (a value
 * JSON.stringify refuses) and a logger that throws. Before the last-resort answer either one was an unhandled
 * rejection, which ends the sandbox's process.
 */
const unserializable = { big: 1n };
const routes: Route[] = [
  {
    host: 'base',
    method: 'GET',
    pattern: '/bad-error',
    auth: false,
    bodySchema: null,
    handle() {
      throw new HttpError(422, 'x', {}, { issues: [{ type: 't', loc: ['body'], msg: 'm', input: unserializable }] });
    },
  },
  {
    host: 'base',
    method: 'GET',
    pattern: '/bad-answer',
    auth: false,
    bodySchema: null,
    handle: () => ({ body: unserializable }),
  },
  {
    host: 'base',
    method: 'GET',
    pattern: '/fault',
    auth: false,
    bodySchema: null,
    handle() {
      throw new Error('boom');
    },
  },
  {
    host: 'base',
    method: 'GET',
    pattern: '/ok',
    auth: false,
    bodySchema: null,
    handle: () => ({ body: { ok: true } }),
  },
];

const servers: Server[] = [];
const urls = {} as Record<ErrorStyle, string>;
beforeAll(async () => {
  for (const errorStyle of ['error-response', 'fastapi'] as const) {
    const server = createServer(
      createDispatcher({
        host: 'base',
        routes,
        state: {} as SandboxState,
        tokens: new TokenCheck(['t']),
        cors: new CorsPolicy(),
        logFault: () => {
          throw new Error('the log is broken too');
        },
        errorStyle,
      }),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    urls[errorStyle] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

describe('an error that cannot be written', () => {
  it.each(['error-response', 'fastapi'] as const)(
    'answers a fixed 500 (%s style) and the server keeps serving',
    async (style) => {
      for (const path of ['/bad-error', '/bad-answer', '/fault']) {
        const res = await fetch(`${urls[style]}${path}`);
        // The ErrorResponse style does not echo inputs: its 422 is written as usual.
        expect(res.status, path).toBe(style === 'error-response' && path === '/bad-error' ? 422 : 500);
        if (res.status === 422) continue;
        const text = await res.text();
        if (res.headers.get('content-type')?.startsWith('application/json'))
          expect(JSON.parse(text)).toEqual({ code: 500, message: 'internal error in the sandbox' });
        else expect(text).toBe('Internal Server Error');
        const ok = await fetch(`${urls[style]}/ok`);
        expect(await ok.json()).toEqual({ ok: true });
      }
    },
  );
});
