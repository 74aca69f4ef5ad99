/**
 * `npm run suite -- FILE --regrade RUN.json`: the saved run read (either version, its answers file beside it), for
 * the engine's regradeRun (src/suite-engine/regrade.ts) to judge against FILE as it is now. Nothing is sent to the
 * service; the grader is asked only for a rubric no kept verdict answers.
 */
import { readFileSync } from 'node:fs';
import type { NotRegraded, SuiteRun } from '../src/suite-engine';
import { readRunFileAt } from './suite-answers';

/** The saved run with its answers, or a line saying why it cannot be re-graded (the CLI exits 2). */
export function readSavedRun(path: string): { ok: true; run: SuiteRun } | { ok: false; error: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return {
      ok: false,
      error: `cannot read --regrade ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    };
  }
  const read = readRunFileAt(path, text);
  if (!read.ok) return { ok: false, error: `--regrade ${path} is ${read.error} (nothing was judged)` };
  if ('missingAnswers' in read && read.missingAnswers)
    return {
      ok: false,
      error: `--regrade ${path}: its answers file ${read.missingAnswers} is not there (the answers are judged, not the summary; nothing was judged)`,
    };
  if (read.withoutAnswers)
    return {
      ok: false,
      error: `--regrade ${path}: ${read.withoutAnswers} attempt(s) have no answers in the file (nothing was judged)`,
    };
  return { ok: true, run: read.run };
}

/** The cases the saved answers cannot stand for, one line each (they are not run). */
export function notRegradedLines(list: readonly NotRegraded[], label: (o: NotRegraded) => string): string[] {
  return list.map((n) => `NOT RE-GRADED ${label(n)}: ${n.note}`);
}
