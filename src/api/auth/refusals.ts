import { isApiError, type ApiError } from '../http/errors';

/** A call the service refused for its credentials: the token is missing, wrong or not allowed. */
export function isAuthError(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'http' && (error.status === 401 || error.status === 403);
}

/** What the console knows about a refused call when it tells the admin. */
export interface AuthErrorEvent {
  error: ApiError;
  /** The profile the call was sent with (a query's key starts with it; a mutation uses the active one). */
  profileId: string | null;
  /** 'read': a query; 'write': a mutation, or a completion (streamed or not) sent outside React Query. */
  source: 'read' | 'write';
  /** A read that had never succeeded: the first load of what a page shows, not a background refresh. */
  firstLoad: boolean;
}

export type AuthRefusalListener = (event: AuthErrorEvent) => void;

export interface AuthRefusals {
  /**
   * Tells every listener. One refusal is told once: a completion reports its own refusal as it throws,
   * and if a mutation wraps it, the query client meets the same error again and must not report it twice.
   */
  report(event: AuthErrorEvent): void;
  /** Whether this error has been reported already. */
  reported(error: ApiError): boolean;
  subscribe(listener: AuthRefusalListener): () => void;
}

/** Refusals kept for the first listener at most (start-up reads of one page are a handful). */
const HELD_MAX = 10;

export function createAuthRefusals(): AuthRefusals {
  const listeners = new Set<AuthRefusalListener>();
  const seen = new WeakSet<ApiError>();
  // Told before anyone listened: a page's data is prefetched at start-up, before the shell that listens has
  // rendered, and its refusal must still take the admin to Settings.
  let held: AuthErrorEvent[] = [];
  return {
    report(event) {
      if (seen.has(event.error)) return;
      seen.add(event.error);
      if (listeners.size === 0) held = [...held, event].slice(-HELD_MAX);
      for (const listener of listeners) listener(event);
    },
    reported: (error) => seen.has(error),
    subscribe(listener) {
      listeners.add(listener);
      const early = held;
      held = [];
      for (const event of early) listener(event);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * Every refused token, whichever way the call was made: React Query's reads and writes (through
 * createQueryClient's onAuthError) and the calls made outside it (completions, streamed or not).
 * The shell subscribes once; what was told before it did is told to it then (see createAuthRefusals).
 */
export const authRefusals = createAuthRefusals();

/** For calls made outside React Query: a refused token is reported as a write (it notifies, never navigates). */
export function reportRefusedWrite(error: unknown, profileId: string | null): void {
  if (isAuthError(error)) authRefusals.report({ error, profileId, source: 'write', firstLoad: false });
}
