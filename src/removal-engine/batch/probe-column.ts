import type { ProbeRun, ProbeStage } from '../probe';

/** What a row's probe column says: its stage, or why it has none. */
export type ProbeColumn = ProbeStage | 'not_probed' | 'answers_not_checked';

/**
 * The report's probe column of a row: `answers_not_checked` when the batch had no space to probe, `not_probed`
 * outside the sample, else the probe's stage (`not_retrieved`, `still_in_answers`, `not_checkable`, ...).
 */
export function probeColumn(probing: boolean, run: ProbeRun | undefined): ProbeColumn {
  if (!probing) return 'answers_not_checked';
  return run ? run.stage : 'not_probed';
}
