import type { BaselineSide } from './compare';
import { outcomeKey } from './plan';
import type { Suite } from './suite-file';
import type { CaseOutcome } from './types';

/** One case in one variant as `--dry-run` plans it. */
export interface DryRunRow {
  caseId: string;
  variantId: string;
  /** Sessions: the case's repetitions. */
  sessions: number;
  /** Questions sent: each session's question and follow-ups. */
  completions: number;
  /** Tokens expected, from the previous run: this case's median per session there, times its sessions now. */
  tokens?: number;
  /** How the estimate was made: this case in the previous run, or that run's mean per completion (a new case). */
  estimate?: 'case' | 'mean';
}

export interface DryRunPlan {
  rows: DryRunRow[];
  sessions: number;
  completions: number;
  /** Total tokens expected (when a previous run with token usage was given). */
  tokens?: number;
  /** Tokens per completion over the previous run: what a case it did not run is estimated with. */
  tokensPerCompletion?: number;
}

const hasAttempts = (c: BaselineSide['cases'][number]): c is CaseOutcome => 'attempts' in c;

/**
 * What a run would send, case by case, and what it would cost in tokens judging by a previous run (`--estimate-from`,
 * read by the baseline's reader) — computed from the suite alone: nothing is sent.
 */
export function dryRunPlan(suite: Suite, only?: ReadonlySet<string>, previous?: BaselineSide): DryRunPlan {
  const before = new Map<string, CaseOutcome>();
  let tokens = 0;
  let turns = 0;
  for (const c of previous?.cases ?? []) {
    if (!hasAttempts(c)) continue;
    before.set(outcomeKey(c.caseId, c.variantId), c);
    for (const a of c.attempts)
      for (const t of a.turns)
        if (t.totalTokens !== undefined) {
          tokens += t.totalTokens;
          turns++;
        }
  }
  const perCompletion = turns ? tokens / turns : undefined;
  const rows: DryRunRow[] = [];
  for (const c of suite.cases)
    for (const v of suite.variants) {
      const key = outcomeKey(c.id, v.id);
      if (only && !only.has(key)) continue;
      const completions = c.repeat * (1 + (c.follow_ups?.length ?? 0));
      const row: DryRunRow = { caseId: c.id, variantId: v.id, sessions: c.repeat, completions };
      const median = before.get(key)?.totalTokens;
      if (median !== undefined) Object.assign(row, { tokens: Math.round(median * c.repeat), estimate: 'case' });
      else if (perCompletion !== undefined)
        Object.assign(row, { tokens: Math.round(perCompletion * completions), estimate: 'mean' });
      rows.push(row);
    }
  const sum = (f: (r: DryRunRow) => number) => rows.reduce((n, r) => n + f(r), 0);
  return {
    rows,
    sessions: sum((r) => r.sessions),
    completions: sum((r) => r.completions),
    ...(perCompletion === undefined ? {} : { tokens: sum((r) => r.tokens ?? 0), tokensPerCompletion: perCompletion }),
  };
}
