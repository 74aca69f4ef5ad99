import type { CaseOutcome, Suite } from '../../../suite-engine';

/** Which cases the run page shows. */
export type CaseFilter = 'all' | 'failing' | 'pass' | 'not_run';

/** One row per case: its outcome in each variant, side by side. */
export interface CaseRowData {
  caseId: string;
  question: string;
  byVariant: Map<string, CaseOutcome>;
}

/** The run's outcomes grouped by case, kept when they match the filter and the search (on id or question). */
export function groupRows(
  outcomes: readonly CaseOutcome[],
  suite: Suite | undefined,
  filter: CaseFilter,
  search: string,
): CaseRowData[] {
  const questions = new Map(suite?.cases.map((c) => [c.id, c.question]));
  const byCase = new Map<string, CaseRowData>();
  for (const o of outcomes) {
    let row = byCase.get(o.caseId);
    if (!row) {
      row = { caseId: o.caseId, question: questions.get(o.caseId) ?? '', byVariant: new Map() };
      byCase.set(o.caseId, row);
    }
    row.byVariant.set(o.variantId, o);
  }
  const needle = search.trim().toLowerCase();
  return [...byCase.values()].filter((row) => {
    const statuses = [...row.byVariant.values()].map((o) => o.status);
    if (filter === 'failing' && !statuses.some((s) => s === 'fail' || s === 'error')) return false;
    if (filter === 'pass' && !statuses.every((s) => s === 'pass')) return false;
    if (filter === 'not_run' && !statuses.some((s) => s === 'not_run')) return false;
    return !needle || row.caseId.toLowerCase().includes(needle) || row.question.toLowerCase().includes(needle);
  });
}
