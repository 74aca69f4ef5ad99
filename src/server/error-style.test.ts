import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSandboxArgs } from './args';
import { REQUEST_BOUNDS } from './bounds';
import type { RunningSandbox } from './sandbox';
import { IDS, call, expectError, startTestSandbox, type Answer } from './test-support';

let fastapi: RunningSandbox;
let documented: RunningSandbox;
beforeAll(async () => {
  fastapi = await startTestSandbox({ errorStyle: 'fastapi', corsOrigins: ['https://console.example'] });
  documented = await startTestSandbox({ corsOrigins: ['https://console.example'] });
});
afterAll(async () => {
  await fastapi.close();
  await documented.close();
});

/** Asserts FastAPI's `{"detail": "..."}` (nothing else in the body) and returns the detail. */
function expectDetail(answer: Answer, status: number): string {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const body = answer.body as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['detail']);
  expect(typeof body.detail).toBe('string');
  return body.detail as string;
}

interface Issue {
  type: string;
  loc: (string | number)[];
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** Asserts Pydantic's `{"detail": [{type, loc, msg, ...}]}` and returns the list. */
function expectValidation(answer: Answer): Issue[] {
  expect(answer.status, answer.text).toBe(422);
  const body = answer.body as { detail: Issue[] };
  expect(Object.keys(body)).toEqual(['detail']);
  expect(Array.isArray(body.detail)).toBe(true);
  for (const item of body.detail) {
    expect(typeof item.type).toBe('string');
    expect(Array.isArray(item.loc)).toBe(true);
    expect(typeof item.msg).toBe('string');
  }
  return body.detail;
}

const requests = (sb: RunningSandbox) => ({
  unknownDataset: () => call(`${sb.baseUrl}/v1/datasets/77999`),
  noToken: () => call(`${sb.baseUrl}/v1/datasets/${IDS.datasetKitchen}`, { token: null }),
  badToken: () => call(`${sb.baseUrl}/v1/datasets/${IDS.datasetKitchen}`, { token: 'nope' }),
  noPath: () => call(`${sb.baseUrl}/v1/nothing-here`),
  wrongMethod: () => call(`${sb.baseUrl}/v1/datasets/${IDS.datasetKitchen}`, { method: 'DELETE' }),
  refusedOrigin: () =>
    call(`${sb.secondaryUrl}/v1/conversations/1`, {
      method: 'OPTIONS',
      token: null,
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PUT' },
    }),
  tooLarge: () =>
    call(`${sb.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, {
      method: 'PUT',
      json: { title: 'x'.repeat(1024 * 1024 + 10) },
    }),
  notJson: () =>
    call(`${sb.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    }),
  tooLong: () =>
    call(`${sb.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, {
      method: 'PUT',
      json: { third_user_id: 'u'.repeat(33), status: 'one' },
    }),
  unknownAgent: () =>
    call(`${sb.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, {
      method: 'PUT',
      json: { agent_id: 'no-such-agent' },
    }),
  malformed: () =>
    call(`${sb.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title": ',
    }),
  notAnObject: () =>
    call(`${sb.secondaryUrl}/v1/conversations/${IDS.conversationBread}`, { method: 'PUT', json: [1, 2] }),
  badSpace: () =>
    call(`${sb.baseUrl}/v1/spaces/completions/abc`, { method: 'POST', json: { session_id: 's', message: 'hi' } }),
  badFlag: () => call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}?with_settings=maybe`),
  /** 40 KB of nested arrays in an authenticated completion: once enough to kill the FastAPI-style sandbox. */
  deepNesting: () =>
    call(`${sb.baseUrl}/v1/spaces/completions/${IDS.spaceKitchen}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"session_id":"s","message":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    }),
  ordinary: () => call(`${sb.baseUrl}/v1/datasets/${IDS.datasetKitchen}`),
});

describe('a body nested past the cap', () => {
  it('is refused with a 400 naming the cap in both styles, and the sandbox keeps serving', async () => {
    for (const sb of [fastapi, documented]) {
      const r = requests(sb);
      const answer = await r.deepNesting();
      const message = sb === fastapi ? expectDetail(answer, 400) : expectError(answer, 400);
      expect(message).toContain(`deeper than ${REQUEST_BOUNDS.maxBodyDepth} levels`);
      expect((await r.ordinary()).status).toBe(200);
    }
  });

  it('at the cap is still read (context_params nested 32 deep reaches the handler)', async () => {
    let nested: unknown = 'leaf';
    for (let i = 1; i < REQUEST_BOUNDS.maxBodyDepth; i++) nested = { k: nested };
    const answer = await call(`${documented.baseUrl}/v1/spaces/completions/${IDS.spaceKitchen}`, {
      method: 'POST',
      json: { session_id: 's', message: 'sourdough', stream: false, context_params: nested },
    });
    expect(answer.status, answer.text).toBe(200);
  });
});

describe('--error-style fastapi', () => {
  const r = () => requests(fastapi);

  it("answers 401/403/404/405/413/415 with FastAPI's detail string: its defaults for routing and auth, the sandbox's words otherwise", async () => {
    expect(expectDetail(await r().noToken(), 401)).toBe('Not authenticated');
    expect(expectDetail(await r().badToken(), 401)).toBe('Invalid authentication credentials');
    expect(expectDetail(await r().noPath(), 404)).toBe('Not Found');
    const wrong = await r().wrongMethod();
    expect(expectDetail(wrong, 405)).toBe('Method Not Allowed');
    expect(wrong.headers.get('allow')).toBe('GET, OPTIONS');
    expect(expectDetail(await r().unknownDataset(), 404)).toBe('dataset 77999 not found');
    expect(expectDetail(await r().refusedOrigin(), 403)).toContain('https://evil.example');
    expect(expectDetail(await r().tooLarge(), 413)).toContain('larger than');
    expect(expectDetail(await r().notJson(), 415)).toContain('application/json');
  });

  it('answers a body that breaks the contract with the Pydantic list: body first in loc, type, msg, input, ctx', async () => {
    expect(expectValidation(await r().tooLong())).toEqual(
      [
        {
          type: 'int_type',
          loc: ['body', 'status'],
          msg: 'Input should be a valid integer',
          input: 'one',
        },
        {
          type: 'string_too_long',
          loc: ['body', 'third_user_id'],
          msg: 'String should have at most 32 characters',
          input: 'u'.repeat(33),
          ctx: { max_length: 32 },
        },
      ].sort((a, b) => String(a.loc[1]).localeCompare(String(b.loc[1]))),
    );
  });

  it('names the field of a check only the service can make (an unknown agent), the path and the query', async () => {
    expect(expectValidation(await r().unknownAgent())).toEqual([
      {
        type: 'value_error',
        loc: ['body', 'agent_id'],
        msg: 'Value error, agent "no-such-agent" does not exist',
        input: 'no-such-agent',
      },
    ]);
    expect(expectValidation(await r().badSpace())[0]).toMatchObject({ type: 'int_parsing', loc: ['path', 'space_id'] });
    expect(expectValidation(await r().badFlag())[0]).toMatchObject({
      type: 'bool_parsing',
      loc: ['query', 'with_settings'],
      input: 'maybe',
    });
  });

  it('answers malformed JSON and a body that is not an object as FastAPI does (422, not 400)', async () => {
    const [invalid] = expectValidation(await r().malformed());
    expect(invalid).toMatchObject({ type: 'json_invalid', msg: 'JSON decode error' });
    expect(invalid!.loc[0]).toBe('body');
    expect(expectValidation(await r().notAnObject())).toEqual([
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: [1, 2],
      },
    ]);
  });
});

describe('the default error style', () => {
  it('answers the same requests with ErrorResponse, code = status (400 for malformed JSON)', async () => {
    const r = requests(documented);
    expectError(await r.noToken(), 401);
    expectError(await r.noPath(), 404);
    expectError(await r.wrongMethod(), 405);
    expect(expectError(await r.unknownDataset(), 404)).toBe('dataset 77999 not found');
    expectError(await r.refusedOrigin(), 403);
    expectError(await r.notJson(), 415);
    expect(expectError(await r.tooLong(), 422)).toContain('third_user_id');
    expect(expectError(await r.unknownAgent(), 422)).toBe('agent_id "no-such-agent" is not a known agent');
    expectError(await r.malformed(), 400);
  });
});

describe('--error-style on the command line', () => {
  it('takes fastapi or error-response, and refuses anything else', () => {
    expect(parseSandboxArgs(['--memory', '--error-style', 'fastapi']).errorStyle).toBe('fastapi');
    expect(parseSandboxArgs(['--memory']).errorStyle).toBeUndefined();
    expect(() => parseSandboxArgs(['--error-style', 'django'])).toThrow(/error-response, fastapi/);
  });
});
