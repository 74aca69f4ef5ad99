import { newId } from '../../lib/ids';
import { keptDbErrorOf, type KeptDbError } from '../../lib/storage/kept-db-error';
import type { KeptStore } from '../../lib/storage/kept-db';
import type { Batch, BatchRow } from './batch';
import { BULK_BOUNDS } from './bounds';
import type { probeSample } from './probe-sample';

/*
 * Batches in the kept database: a new one, a profile's read back, one forgotten. A refusal is a KeptDbError the
 * page shows, never "no batch".
 */

export interface NewBatch {
  profileId: string;
  profileName: string;
  knowledgeId: string;
  knowledgeName?: string;
  concurrency: number;
  baselineTotalFiles?: number;
  rows: Pick<BatchRow, 'documentId' | 'name' | 'leftOut'>[];
  /** Check that a sample of the deleted documents is gone from answers, through this space (absent: not checked). */
  probeTarget?: Batch['probeTarget'];
  /** How many rows are probed (default PROBE_SAMPLE.perBatch, as `npm run remove`'s --probe-sample). */
  probeSampleSize?: number;
}

/**
 * What the last read of a profile's saved batches met: a failed read (`error`), or records that no longer parse
 * (`unreadable`). Shown beside the batches: a failed read is never "no batch".
 */
export interface BatchLoadIssue {
  profileId: string;
  error?: KeptDbError;
  unreadable: number;
}

/**
 * A new batch, running, its concurrency held within the console's bounds. With a space to probe, its sample is
 * picked now by `pickSample` (./probe-sample.ts, loaded by the caller only for such a batch), over the rows that will
 * be sent, and kept with the rows: a reload probes the same. No picker: no row is sampled (all read "not probed").
 */
export function newBatch(
  init: NewBatch,
  at: number,
  unsaved: boolean,
  pickSample: typeof probeSample | undefined,
): Batch {
  const sample = new Set(
    init.probeTarget && pickSample
      ? pickSample(
          init.rows.flatMap((r, i) => (r.leftOut ? [] : [i])),
          init.probeSampleSize,
        )
      : [],
  );
  return {
    id: newId(),
    profileId: init.profileId,
    profileName: init.profileName,
    knowledgeId: init.knowledgeId,
    knowledgeName: init.knowledgeName,
    concurrency: Math.min(Math.max(1, Math.round(init.concurrency)), BULK_BOUNDS.concurrencyMax),
    status: 'running',
    createdAt: at,
    activeMs: 0,
    baselineTotalFiles: init.baselineTotalFiles,
    rows: init.rows.map((r, i) => ({ ...r, ...(sample.has(i) ? { sampled: true } : {}), updatedAt: at })),
    updatedAt: at,
    ...(init.probeTarget ? { probeTarget: init.probeTarget } : {}),
    ...(unsaved ? { unsaved: true } : {}),
  };
}

/** Runs a write of the kept database; its refusal rejects as a KeptDbError. */
export async function keptWrite(write: () => Promise<unknown> | undefined): Promise<void> {
  try {
    await write();
  } catch (error) {
    throw keptDbErrorOf(error);
  }
}

/** A profile's saved batches and how many no longer parse; a failed read rejects as a KeptDbError. */
export async function readBatches(
  store: KeptStore<Batch> | null,
  profileId: string,
): Promise<{ rows: Batch[]; unreadable: number }> {
  if (!store) return { rows: [], unreadable: 0 };
  try {
    return await store.where('byProfile', profileId);
  } catch (error) {
    throw keptDbErrorOf(error);
  }
}
