import { documentIdOf } from './retrieval';
import type { AttemptResult, CaseOutcome } from './types';

/**
 * Characters of an answer the HTML and JUnit reports show per question; the rest is cut, with a note saying so
 * (the JSON report and the console keep the answer as it was stored). A CI job's report is read, not searched:
 * 5,000 cases × 4,000 characters stay a page a browser opens.
 */
export const REPORT_ANSWER_CHARS = 4000;

/** The note put where an answer was cut. */
export const cutNote = (chars: number) => `… (cut at ${REPORT_ANSWER_CHARS} characters of ${chars})`;

/** Shown where a run file came without its answers file (a part merged alone, an import of the run file only). */
export const ANSWER_NOT_AT_HAND = '(answer not at hand: the run file came without its answers file)';

/** `text` up to REPORT_ANSWER_CHARS, never ending in half a surrogate pair; `cut` when something was left out. */
export function cutAnswer(text: string): { text: string; cut: boolean } {
  if (text.length <= REPORT_ANSWER_CHARS) return { text, cut: false };
  let end = REPORT_ANSWER_CHARS;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { text: text.slice(0, end), cut: true };
}

/**
 * An attempt with its answers joined back (the CLI keeps them on disk as they arrive: run-file.ts); a report
 * that shows answers calls it per case, so a run's answers are never all in memory at once.
 */
export type DetailsOf = (attempt: AttemptResult) => AttemptResult;

/** A case's outcome with its attempts' answers at hand (as it is without `details`). */
export const withDetails = (o: CaseOutcome, details?: DetailsOf): CaseOutcome =>
  details ? { ...o, attempts: o.attempts.map(details) } : o;

/** One question of a case as a report shows it: what was asked, the answer (cut), the documents it cited. */
export interface ReportTurn {
  label: string;
  question: string;
  answer: string;
  /** The answer's full length when it was cut. */
  cutFrom?: number;
  cited: string[];
}

/**
 * The exchange a report shows for a case: its first repetition that did not pass (that is the one to read), else
 * its first; every turn of it (the question, then each follow-up).
 */
export function reportTurns(o: CaseOutcome): { attempt?: AttemptResult; turns: ReportTurn[] } {
  const attempt = o.attempts.find((a) => a.status !== 'pass') ?? o.attempts[0];
  if (!attempt) return { turns: [] };
  const turns = attempt.turns.map((t, i) => {
    // A version-2 run read without its answers file has no answer here (run-file.ts): said, never a crash.
    const answer = typeof t.answer === 'string' ? t.answer : ANSWER_NOT_AT_HAND;
    const { text, cut } = cutAnswer(answer);
    const cited = [...new Set(t.sources.map(documentIdOf).filter((id): id is string => id !== undefined))];
    return {
      label: `${o.planned > 1 ? `repetition ${attempt.repetition}, ` : ''}${i ? `follow-up ${i}` : 'question'}`,
      question: t.question,
      answer: text,
      ...(cut ? { cutFrom: answer.length } : {}),
      cited,
    };
  });
  return { attempt, turns };
}
