import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { notFound } from '../http/errors';
import { REQUEST_BOUNDS } from '../bounds';
import type { Route } from './types';

/** Sandbox-only controls, on the secondary host behind the same bearer auth (the health probe excepted). */

export const LockHoldBody = z.object({
  hold_ms: z
    .int({ error: 'hold_ms is required and must be an integer' })
    .min(0, { error: 'hold_ms must be at least 0' })
    .max(REQUEST_BOUNDS.maxLockHoldMs, { error: `hold_ms must be at most ${REQUEST_BOUNDS.maxLockHoldMs}` }),
});

export const holdLock: Route = {
  host: 'secondary',
  method: 'POST',
  pattern: '/__sandbox/locks/:document_id',
  auth: true,
  bodySchema: LockHoldBody,
  handle({ params, body, state }) {
    const id = params.document_id!;
    if (state.store.getDocument(id) === undefined) throw notFound(`document ${id} not found`);
    const { hold_ms } = body as z.output<typeof LockHoldBody>;
    state.locks.hold(id, hold_ms);
    return { body: { status: true, message: `lock of document ${id} held for ${hold_ms} ms` } };
  },
};

export const releaseLock: Route = {
  host: 'secondary',
  method: 'DELETE',
  pattern: '/__sandbox/locks/:document_id',
  auth: true,
  bodySchema: null,
  handle({ params, state }) {
    const id = params.document_id!;
    const held = state.locks.release(id);
    return {
      body: { status: true, message: held ? `lock of document ${id} released` : `lock of document ${id} was not held` },
    };
  },
};

export const reset: Route = {
  host: 'secondary',
  method: 'POST',
  pattern: '/__sandbox/reset',
  auth: true,
  bodySchema: null,
  handle({ state }) {
    state.locks.clear();
    state.deleteCalls.clear();
    state.store.reset(state.fixture);
    state.restrictionHidesDeleted = state.startBehaviour.restrictionHidesDeleted;
    state.purge.setStalled(state.startBehaviour.purgeStalled);
    state.streamBehaviour = {};
    state.purge.runDue();
    return { body: { status: true, message: 'store reset to the fixture (deletion behaviour as started)' } };
  },
};

/** What reached the sandbox, counted where it arrives: a browser's own count includes requests that never left. */
export const deleteCalls: Route = {
  host: 'secondary',
  method: 'GET',
  pattern: '/__sandbox/delete-calls',
  auth: true,
  bodySchema: null,
  handle: ({ state }) => ({ body: { calls: Object.fromEntries(state.deleteCalls) } }),
};

const health = (host: 'base' | 'secondary'): Route => ({
  host,
  method: 'GET',
  pattern: '/__sandbox/health',
  auth: false,
  bodySchema: null,
  handle: () => ({ body: { status: 'ok' } }),
});

export const healthBase = health('base');
export const healthSecondary = health('secondary');

/** The demo suite of the demo spaces (fixtures/demo-suite.json): the console offers it for a sandbox profile. */
const DEMO_SUITE_URL = new URL('../fixtures/demo-suite.json', import.meta.url);
let demoSuite: unknown;

export const demoSuiteRoute: Route = {
  host: 'base',
  method: 'GET',
  pattern: '/__sandbox/demo-suite',
  auth: false,
  bodySchema: null,
  handle: () => ({ body: (demoSuite ??= JSON.parse(readFileSync(DEMO_SUITE_URL, 'utf8'))) }),
};
