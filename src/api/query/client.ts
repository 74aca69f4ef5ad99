import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { connectionStore } from '../../lib/profiles/store';
import { CALL_BOUNDS } from '../constants';
import { authRefusals, isAuthError, type AuthErrorEvent } from '../auth/refusals';
import { isApiError } from '../http/errors';
import { NO_PROFILE_KEY } from './keys';

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
  return failureCount < CALL_BOUNDS.queryRetries && isRetryableError(error);
}

/** min(base·2^n, max): 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelayMs(failureCount: number, baseMs: number = CALL_BOUNDS.retryBaseDelayMs): number {
  return Math.min(baseMs * 2 ** failureCount, CALL_BOUNDS.retryMaxDelayMs);
}

export interface QueryClientOptions {
  /** The first retry's delay; tests shorten it. Default CALL_BOUNDS.retryBaseDelayMs. */
  retryBaseDelayMs?: number;
  /**
   * Called once per refused call (401/403), from any query or mutation, so the shell can send the admin to
   * Settings. The app passes authRefusals.report. A refusal already reported by the call itself (a completion
   * used as a mutationFn) is not passed again.
   */
  onAuthError?: (event: AuthErrorEvent) => void;
}

function queryProfileId(query: Query<unknown, unknown, unknown>): string | null {
  const first = query.queryKey[0];
  return typeof first === 'string' && first !== NO_PROFILE_KEY ? first : null;
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const base = options.retryBaseDelayMs ?? CALL_BOUNDS.retryBaseDelayMs;
  const { onAuthError } = options;
  const tell =
    onAuthError &&
    ((event: AuthErrorEvent) => {
      if (!authRefusals.reported(event.error)) onAuthError(event);
    });
  return new QueryClient({
    // Handled here, once, rather than on every page: a refused token is a fact about the profile, not the page.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (tell && isAuthError(error)) {
          tell({ error, profileId: queryProfileId(query), source: 'read', firstLoad: query.state.dataUpdatedAt === 0 });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (tell && isAuthError(error)) {
          tell({ error, profileId: connectionStore.getActiveProfile()?.id ?? null, source: 'write', firstLoad: false });
        }
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: (failureCount) => retryDelayMs(failureCount, base),
        staleTime: CALL_BOUNDS.staleTimeMs,
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
