/**
 * The kept database's failures, apart from the database itself (kept-db.ts) so code that runs in Node too (the
 * removal engine) can name and classify them without loading the browser's IndexedDB module.
 */
/**
 * Why the kept database refused: the admin can act on each. `quota`: the browser's storage for this site is
 * full; `unavailable`: no IndexedDB here (private mode, storage blocked by a setting or policy); `blocked`:
 * another Knowledge Console tab still holds an older version of the database open; `outdated`: a newer console
 * (another tab) has upgraded the database past this one's version, so this tab must reload; `unreadable`: a
 * kept row no longer parses (written by another build); `other`: anything else (its message says what).
 */
export type KeptDbErrorKind = 'quota' | 'unavailable' | 'blocked' | 'outdated' | 'unreadable' | 'other';

export class KeptDbError extends Error {
  readonly kind: KeptDbErrorKind;
  constructor(kind: KeptDbErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeptDbError';
    this.kind = kind;
  }
}

export const isKeptDbError = (error: unknown): error is KeptDbError => error instanceof KeptDbError;

export const KIND_MESSAGES: Record<KeptDbErrorKind, string> = {
  quota: 'The browser storage for this site is full.',
  unavailable: 'This browser keeps no IndexedDB data here (private mode or blocked storage).',
  blocked:
    'Another Knowledge Console tab holds an older version of the saved data open: close other Knowledge Console tabs.',
  outdated: 'A newer version of Knowledge Console has upgraded the saved data: reload this tab.',
  unreadable: 'A saved record could not be read (written by another version of the console).',
  other: 'The browser storage failed.',
};

/** Any failure of IndexedDB as a KeptDbError, by the DOMException's name. */
export function keptDbErrorOf(error: unknown): KeptDbError {
  if (isKeptDbError(error)) return error;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const detail = error instanceof Error || error instanceof DOMException ? error.message : String(error);
  // Firefox's private mode refuses the open with InvalidStateError; a blocked setting or policy with SecurityError.
  const kind: KeptDbErrorKind =
    name === 'QuotaExceededError'
      ? 'quota'
      : name === 'SecurityError' || name === 'InvalidStateError'
        ? 'unavailable'
        : name === 'VersionError'
          ? 'outdated'
          : 'other';
  return new KeptDbError(kind, detail ? `${KIND_MESSAGES[kind]} (${detail})` : KIND_MESSAGES[kind], { cause: error });
}
