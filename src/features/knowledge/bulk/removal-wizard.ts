import type { KeptDbError } from '../../../lib';
import type { Lookup } from '../../../removal-engine/batch/check-first';
import { inputTooLarge } from './input-size';
import { BULK_BOUNDS, PROBE_SAMPLE } from '../../../removal-engine/batch/bounds';
import { sourceOfFile, type IdSource } from '../../../removal-engine/batch/parse-ids';

/**
 * The "Remove many documents" dialog as data: ids in, an optional check of each id, then the confirmation.
 *
 *   input ──Check──▶ checking ──all answered──▶ review ──Remove──▶ (saved: the dialog closes; not saved: stays,
 *     ▲  └──Continue (no check)─────────────────▶  │                 with "Try again" / "Run without saving")
 *     └────────────Cancel check / Back─────────────┘
 *
 * The reducer is pure: reading a file, the lookups and saving the batch are the dialog's (BulkRemovalModal), which
 * reports each step here as an action.
 */
export type WizardStep = 'input' | 'checking' | 'review';

/** Input refused before it reached the ids box (which keeps what it had); said in the admin's language when shown. */
export type InputRefusal =
  | { kind: 'fileTooLarge'; name: string; size: number }
  | { kind: 'pasteTooLarge'; size: number }
  | { kind: 'fileFailed'; name: string; reason: string };

export interface RemovalWizard {
  step: WizardStep;
  /** What the ids box holds, and how it is read (a .csv file by its first column). */
  text: string;
  source: IdSource;
  /** The file the ids came from, until they are edited. */
  fileName: string | null;
  inputError: InputRefusal | null;
  checkFirst: boolean;
  /** Ids answered so far by the check. */
  checked: number;
  /** The check's answers; null when skipped (or not finished). */
  lookups: Lookup[] | null;
  includeUnknown: boolean;
  concurrency: number;
  /**
   * The space a sample of the documents is probed through for "gone from answers" (the knowledge base's remembered
   * Test retrieval space to start with); empty: answers not checked.
   */
  probeSpace: string;
  /** Why the space typed cannot be used (not an id the path takes); nothing is started while it is set. */
  probeSpaceError: string | null;
  /** The number of documents, as typed to confirm. */
  typed: string;
  starting: boolean;
  /** The batch could not be saved: nothing was sent, and the admin chooses what next. */
  saveError: KeptDbError | null;
  /** Set once the admin moves past the ids: from then on focus follows each step (not on opening the dialog). */
  moved: boolean;
}

export type WizardAction =
  | { type: 'textChanged'; value: string }
  | { type: 'inputRefused'; refusal: InputRefusal }
  | { type: 'fileChosen' }
  | { type: 'fileRead'; name: string; content: string }
  | { type: 'checkFirstSet'; value: boolean }
  | { type: 'proceeded' }
  | { type: 'checkProgressed'; done: number }
  | { type: 'checkFinished'; lookups: Lookup[] }
  | { type: 'back' }
  | { type: 'includeUnknownSet'; value: boolean }
  | { type: 'concurrencySet'; value: number | string }
  | { type: 'probeSpaceSet'; value: string }
  | { type: 'probeSpaceRefused'; error: string }
  | { type: 'typed'; value: string }
  | { type: 'startRequested' }
  | { type: 'startFailed'; error: KeptDbError };

export const initialWizard = (probeSpace = ''): RemovalWizard => ({
  step: 'input',
  text: '',
  source: 'text',
  fileName: null,
  inputError: null,
  checkFirst: true,
  checked: 0,
  lookups: null,
  includeUnknown: false,
  concurrency: BULK_BOUNDS.concurrencyDefault,
  probeSpace,
  probeSpaceError: null,
  typed: '',
  starting: false,
  saveError: null,
  moved: false,
});

export function wizardReducer(state: RemovalWizard, action: WizardAction): RemovalWizard {
  switch (action.type) {
    case 'textChanged':
      // Typed or dropped text past the cap is refused too; the ids box keeps what it had.
      if (inputTooLarge(action.value.length))
        return { ...state, inputError: { kind: 'pasteTooLarge', size: action.value.length } };
      // Edited, the ids are no longer the file's: read as text.
      return { ...state, text: action.value, inputError: null, fileName: null, source: 'text' };
    case 'inputRefused':
      return { ...state, inputError: action.refusal };
    case 'fileChosen':
      return { ...state, inputError: null };
    case 'fileRead':
      return { ...state, text: action.content, fileName: action.name, source: sourceOfFile(action.name) };
    case 'checkFirstSet':
      return { ...state, checkFirst: action.value };
    case 'proceeded':
      return {
        ...state,
        step: state.checkFirst ? 'checking' : 'review',
        checked: 0,
        lookups: null,
        includeUnknown: false,
        typed: '',
        moved: true,
      };
    case 'checkProgressed':
      // Answers already asked for may still arrive after the check is cancelled: they count for nothing.
      return state.step === 'checking' ? { ...state, checked: action.done } : state;
    case 'checkFinished':
      return state.step === 'checking' ? { ...state, lookups: action.lookups, step: 'review' } : state;
    case 'back':
      return { ...state, step: 'input' };
    case 'includeUnknownSet':
      // What the typed number confirms has changed: it is typed again.
      return { ...state, includeUnknown: action.value, typed: '' };
    case 'concurrencySet':
      return {
        ...state,
        concurrency: Math.min(Math.max(Number(action.value) || 1, 1), BULK_BOUNDS.concurrencyMax),
      };
    case 'probeSpaceSet':
      return { ...state, probeSpace: action.value, probeSpaceError: null };
    case 'probeSpaceRefused':
      return { ...state, probeSpaceError: action.error };
    case 'typed':
      return { ...state, typed: action.value };
    case 'startRequested':
      return { ...state, starting: true, saveError: null };
    case 'startFailed':
      return { ...state, starting: false, saveError: action.error };
  }
}

/**
 * Whether an id is left out of the batch: always when its base info names another knowledge base (the service
 * refuses its DELETE), and when unknown to the service unless the admin includes the unknown ones.
 */
export function leftOutBy(lookups: readonly Lookup[] | null, includeUnknown: boolean): (id: string) => boolean {
  const elsewhere = new Set(lookups?.filter((l) => l.status === 'elsewhere').map((l) => l.id));
  const unknown = new Set(lookups?.filter((l) => l.status === 'unknown').map((l) => l.id));
  return (id) => elsewhere.has(id) || (!includeUnknown && unknown.has(id));
}

/**
 * How many of the batch's documents are probed for "gone from answers" with a space chosen: the documented sample
 * per batch (PROBE_SAMPLE, the CLI's default too), or every document of a smaller batch.
 */
export const probedCount = (count: number): number => Math.min(Math.max(0, count), PROBE_SAMPLE.perBatch);

/** "1,000" or "1 000" typed for 1000 confirms too: the admin typed the number, not its digits. */
export const confirms = (typed: string, count: number): boolean =>
  typed.replace(/[\s,.'_]/g, '') === String(count) && count > 0;

/** The batch's rows: every id, named when the check found its name, those left out marked (and kept in the report). */
export function batchRows(
  ids: readonly string[],
  lookups: readonly Lookup[] | null,
  leftOut: (id: string) => boolean,
): { documentId: string; name?: string; leftOut?: true }[] {
  const names = new Map(lookups?.flatMap((l) => ('name' in l && l.name ? [[l.id, l.name]] : [])));
  return ids.map((documentId) => ({
    documentId,
    name: names.get(documentId),
    leftOut: leftOut(documentId) ? true : undefined,
  }));
}
