import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Host, Method } from '../../contract';
import type { Fixture } from '../fixture';
import type { LlmConfig } from '../llm';
import type { DocumentLocks } from '../locks';
import type { PurgeScheduler } from '../purge';
import type { Store } from '../store/store';

export interface SandboxState {
  store: Store;
  locks: DocumentLocks;
  purge: PurgeScheduler;
  fixture: Fixture;
  lockWaitMs: number;
  purgeDelayMs: number;
  streamDelayMs: number;
  llm: LlmConfig | undefined;
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
