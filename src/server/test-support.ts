import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { ErrorResponse } from '../contract';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './sandbox';

/** The sandbox tests' own fixture (not the demo, whose content may change). */
export const TEST_FIXTURE_PATH = fileURLToPath(new URL('./fixtures/test-fixture.json', import.meta.url));
export const TOKEN = 'test-token';

/** Known ids of the test fixture. */
export const IDS = {
  datasetKitchen: '500000000000001',
  datasetGlaciers: '500000000000002',
  datasetFaq: '500000000000003',
  knowledgeKitchen: '600000000000001',
  knowledgeGlaciers: '600000000000002',
  knowledgeOffice: '600000000000003',
  docSourdough: '700000000000001',
  docKnife: '700000000000002',
  docSoup: '700000000000003',
  docGlacier: '700000000000004',
  docPrinter: '700000000000005',
  docHoliday: '700000000000006',
  conversationBread: '900000000000001',
  conversationIce: '900000000000002',
  spaceKitchen: '101',
  spaceResearch: '102',
} as const;

export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ fixture: TEST_FIXTURE_PATH, llm: null, streamDelayMs: 0, ...options });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A real HTTP call; the body is parsed as JSON when it is JSON. */
export async function call(
  url: string,
  init: RequestInit & { json?: unknown; token?: string | null } = {},
): Promise<Answer> {
  const { json, token = TOKEN, headers, ...rest } = init;
  const h = new Headers(headers);
  if (token !== null && !h.has('authorization')) h.set('Authorization', `Bearer ${token}`);
  if (json !== undefined && !h.has('content-type')) h.set('Content-Type', 'application/json');
  const res = await fetch(url, { ...rest, headers: h, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('application/json')) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body, text };
}

/** Asserts an ErrorResponse with `code` equal to the status, and returns its message. */
export function expectError(answer: Answer, status: number): string {
  expect(answer.status, answer.text).toBe(status);
  const parsed = ErrorResponse.parse(answer.body);
  expect(parsed.code).toBe(status);
  expect(parsed.message.length).toBeGreaterThan(0);
  expect(parsed.message).not.toMatch(/\n\s+at /);
  return parsed.message;
}
