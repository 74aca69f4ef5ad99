import { QueryClient } from '@tanstack/react-query';
import { CLIENT_LIMITS } from '../constants';
import { isApiError } from '../http/errors';

/**
 * Only failures that a later try may not repeat: a 5xx, no answer, no answer in time.
 * A 4xx, a CORS refusal or an answer the console cannot read will fail the same way again.
 */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 500;
}

/** React Query calls this with the number of failures so far before each possible retry. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < CLIENT_LIMITS.queryRetries && isRetryableError(error);
}

/** min(base·2^n, max): 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelayMs(failureCount: number, baseMs: number = CLIENT_LIMITS.retryBaseDelayMs): number {
  return Math.min(baseMs * 2 ** failureCount, CLIENT_LIMITS.retryMaxDelayMs);
}

export interface QueryClientOptions {
  /** The first retry's delay; tests shorten it. Default CLIENT_LIMITS.retryBaseDelayMs. */
  retryBaseDelayMs?: number;
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const base = options.retryBaseDelayMs ?? CLIENT_LIMITS.retryBaseDelayMs;
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: (failureCount) => retryDelayMs(failureCount, base),
        staleTime: CLIENT_LIMITS.staleTimeMs,
      },
      mutations: {
        // A write, a completion above all, is sent once: a retry could apply it twice or bill twice.
        retry: 0,
        // 'always' runs the mutation now and never queues it to re-send when the browser comes back online.
        networkMode: 'always',
      },
    },
  });
}
