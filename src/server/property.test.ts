import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, ErrorResponse, type EndpointName } from '../contract';
import type { ErrorStyle } from './http/respond';
import type { RunningSandbox } from './sandbox';
import { IDS, TOKEN, startTestSandbox } from './test-support';

/** Fixed, so a failure found in CI is the same failure on a laptop (a longer random run: raise numRuns locally). */
const SEED = 20261127;
const STYLES = ['error-response', 'fastapi'] as const satisfies readonly ErrorStyle[];
const sandboxes = {} as Record<ErrorStyle, RunningSandbox>;
const faults: string[] = [];
beforeAll(async () => {
  for (const errorStyle of STYLES)
    sandboxes[errorStyle] = await startTestSandbox({
      lockWaitMs: 50,
      purgeDelayMs: 20,
      errorStyle,
      logFault: (message) => faults.push(message),
    });
});
afterAll(() => Promise.all(STYLES.map((style) => sandboxes[style].close())));

const safeEncode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return escape(s);
  }
};

const knownIds = fc.constantFrom(...Object.values(IDS), '0', '-1', '1e3', '', ' ', '%', '..', 'null', '9'.repeat(40));
const segment = fc
  .oneof(knownIds, fc.string({ maxLength: 24 }), fc.string({ unit: 'binary', maxLength: 12 }), fc.integer().map(String))
  .map((s) => (s === '' ? 'x' : s));
const encodedSegment = fc.oneof(
  { weight: 4, arbitrary: segment.map(safeEncode) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '.', '%2F', 'a%00b') },
);

const idOrKnown = fc.oneof(
  { weight: 3, arbitrary: knownIds.filter((s) => s.trim() !== '' && !s.includes('%')) },
  { weight: 2, arbitrary: encodedSegment },
);
/**
 * How often each of the service's operations is aimed at. Typed by the contract's table: a new endpoint
 * fails to compile here until it is listed, so the property covers it.
 */
const ENDPOINT_WEIGHTS: { readonly [N in EndpointName]: number } = {
  updateConversation: 2,
  deleteConversation: 1,
  deleteKnowledgeDocument: 1,
  getKnowledge: 1,
  getDataset: 1,
  queryDocumentBase: 2,
  getDocumentTexts: 1,
  chatCompletions: 3,
};
/** Ids tried for a path parameter: the sandbox's own spaces often, so completions reach retrieval. */
const idFor = (param: string) =>
  param === 'space_id' ? fc.oneof(fc.constantFrom('101', '102'), idOrKnown) : idOrKnown;

/** Each operation at its own host and method (so bodies reach validation and handlers), its ids random. */
const endpointTargets = (Object.keys(ENDPOINT_WEIGHTS) as EndpointName[]).map((name) => {
  const { host, method, pattern } = ENDPOINTS[name];
  const params = [...pattern.matchAll(/:([a-z_]+)/g)].map((m) => m[1]!);
  return {
    weight: ENDPOINT_WEIGHTS[name],
    arbitrary: fc.tuple(...params.map(idFor)).map((ids) => {
      // The ids are already encoded (or deliberately malformed): put them in as they are.
      let i = 0;
      return { host, method: method as string, path: pattern.replace(/:[a-z_]+/g, () => ids[i++]!) };
    }),
  };
});

/** Mostly the real operations, sometimes anything. */
const target = fc.oneof(
  ...endpointTargets,
  {
    weight: 1,
    arbitrary: idOrKnown.map((id) => ({ host: 'secondary' as const, method: 'POST', path: `/__sandbox/locks/${id}` })),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      host: fc.constantFrom('base' as const, 'secondary' as const),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      path: fc.oneof(
        encodedSegment.map((id) => `/v1/conversations/${id}`),
        encodedSegment.map((id) => `/v1/datasets/${id}`),
        encodedSegment.map((id) => `/v1/knowledge/${id}`),
        fc.constantFrom(
          '/__sandbox/health',
          '/__sandbox/reset',
          '/',
          '/v1',
          '/v1/',
          '//v1/datasets/1',
          '/v1/datasets/',
          '/v1/spaces/completions/',
        ),
        fc.array(encodedSegment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
      ),
    }),
  },
);
const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?with_settings=true',
    '?with_settings=false',
    '?with_settings=',
    '?with_settings=maybe',
    '?with_settings=1&with_settings=0',
  ),
  fc.string({ maxLength: 20 }).map((q) => `?${safeEncode(q)}=${safeEncode(q)}`),
);

const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 120, maxLength: 300 }),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.boolean()), { maxKeys: 3 }),
  knownIds,
);
const knownFields = [
  'title',
  'agent_id',
  'file_ids',
  'config',
  'status',
  'third_user_id',
  'document_id',
  'session_id',
  'message',
  'stream',
  'dataset_id',
  'dataset_ids',
  'document_ids',
  'conversation_id',
  'context_params',
  'context_documents_mode',
  'hold_ms',
  'external_user_id',
];
const objectBody = fc.dictionary(fc.oneof(fc.constantFrom(...knownFields), fc.string({ maxLength: 10 })), fieldValue, {
  maxKeys: 6,
});
const completionBody = fc.record(
  {
    session_id: fc.oneof(fc.string({ maxLength: 10 }), fc.integer()),
    message: fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('"', 'NEAR(', 'a AND', '*', 'knife OR'),
    ),
    stream: fc.boolean(),
    dataset_id: knownIds,
    document_ids: fc.array(knownIds, { maxLength: 3 }),
    conversation_id: knownIds,
  },
  { requiredKeys: [] },
);
/** Bodies built to hurt: deep nesting (past and under the cap), huge strings, bytes that are not UTF-8, wrong types. */
const deepValue = fc
  .tuple(fc.integer({ min: 1, max: 40_000 }), fc.constantFrom('[]', '{}'))
  .map(([depth, kind]) =>
    kind === '[]' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );
const hostileBody = fc.oneof(
  fc
    // A field each body schema checks (so a validator walks the value), with session_id and message, so a
    // completion gets as far as the field.
    .tuple(fc.constantFrom('message', 'title', 'document_id', 'hold_ms', 'dataset_ids', 'config', 'stream'), deepValue)
    .map(([field, value]) => `{"session_id":"s","message":"m","${field}":${value}}`),
  deepValue,
  fc
    .tuple(
      fc.constantFrom(...knownFields),
      fc.integer({ min: 10_000, max: 400_000 }),
      fc.constantFrom('x', '\\u0000', '界'),
    )
    .map(([field, size, unit]) => `{"session_id":"s","${field}":"${unit.repeat(size / unit.length)}"}`),
  fc
    .tuple(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.constantFrom(0x80, 0xc0, 0xed, 0xff))
    .map(([bytes, bad]) =>
      Buffer.concat([Buffer.from('{"message":"'), Buffer.from(bytes), Buffer.from([bad, 0x22, 0x7d])]),
    ),
  fc
    .dictionary(fc.constantFrom(...knownFields), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 6 })
    .map((o) => JSON.stringify(o)),
);

const body = fc.oneof(
  fc.constant(undefined),
  { weight: 5, arbitrary: hostileBody },
  { weight: 3, arbitrary: objectBody.map((o) => JSON.stringify(o)) },
  { weight: 3, arbitrary: completionBody.map((o) => JSON.stringify(o)) },
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', '{', '{"title":', '[]', 'null', '"x"', '{"a":1}{', '\uFEFF{}', '{"title":"\\ud800"}'),
  fc.uint8Array({ maxLength: 32 }),
);
const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'APPLICATION/JSON',
    ';;',
    '',
  ),
  fc.constant(undefined),
  fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
);
const auth = fc.oneof(
  { weight: 5, arbitrary: fc.constant(`Bearer ${TOKEN}`) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 60 })
      .filter((s) => /^[\x21-\x7e ]*$/.test(s))
      .map((s) => `Bearer ${s}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Basic abc', `bearer ${TOKEN}`, `Bearer ${TOKEN} extra`) },
);
/** Headers besides the ones above: random names and values (only what fetch can send). */
const extraHeaders = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'X-Forwarded-For',
      'Accept',
      'Accept-Encoding',
      'Cookie',
      'Range',
      'If-None-Match',
      'Transfer-Encoding-X',
    ),
    // fetch refuses to send these itself (they shape the connection, not the request).
    fc
      .stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/)
      .filter(
        (n) => !/^(connection|keep-alive|transfer-encoding|upgrade|expect|te|trailer|host|content-length)$/i.test(n),
      ),
  ),
  fc.oneof(
    fc.string({ maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s.trim()) && s.trim() === s),
    fc.constant('x'.repeat(4000)),
  ),
  { maxKeys: 4 },
);
const origin = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('http://localhost:5173', 'https://evil.example', 'null'),
);

/** Asserts the style's error shape: ErrorResponse with code = status, or FastAPI's `{"detail": string | list}`. */
function expectErrorShape(style: ErrorStyle, status: number, text: string): void {
  const parsed: unknown = JSON.parse(text);
  if (style === 'error-response') {
    const error = ErrorResponse.safeParse(parsed);
    expect(error.success, text.slice(0, 200)).toBe(true);
    expect(error.data!.code).toBe(status);
    return;
  }
  expect(Object.keys(parsed as object), text.slice(0, 200)).toEqual(['detail']);
  const { detail } = parsed as { detail: unknown };
  expect(typeof detail === 'string' || Array.isArray(detail), text.slice(0, 200)).toBe(true);
}

describe.each(STYLES)('fuzz (%s style): no input makes the sandbox answer 5xx or fall over', (style) => {
  it(
    'answers every random method, path, id, query, header and hostile body with a well-formed response, and keeps serving',
    { timeout: 180_000 },
    async () => {
      const sb = sandboxes[style];
      await fc.assert(
        fc.asyncProperty(
          target,
          query,
          body,
          contentType,
          auth,
          origin,
          extraHeaders,
          async ({ host: h, method: m, path: p }, q, b, ct, a, o, extra) => {
            const headers: Record<string, string> = { ...extra };
            if (ct !== undefined) headers['Content-Type'] = ct;
            if (a !== undefined) headers.Authorization = a;
            if (o !== undefined) headers.Origin = o;
            const withBody = b !== undefined && m !== 'GET' && m !== 'HEAD';
            // fetch (undici) parses the status line and headers strictly: an answer it reads is well-formed HTTP.
            const res = await fetch(`${h === 'base' ? sb.baseUrl : sb.secondaryUrl}${p}${q}`, {
              method: m,
              headers,
              ...(withBody ? { body: b } : {}),
              // A request left unanswered (a handler that died) fails here, not at the test's timeout.
              signal: AbortSignal.timeout(15_000),
            });
            const text = await res.text();
            expect(res.status, `${m} ${p}${q} -> ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
            if (res.status >= 400 && m !== 'HEAD') expectErrorShape(style, res.status, text);
          },
        ),
        { numRuns: 150, seed: SEED },
      );
      expect(faults).toEqual([]);
      // Still up: an ordinary request after all of that is answered.
      const after = await fetch(`${sb.baseUrl}/v1/datasets/${IDS.datasetKitchen}`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(after.status).toBe(200);
    },
  );
});
