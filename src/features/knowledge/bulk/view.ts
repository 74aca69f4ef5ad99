import type { StatusTone } from '../../../components';
import type { MessageKey } from '../../../i18n';
import type { BatchStatus, PhaseCounts, RowPhase } from '../../../removal-engine/batch/batch';
import type { ProbeColumn } from '../../../removal-engine/batch/probe-column';

/** How each row phase reads in the batch's counts, progress bar and report. */
export const PHASE_VIEW: Record<RowPhase, { tone: StatusTone; label: MessageKey; color: string }> = {
  waiting: { tone: 'unknown', label: 'knowledge.bulk.phase.waiting', color: 'gray.4' },
  requesting: { tone: 'info', label: 'knowledge.bulk.phase.requesting', color: 'blue' },
  pending: { tone: 'warning', label: 'knowledge.bulk.phase.pending', color: 'yellow' },
  unknown: { tone: 'warning', label: 'knowledge.bulk.phase.unknown', color: 'grape' },
  deleted: { tone: 'ok', label: 'knowledge.bulk.phase.deleted', color: 'teal' },
  not_deleted: { tone: 'error', label: 'knowledge.bulk.phase.not_deleted', color: 'orange' },
  failed: { tone: 'error', label: 'knowledge.bulk.phase.failed', color: 'red' },
  not_sent: { tone: 'unknown', label: 'knowledge.bulk.phase.not_sent', color: 'gray.6' },
  left_out: { tone: 'unknown', label: 'knowledge.bulk.phase.left_out', color: 'gray.6' },
};

export const STATUS_VIEW: Record<BatchStatus, { tone: StatusTone; label: MessageKey }> = {
  running: { tone: 'info', label: 'knowledge.bulk.status.running' },
  paused: { tone: 'warning', label: 'knowledge.bulk.status.paused' },
  stopped: { tone: 'unknown', label: 'knowledge.bulk.status.stopped' },
  done: { tone: 'ok', label: 'knowledge.bulk.status.done' },
};

/** The phases shown as progress, in the order of the bar; not-sent and left-out rows are outside the work. */
export const PROGRESS_PHASES: readonly RowPhase[] = [
  'deleted',
  'not_deleted',
  'failed',
  'unknown',
  'pending',
  'requesting',
];

/** The counts listed under the bar (the six states, then the rows outside the work when there are any). */
export const COUNTED_PHASES: readonly RowPhase[] = [
  'waiting',
  'requesting',
  'pending',
  'unknown',
  'deleted',
  'not_deleted',
  'failed',
  'not_sent',
  'left_out',
];

/** The rows "Retry the not-deleted" takes up: every one not confirmed deleted that has ended (unknown ones are still read). */
export const retryableCount = (counts: PhaseCounts) => counts.not_deleted + counts.failed + counts.not_sent;

/** Counts shown only when some row has them (outside the work, or a state met only under faults). */
export const SHOWN_WHEN_ANY: ReadonlySet<RowPhase> = new Set<RowPhase>(['not_sent', 'left_out', 'unknown']);

/** How a row's "gone from answers" reads in the report: the probe's stage, or why it has none. */
export const PROBE_VIEW: Record<ProbeColumn, { tone: StatusTone; label: MessageKey }> = {
  answers_not_checked: { tone: 'unknown', label: 'knowledge.gone.stage.none' },
  not_probed: { tone: 'unknown', label: 'knowledge.bulk.probe.notProbed' },
  control: { tone: 'info', label: 'knowledge.gone.stage.control' },
  control_failed: { tone: 'unknown', label: 'knowledge.gone.stage.control_failed' },
  not_checkable: { tone: 'unknown', label: 'knowledge.gone.stage.not_checkable' },
  // The report's column is narrow: shorter words than the single deletion's (which shows the next probe's time).
  awaiting_read: { tone: 'info', label: 'knowledge.bulk.probe.awaiting' },
  probing: { tone: 'info', label: 'knowledge.bulk.probe.probing' },
  not_retrieved: { tone: 'ok', label: 'knowledge.gone.stage.not_retrieved' },
  still_in_answers: { tone: 'error', label: 'knowledge.gone.stage.still_in_answers' },
  probe_failed: { tone: 'error', label: 'knowledge.gone.stage.probe_failed' },
  cant_tell: { tone: 'warning', label: 'knowledge.gone.stage.cant_tell' },
};
