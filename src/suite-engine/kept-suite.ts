import { newId } from '../lib/ids';
import { parseForgottenMark, type ForgottenMark } from './forgotten';
import { checkSuite, SUITE_BOUNDS, type SuiteCase, type SuiteFile } from './suite-file';

/**
 * A suite as the console keeps it (IndexedDB store `suites`, per connection profile), and what adds a case to one:
 * the suites area and the playground's "Add to suite" both write through these (features do not import each other).
 * No token: a suite file has none.
 */
export interface KeptSuite {
  id: string;
  profileId: string;
  file: SuiteFile;
  createdAt: number;
  updatedAt: number;
  /** The run the others are compared with (one per suite), kept with the suite. */
  baselineRunId?: string;
  /**
   * Kept automatically: the knowledge base's forgotten-documents suite (forgotten.ts), a case per document verified
   * gone from answers, and when.
   */
  forgotten?: ForgottenMark;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Kept rows are parsed on read: one written by an older build that no longer parses is counted as unreadable. */
export function parseKeptSuite(raw: unknown): KeptSuite | undefined {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.profileId !== 'string') return undefined;
  if (typeof raw.createdAt !== 'number' || typeof raw.updatedAt !== 'number') return undefined;
  const checked = checkSuite(raw.file);
  if (!checked.ok) return undefined;
  const { baselineRunId, forgotten: rawMark, ...rest } = raw as unknown as KeptSuite;
  const forgotten = rawMark === undefined ? undefined : parseForgottenMark(rawMark);
  // A mark that no longer parses: the row is unreadable (counted and said), not shown as an admin's own suite.
  if (rawMark !== undefined && !forgotten) return undefined;
  return {
    ...rest,
    file: checked.file,
    ...(typeof baselineRunId === 'string' ? { baselineRunId } : {}),
    ...(forgotten ? { forgotten } : {}),
  };
}

export function newSuiteId(): string {
  return `suite-${newId()}`;
}

/** What an answer gives a new case: the question asked and the documents its answer cited. */
export interface AnswerForCase {
  question: string;
  /** The cited documents' ids, in the answer's order (repeats and empty ones are dropped). */
  documentIds: readonly (string | number | undefined | null)[];
}

/** A case id from the question's first words (`how-long-does-the-beacon`), unique in `taken`. */
export function caseIdFor(question: string, taken: ReadonlySet<string>): string {
  const words = question
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 5)
    .join('-')
    .slice(0, 40)
    .replace(/-$/, '');
  const base = words || 'case';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** The case an answer makes: its question, and its cited documents as `relevant_documents` (when it cited any). */
export function caseFromAnswer(answer: AnswerForCase, taken: ReadonlySet<string> = new Set()): SuiteCase {
  const ids = [
    ...new Set(answer.documentIds.flatMap((id) => (id === undefined || id === null || id === '' ? [] : [String(id)]))),
  ];
  const question = answer.question.trim();
  return { id: caseIdFor(question, taken), question, ...(ids.length ? { relevant_documents: ids } : {}) };
}

export type CaseAdded = { ok: true; suite: KeptSuite; caseId: string } | { ok: false; error: string };

/** The suite with the answer's case appended (checked by the suite schema as a whole), or why it cannot take it. */
export function addAnswerCase(suite: KeptSuite, answer: AnswerForCase, now = Date.now()): CaseAdded {
  if (suite.file.cases.length >= SUITE_BOUNDS.casesMax)
    return { ok: false, error: `the suite already has ${SUITE_BOUNDS.casesMax} cases, the most a suite may have` };
  const taken = new Set(checkedIds(suite.file));
  const added = caseFromAnswer(answer, taken);
  const checked = checkSuite({ ...suite.file, cases: [...suite.file.cases, added] });
  if (!checked.ok) return { ok: false, error: checked.errors.join('; ') };
  return { ok: true, suite: { ...suite, file: checked.file, updatedAt: now }, caseId: added.id! };
}

/** A new suite of one case, made from an answer in a space. */
export function newSuiteFromAnswer(
  profileId: string,
  name: string,
  spaceId: string,
  answer: AnswerForCase,
  now = Date.now(),
): CaseAdded {
  const added = caseFromAnswer(answer);
  const checked = checkSuite({ name, space_id: spaceId, cases: [added] });
  if (!checked.ok) return { ok: false, error: checked.errors.join('; ') };
  return {
    ok: true,
    suite: { id: newSuiteId(), profileId, file: checked.file, createdAt: now, updatedAt: now },
    caseId: added.id!,
  };
}

/** The ids the suite's cases run under (written, or made up from their place). */
const checkedIds = (file: SuiteFile) => {
  const checked = checkSuite(file);
  return checked.ok ? checked.suite.cases.map((c) => c.id) : file.cases.flatMap((c) => (c.id ? [c.id] : []));
};
