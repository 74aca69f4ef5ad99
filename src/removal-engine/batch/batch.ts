import type { KeptDbErrorKind } from '../../lib/storage/kept-db-error';
import { z } from '../../contract/zod';
import type { ProbeRun } from '../probe/state';
import { isActive, type DeletionState, type TrackedDeletion } from '../single/machine';
import type { SendHold } from './backoff';

/**
 * A batch (what the UI calls a bulk removal): every id the admin submitted at once, each row driven by the
 * tracked-deletion machine, kept in IndexedDB (store `bulkBatches`) so it survives a reload or a closed tab.
 * No token is kept: the batch names its connection profile, whose token is held in memory.
 */
export type BatchStatus = 'running' | 'paused' | 'stopped' | 'done';

export interface BatchRow {
  documentId: string;
  /** From the check before confirming (base info), when it answered. */
  name?: string;
  /** Unknown at the check and not included by the admin: never sent. */
  leftOut?: boolean;
  /** The batch was stopped before this row's DELETE. */
  notSent?: boolean;
  /** "Retry the not-deleted": waits for a free slot to start its new round. */
  retryQueued?: boolean;
  /** Its document's single deletion was under way: the row shows that one and sends nothing of its own meanwhile. */
  sharedWithSingle?: boolean;
  /** Absent while the row waits for its first DELETE. */
  deletion?: TrackedDeletion;
  /** In the batch's probe sample (./probe-sample.ts, fixed when the batch is made): its answers are checked. */
  sampled?: boolean;
  /**
   * The sampled row's probes ("gone from answers": ./row-probes.ts), kept with the batch so a reloaded tab or the
   * tab taking over goes on from them. Never the document's text: the run's `reference` is kept empty.
   */
  probe?: ProbeRun;
  updatedAt: number;
}

/** What the admin may ask of a running batch, in any tab (said on the channel, and kept in `requested`). */
export type BatchCommand = 'pause' | 'resume' | 'stop' | 'retry_not_deleted' | 'run_unsaved';

export interface Batch {
  id: string;
  profileId: string;
  /** For the report (the profile may be renamed or removed later); never its token. */
  profileName: string;
  knowledgeId: string;
  knowledgeName?: string;
  concurrency: number;
  status: BatchStatus;
  createdAt: number;
  /** Set when no row is active any more (done, or stopped and settled). */
  endedAt?: number;
  /** Time spent running (not paused, not waiting for the page), for the time-left estimate. */
  activeMs: number;
  /** total_files before the first DELETE: the fallback confirmation (see totalFilesConfirms). */
  baselineTotalFiles?: number;
  /**
   * Rows before this index may have been sent: it is saved before their DELETEs leave (write-ahead, a block
   * at a time rather than a save per DELETE). After a reload such a row still waiting is read, not re-sent.
   */
  reservedUntil?: number;
  /** When the current block was reserved (its lock window runs from then). */
  reservedAt?: number;
  /**
   * Pause/Resume/Stop/Retry asked in a tab that does not run the batch, written here as well as said on the
   * channel: if the running tab closes before it hears it, the tab taking over applies it. Cleared once applied.
   */
  requested?: { command: BatchCommand; at: number };
  rows: BatchRow[];
  updatedAt: number;
  /**
   * The space a sample of the rows is probed through for "gone from answers", and the knowledge base's dataset the
   * probes search (a document restriction may hide a deleted document too soon). Absent: answers not checked.
   */
  probeTarget?: { spaceId: string; datasetId?: string };
  /** Run without saving, as the admin chose after a save failed: it does not survive a reload. Never saved. */
  unsaved?: boolean;
  /** Why the last save failed (cleared by the next one that works); a running batch pauses on it. Never saved. */
  storageError?: { kind: KeptDbErrorKind; message: string };
  /** Why nothing is being sent now, and until when (offline, 429, 5xx, a refused token): see ./backoff.ts. */
  hold?: SendHold;
}

/** Where a row stands: the machine's state, or one of the batch's own. */
export type RowPhase = 'waiting' | 'not_sent' | 'left_out' | DeletionState;

const ROW_PHASES: readonly RowPhase[] = [
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

export function phaseOf(row: BatchRow): RowPhase {
  if (row.leftOut) return 'left_out';
  if (row.deletion) return row.deletion.state;
  return row.notSent ? 'not_sent' : 'waiting';
}

export type PhaseCounts = Record<RowPhase, number>;

export function countPhases(rows: readonly BatchRow[]): PhaseCounts {
  const counts = Object.fromEntries(ROW_PHASES.map((p) => [p, 0])) as PhaseCounts;
  for (const row of rows) counts[phaseOf(row)]++;
  return counts;
}

/** Rows still needing work: waiting, queued for a retry, or active in the machine. */
export const isOpen = (row: BatchRow) =>
  !row.leftOut && (row.retryQueued === true || (row.deletion ? isActive(row.deletion) : !row.notSent));

export const isFinished = (batch: Batch) => batch.endedAt !== undefined;

// Kept rows are parsed on read: one written by another build that does not fit is left out.
const attemptSchema = z.object({
  startedAt: z.number(),
  sentAt: z.optional(z.number()),
  outcome: z.optional(z.enum(['accepted', 'error', 'no_answer', 'deferred', 'interrupted'])),
  finishedAt: z.optional(z.number()),
  error: z.optional(z.object({ status: z.optional(z.number()), code: z.optional(z.number()), message: z.string() })),
  checks: z.array(
    z.object({ at: z.number(), result: z.enum(['gone', 'present', 'error']), detail: z.optional(z.string()) }),
  ),
});

const deletionSchema = z.object({
  profileId: z.string(),
  knowledgeId: z.string(),
  documentId: z.string(),
  documentName: z.optional(z.string()),
  baselineTotalFiles: z.optional(z.number()),
  state: z.enum(['requesting', 'pending', 'unknown', 'deleted', 'not_deleted', 'failed']),
  attempts: z.array(attemptSchema),
  roundStart: z.number(),
  nextCheckAt: z.optional(z.number()),
  confirmedBy: z.optional(z.enum(['base_info', 'total_files'])),
  createdAt: z.number(),
  updatedAt: z.number(),
});

// A kept probe run, checked for what the batch and its report read; the rest is the probe core's, passed through.
const probeRunSchema = z.looseObject({
  documentId: z.string(),
  spaceId: z.string(),
  stage: z.enum([
    'control',
    'control_failed',
    'not_checkable',
    'awaiting_read',
    'probing',
    'not_retrieved',
    'still_in_answers',
    'probe_failed',
    'cant_tell',
  ]),
  round: z.number(),
  probes: z.array(z.looseObject({ at: z.number(), outcome: z.enum(['found', 'empty', 'failed']) })),
  tokens: z.number(),
});

const rowSchema = z.object({
  documentId: z.string(),
  name: z.optional(z.string()),
  leftOut: z.optional(z.boolean()),
  notSent: z.optional(z.boolean()),
  retryQueued: z.optional(z.boolean()),
  sharedWithSingle: z.optional(z.boolean()),
  deletion: z.optional(deletionSchema),
  sampled: z.optional(z.boolean()),
  probe: z.optional(probeRunSchema),
  updatedAt: z.number(),
});

const batchSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  knowledgeId: z.string(),
  knowledgeName: z.optional(z.string()),
  concurrency: z.number(),
  status: z.enum(['running', 'paused', 'stopped', 'done']),
  createdAt: z.number(),
  endedAt: z.optional(z.number()),
  activeMs: z.number(),
  baselineTotalFiles: z.optional(z.number()),
  reservedUntil: z.optional(z.number()),
  reservedAt: z.optional(z.number()),
  requested: z.optional(
    z.object({ command: z.enum(['pause', 'resume', 'stop', 'retry_not_deleted']), at: z.number() }),
  ),
  rows: z.array(rowSchema),
  updatedAt: z.number(),
  probeTarget: z.optional(z.object({ spaceId: z.string(), datasetId: z.optional(z.string()) })),
  hold: z.optional(
    z.object({
      reason: z.enum(['offline', 'unreachable', 'rate_limited', 'server_error', 'token_rejected']),
      until: z.optional(z.number()),
      status: z.optional(z.number()),
      message: z.optional(z.string()),
    }),
  ),
});

const requestSchema = z.object({
  requested: z.optional(
    z.object({ command: z.enum(['pause', 'resume', 'stop', 'retry_not_deleted']), at: z.number() }),
  ),
});

/**
 * A saved batch read only for the command another tab asked of it (`requested`, parsed): read on every save of a
 * running batch, where parsing its thousands of rows each time would cost the page. The rest is passed through
 * as it is to the write that follows, which replaces it.
 */
export function parseBatchRequest(raw: unknown): Batch | undefined {
  const parsed = requestSchema.safeParse(raw);
  return parsed.success ? ({ ...(raw as Batch), requested: parsed.data.requested } as Batch) : undefined;
}

export function parseBatch(raw: unknown): Batch | undefined {
  const parsed = batchSchema.safeParse(raw);
  return parsed.success ? (parsed.data as Batch) : undefined;
}
