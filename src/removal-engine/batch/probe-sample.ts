import type { ProbeRun } from '../probe';
import { PROBE_SAMPLE } from './bounds';

export { PROBE_SAMPLE } from './bounds';

/**
 * Which rows of a batch are probed for "gone from answers". Each probe is a billed completion (a positive control
 * before the DELETE, then up to PROBE_TIMING.maxProbesPerRound after the read confirms), so a batch of thousands
 * probes a sample, not every row: the console's bulk removal and `npm run remove` pick it here, alike.
 *
 * The sample: up to PROBE_SAMPLE.perBatch rows (default 10; the CLI's --probe-sample changes it, up to .max), spread
 * evenly over the rows that are sent (the first and the last included), so a fault in one stretch of the list is
 * still met. Every row outside it reads "not probed". Loaded only for a batch given a space (the sample's size,
 * PROBE_SAMPLE, is in ./bounds.ts; the report's probe column in ./probe-column.ts).
 */

/** Indices of the sampled rows among `eligible` (the rows sent, in order), at most `size` of them, evenly spread. */
export function probeSample(eligible: readonly number[], size: number = PROBE_SAMPLE.perBatch): number[] {
  const n = Math.max(0, Math.min(Math.floor(size), PROBE_SAMPLE.max));
  if (n === 0 || eligible.length === 0) return [];
  if (eligible.length <= n) return [...eligible];
  if (n === 1) return [eligible[0]!];
  const picked = new Set<number>();
  for (let k = 0; k < n; k++) picked.add(eligible[Math.round((k * (eligible.length - 1)) / (n - 1))]!);
  return [...picked].sort((a, b) => a - b);
}

/**
 * Whether a probe has nothing more to do by itself (a verdict, or no verdict to be had); `rowPending`: its row's
 * deletion is under way or confirmed, so a run awaiting the read is about to probe.
 */
export const probeSettled = (run: ProbeRun, rowPending: boolean) =>
  run.stage !== 'control' && run.stage !== 'probing' && !(run.stage === 'awaiting_read' && rowPending);
