import type { KeptDb } from '../lib';
import { KeptDbError } from '../lib/storage/kept-db-error';
import { checkSuite, SUITE_BOUNDS, type SuiteCase, type SuiteFile } from './suite-file';

/**
 * The "forgotten documents" suite the console keeps per knowledge base (and per connection profile): every removal
 * verified gone from answers adds its probe question with `not_cites_document`, asked as the probe asked it (through
 * the knowledge base's dataset, in the space the admin picked), so a later run — in the console or a nightly
 * `npm run suite` of its export — fails when a re-sync brings the document back. Kept in the console's one IndexedDB
 * database (store `suites`, beside the admin's own suites), handed in: Node-safe like the rest of the engine.
 *
 * Wiring: the deletion runtime's `onGoneFromAnswers(evidence)` calls `rememberForgotten(entry, db)` with the kept
 * database it was given; a rejection (a KeptDbError: storage full, blocked, unreadable) is the caller's to show.
 */
export interface ForgottenEntry {
  profileId: string;
  knowledgeId: string;
  /** The knowledge base's dataset the probe asked through (`dataset_id`). */
  datasetId: string;
  /** The space the probe was sent to: the suite's space_id. */
  spaceId: string;
  documentId: string;
  /** The probe question (made from a piece of the document's text read before the DELETE). */
  question: string;
  /** When the removal was verified "not retrieved" (ms since the epoch). */
  verifiedAt: number;
}

/** Kept beside the suite's file: which knowledge base it follows, and when each document was verified gone. */
export interface ForgottenMark {
  knowledgeId: string;
  documents: Record<string, { verifiedAt: number; datasetId: string }>;
}

/** A kept suite row as this module writes it (the suites feature reads the same row: features/suites/model/store). */
export interface ForgottenSuiteRow {
  id: string;
  profileId: string;
  file: SuiteFile;
  createdAt: number;
  updatedAt: number;
  forgotten: ForgottenMark;
  baselineRunId?: string;
}

/** The fixed user every forgotten-suite question is asked as (as the deletion probe is): no one's history. */
export const FORGOTTEN_USER = 'knowledge-console-forgotten-suite';

/** One suite per profile and knowledge base: its id is made of both, so two tabs adding at once write one suite. */
export const forgottenSuiteId = (profileId: string, knowledgeId: string) =>
  `forgotten-${knowledgeId}-${encodeURIComponent(profileId)}`;

/** A case per document: adding a document twice replaces its case rather than adding a second. */
export const forgottenCaseId = (documentId: string) => `gone-${documentId}`;

/** Refused, kept rows untouched: the suite is at SUITE_BOUNDS.casesMax documents. */
export class ForgottenSuiteFullError extends Error {
  constructor(readonly knowledgeId: string) {
    super(
      `The forgotten-documents suite of knowledge base ${knowledgeId} has ${SUITE_BOUNDS.casesMax} cases, the most a suite may have: this document was not added.`,
    );
    this.name = 'ForgottenSuiteFullError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The mark of a kept row, or undefined when it has none (an admin's own suite) or it does not parse. */
export function parseForgottenMark(raw: unknown): ForgottenMark | undefined {
  if (!isObject(raw) || typeof raw.knowledgeId !== 'string' || !isObject(raw.documents)) return undefined;
  const documents: ForgottenMark['documents'] = {};
  for (const [id, d] of Object.entries(raw.documents)) {
    if (!isObject(d) || typeof d.verifiedAt !== 'number' || typeof d.datasetId !== 'string') return undefined;
    documents[id] = { verifiedAt: d.verifiedAt, datasetId: d.datasetId };
  }
  return { knowledgeId: raw.knowledgeId, documents };
}

/** A kept row that is there but does not parse (an older build's, a hand edit): never read as "no suite yet". */
const UNREADABLE = 'unreadable';

function parseRow(raw: unknown): ForgottenSuiteRow | typeof UNREADABLE {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.profileId !== 'string') return UNREADABLE;
  if (typeof raw.createdAt !== 'number' || typeof raw.updatedAt !== 'number') return UNREADABLE;
  const checked = checkSuite(raw.file);
  const forgotten = parseForgottenMark(raw.forgotten);
  if (!checked.ok || !forgotten) return UNREADABLE;
  return { ...(raw as unknown as ForgottenSuiteRow), file: checked.file, forgotten };
}

function caseOf(entry: ForgottenEntry): SuiteCase {
  return {
    id: forgottenCaseId(entry.documentId),
    question: entry.question,
    // Through the dataset, as the probe asked: a `document_id` restriction may hide a deleted document that dataset
    // search still serves.
    options: { dataset_id: entry.datasetId },
    expect: { not_cites_document: entry.documentId },
  };
}

/**
 * The suite with the entry's case in it (pure). Unchanged (the same object) when the document's case is there with
 * the same question and dataset; otherwise its case is replaced in place, or added at the end. The suite is asked
 * in the space of the newest entry (the one the admin picks now for this knowledge base).
 */
export function withForgotten(
  row: ForgottenSuiteRow | undefined,
  entry: ForgottenEntry,
  now: number,
): ForgottenSuiteRow {
  const added = caseOf(entry);
  if (!row) {
    return {
      id: forgottenSuiteId(entry.profileId, entry.knowledgeId),
      profileId: entry.profileId,
      file: {
        name: `Forgotten documents · knowledge base ${entry.knowledgeId}`,
        space_id: entry.spaceId,
        // As the probe asks: no rewriting of the question, no web search (the document's public url could feed
        // it), one answer whole, a fixed user.
        defaults: {
          refine_question: false,
          retrieval_with_websearch: false,
          stream: false,
          external_user_id: FORGOTTEN_USER,
        },
        cases: [added],
      },
      createdAt: now,
      updatedAt: now,
      forgotten: {
        knowledgeId: entry.knowledgeId,
        documents: { [entry.documentId]: { verifiedAt: entry.verifiedAt, datasetId: entry.datasetId } },
      },
    };
  }
  const at = row.file.cases.findIndex((c) => c.id === added.id);
  const same =
    at >= 0 &&
    row.file.cases[at]!.question === added.question &&
    row.file.cases[at]!.options?.dataset_id === added.options?.dataset_id &&
    String(row.file.space_id) === entry.spaceId &&
    row.forgotten.documents[entry.documentId] !== undefined;
  if (same) return row;
  if (at < 0 && row.file.cases.length >= SUITE_BOUNDS.casesMax) throw new ForgottenSuiteFullError(entry.knowledgeId);
  const cases = at < 0 ? [...row.file.cases, added] : row.file.cases.map((c, i) => (i === at ? added : c));
  return {
    ...row,
    file: { ...row.file, space_id: entry.spaceId, cases },
    updatedAt: now,
    forgotten: {
      ...row.forgotten,
      documents: {
        ...row.forgotten.documents,
        [entry.documentId]: { verifiedAt: entry.verifiedAt, datasetId: entry.datasetId },
      },
    },
  };
}

/**
 * Adds a verified removal to its knowledge base's forgotten-documents suite in the console's database, creating the
 * suite on first use; the same document again writes nothing. One readwrite transaction (no other tab's write
 * between the read and the write). Rejects with the database's KeptDbError, or a ForgottenSuiteFullError: never
 * silently. Returns the suite's id and whether anything was written.
 */
export async function rememberForgotten(
  entry: ForgottenEntry,
  db: KeptDb,
  now: () => number = Date.now,
): Promise<{ suiteId: string; written: boolean }> {
  const suiteId = forgottenSuiteId(entry.profileId, entry.knowledgeId);
  const suites = db.store<ForgottenSuiteRow | typeof UNREADABLE>('suites', parseRow);
  let written = false;
  // Refused inside the transaction, thrown after it (writing nothing), as itself.
  let refused: Error | undefined;
  await suites.update(suiteId, (current) => {
    // Written over, its cases would be lost: refused, and said.
    if (current === UNREADABLE) {
      refused = new KeptDbError(
        'unreadable',
        `The forgotten-documents suite ${suiteId} is kept but could not be read.`,
      );
      return undefined;
    }
    try {
      const next = withForgotten(current, entry, now());
      written = next !== current;
      return written ? next : undefined;
    } catch (error) {
      refused = error as Error;
      return undefined;
    }
  });
  if (refused) throw refused;
  return { suiteId, written };
}
