/**
 * What this service has SHOWN, per connection profile, of the behaviour the interface leaves "not shown": what a read
 * of a document returns after its delete, whether retrieved pieces carry `document_id`, and how a `document_id`
 * restriction treats a deleted document. A verdict that rests on a behaviour not shown here reads "can't tell on
 * this service" rather than guess. Storage is handed in (localStorage in the console, a file in the CLI).
 */
export interface Shown<T> {
  value: T;
  /** When it was last seen, and on which document. */
  at: number;
  documentId?: string;
}

export interface ShownBehaviour {
  /** After a confirmed delete, the document's base info answered 404, or kept answering (total_files confirmed). */
  readAfterDelete?: Shown<'not_found' | 'base_info_still_answers'>;
  /** Every piece seen so far named its document (false as soon as one did not). */
  piecesCarryDocumentId?: Shown<boolean>;
  /** While a deleted document was still served by dataset retrieval, a `document_id` restriction hid it or served it. */
  restrictionOnDeleted?: Shown<'hides_at_once' | 'serves_until_purge'>;
}

export type BehaviourKey = keyof ShownBehaviour;

/** How each behaviour is worded, for the page and the CLI. */
export const BEHAVIOUR_LABELS: Record<BehaviourKey, string> = {
  readAfterDelete: 'what a read returns after a delete',
  piecesCarryDocumentId: 'whether retrieved pieces carry document_id',
  restrictionOnDeleted: 'how a document_id restriction treats a deleted document',
};

export function observeRead(
  shown: ShownBehaviour,
  via: 'base_info' | 'total_files',
  at: number,
  documentId?: string,
): ShownBehaviour {
  return {
    ...shown,
    readAfterDelete: { value: via === 'base_info' ? 'not_found' : 'base_info_still_answers', at, documentId },
  };
}

/** Pieces with and without `document_id`: true stays true only while every piece seen named its document. */
export function observePieces(
  shown: ShownBehaviour,
  answer: { pieces: number; piecesWithDocumentId: number },
  at: number,
  documentId?: string,
): ShownBehaviour {
  if (answer.pieces === 0) return shown;
  const all = answer.piecesWithDocumentId === answer.pieces;
  const value = (shown.piecesCarryDocumentId?.value ?? true) && all;
  return { ...shown, piecesCarryDocumentId: { value, at, documentId } };
}

/** A restricted probe and a dataset probe sent together after the delete, while the dataset probe still found it. */
export function observeRestriction(
  shown: ShownBehaviour,
  restrictedFound: boolean,
  at: number,
  documentId?: string,
): ShownBehaviour {
  return {
    ...shown,
    restrictionOnDeleted: { value: restrictedFound ? 'serves_until_purge' : 'hides_at_once', at, documentId },
  };
}

/** Where the record lives: injected, so the console and the CLI keep it their own way. */
export interface BehaviourStore {
  load(profileId: string): Promise<ShownBehaviour>;
  save(profileId: string, shown: ShownBehaviour): Promise<void>;
}

export function memoryBehaviourStore(initial: Record<string, ShownBehaviour> = {}): BehaviourStore {
  const byProfile = new Map(Object.entries(initial));
  return {
    load: async (profileId) => byProfile.get(profileId) ?? {},
    save: async (profileId, shown) => {
      byProfile.set(profileId, shown);
    },
  };
}

/** Key-value storage (a browser's localStorage, or anything shaped like it). */
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const BEHAVIOUR_KEY_PREFIX = 'kc.service-behaviour.v1.';

/**
 * The record in key-value storage, one key per profile. An unreadable record is a failure (thrown), never "nothing
 * shown": a caller that cannot load it claims no verdict resting on it either.
 */
export function keyValueBehaviourStore(kv: KeyValue): BehaviourStore {
  return {
    async load(profileId) {
      const raw = kv.getItem(BEHAVIOUR_KEY_PREFIX + profileId);
      if (raw === null) return {};
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object')
        throw new Error('The record of this service’s behaviour is unreadable.');
      return parsed as ShownBehaviour;
    },
    async save(profileId, shown) {
      kv.setItem(BEHAVIOUR_KEY_PREFIX + profileId, JSON.stringify(shown));
    },
  };
}

const VALUES: { [K in BehaviourKey]: readonly unknown[] } = {
  readAfterDelete: ['not_found', 'base_info_still_answers'],
  piecesCarryDocumentId: [true, false],
  restrictionOnDeleted: ['hides_at_once', 'serves_until_purge'],
};

/**
 * A record read back from storage (a file, a state line), checked: every behaviour it names has a value this
 * module writes, a finite time and, if any, a string id. Anything else is malformed: undefined, never a guess
 * (unknown keys, from a later version, are dropped).
 */
export function parseShownBehaviour(raw: unknown): ShownBehaviour | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Record<string, Shown<unknown>> = {};
  for (const key of Object.keys(VALUES) as BehaviourKey[]) {
    const entry: unknown = (raw as Record<string, unknown>)[key];
    if (entry === undefined) continue;
    if (!entry || typeof entry !== 'object') return undefined;
    const { value, at, documentId } = entry as Record<string, unknown>;
    if (!VALUES[key].includes(value) || typeof at !== 'number' || !Number.isFinite(at)) return undefined;
    if (documentId !== undefined && typeof documentId !== 'string') return undefined;
    out[key] = { value, at, ...(documentId !== undefined ? { documentId } : {}) };
  }
  return out as ShownBehaviour;
}

const later = <T>(a: Shown<T> | undefined, b: Shown<T> | undefined) => (!a ? b : !b ? a : b.at >= a.at ? b : a);

/**
 * Two records of one service joined (a run's state file and a file kept across runs): the latest of each behaviour,
 * except that pieces carry `document_id` only while neither record saw one that did not.
 */
export function mergeShown(a: ShownBehaviour, b: ShownBehaviour): ShownBehaviour {
  const out: ShownBehaviour = {};
  const read = later(a.readAfterDelete, b.readAfterDelete);
  if (read) out.readAfterDelete = read;
  const restriction = later(a.restrictionOnDeleted, b.restrictionOnDeleted);
  if (restriction) out.restrictionOnDeleted = restriction;
  const pieces = later(a.piecesCarryDocumentId, b.piecesCarryDocumentId);
  if (pieces) {
    const value = (a.piecesCarryDocumentId?.value ?? true) && (b.piecesCarryDocumentId?.value ?? true);
    out.piecesCarryDocumentId = { ...pieces, value };
  }
  return out;
}
