import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ENDPOINTS,
  type EndpointBodyOutput,
  type EndpointName,
  type EndpointParams,
  type EndpointWithBody,
  type Host,
  type Method,
} from '../../contract';
import type { Fixture } from '../fixture';
import type { LlmConfig } from '../llm';
import type { DocumentLocks } from '../locks';
import type { PurgeScheduler } from '../purge';
import type { Store } from '../store/store';
import type { StreamBehaviour } from '../http/sse';

export interface SandboxState {
  store: Store;
  locks: DocumentLocks;
  purge: PurgeScheduler;
  fixture: Fixture;
  lockWaitMs: number;
  purgeDelayMs: number;
  streamDelayMs: number;
  llm: LlmConfig | undefined;
  /** Every DELETE of a knowledge document that reached this sandbox, by document id (GET /__sandbox/delete-calls). */
  deleteCalls: Map<string, number>;
  /**
   * The false-"gone" trap: a `document_id`/`document_ids` restriction leaves out a soft-deleted document at once,
   * while dataset-wide retrieval serves its chunks until the purge (PUT /__sandbox/deletion-behaviour).
   */
  restrictionHidesDeleted: boolean;
  /** The deletion behaviour the sandbox started with, which /__sandbox/reset restores. */
  startBehaviour: { purgeStalled: boolean; restrictionHidesDeleted: boolean };
  /** Faults of streamed answers (PUT /__sandbox/stream-behaviour): none until asked for, none again after a reset. */
  streamBehaviour: StreamBehaviour;
}

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The validated body (the route's schema output), or undefined for a route without one. */
  body: unknown;
  state: SandboxState;
}

/** A handler either returns a JSON answer or has written the response itself (streaming). */
export type HandlerResult = { body: unknown; status?: number; headers?: Record<string, string> } | 'streamed';

export interface Route {
  host: Host;
  method: Method;
  pattern: string;
  /** Bearer auth (false only for the health probe). */
  auth: boolean;
  /** The body schema (the contract's zod/mini schemas or the sandbox's classic ones); the body is read and validated only when given. */
  bodySchema: import('zod').core.$ZodType | null;
  handle(ctx: RequestContext): Promise<HandlerResult> | HandlerResult;
}

/** A route serving one operation of the contract (it names which, so the route table can be checked). */
export interface EndpointRoute<N extends EndpointName> extends Route {
  endpoint: N;
}

/** What a handler of one of the service's operations receives: its params and validated body, typed from the contract. */
export interface EndpointContext<N extends EndpointName> extends Omit<RequestContext, 'params' | 'body'> {
  params: EndpointParams<N>;
  body: N extends EndpointWithBody ? EndpointBodyOutput<N> : undefined;
}

/**
 * The route of one row of the contract's endpoint table: host, method, pattern and body schema come from the
 * row, so the sandbox and the console cannot disagree on them. Bearer auth always applies.
 */
export function endpointRoute<N extends EndpointName>(
  name: N,
  handle: (ctx: EndpointContext<N>) => Promise<HandlerResult> | HandlerResult,
): EndpointRoute<N> {
  const { host, method, pattern, request } = ENDPOINTS[name];
  return {
    endpoint: name,
    host,
    method,
    pattern,
    auth: true,
    bodySchema: request,
    // The dispatcher matched this pattern (every param is present) and validated the body with this schema.
    handle: (ctx) => handle(ctx as unknown as EndpointContext<N>),
  };
}
