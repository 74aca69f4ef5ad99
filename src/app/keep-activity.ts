import {
  auditLogOf,
  connectionStore,
  keptHistory,
  operatorStore,
  requestLog,
  watchConversationWrites,
  type AuditEntry,
  type AuditOutcome,
  type KeptDb,
} from '../lib';
import type { DeletionRuntime } from '../features/knowledge/deletion/runtime';
import { onRuntimeFilled, type DeletionRuntimeSlot } from '../features/knowledge/deletion/runtime-context';
import type { TrackedDeletion } from '../removal-engine/single/machine';
import type { Batch } from '../removal-engine/batch/batch';

/**
 * The Activity page's kept history and the audit of destructive actions, written from outside the features that
 * act: the request log (conversation writes), the deletion runtime's changes (single deletions) and its batches
 * (bulk removals). Nothing here changes what they do; a failed write is shown on the Activity page.
 */

/** Waits this long after being loaded before touching IndexedDB: the first page paints without the `idb` library. */
const START_DELAY_MS = 1000;

const who = (profileId: string) => ({
  profileId,
  profileName: connectionStore.getState().profiles.find((p) => p.id === profileId)?.name,
  ...(operatorStore.get() ? { operator: operatorStore.get() } : {}),
});

const DELETION_OUTCOME: Record<TrackedDeletion['state'], AuditOutcome> = {
  requesting: 'pending',
  pending: 'pending',
  unknown: 'unknown',
  deleted: 'done',
  not_deleted: 'not_done',
  failed: 'failed',
};

/** A single deletion as an audit entry: one per deletion (its id from when it started), rewritten as it moves. */
export function deletionAudit(d: TrackedDeletion): AuditEntry {
  const last = d.attempts[d.attempts.length - 1];
  return {
    id: `deletion:${d.profileId}:${d.knowledgeId}:${d.documentId}:${d.createdAt}`,
    ...who(d.profileId),
    action: 'document_deletion',
    at: d.createdAt,
    updatedAt: d.updatedAt,
    targetId: d.documentId,
    ...(d.documentName ? { targetName: d.documentName } : {}),
    knowledgeId: d.knowledgeId,
    outcome: DELETION_OUTCOME[d.state],
    verification: d.confirmedBy ?? (d.state === 'not_deleted' ? 'base_info' : undefined),
    detail: `attempts ${d.attempts.length}${last?.outcome ? `, last ${last.outcome}` : ''}`,
  };
}

/** A bulk removal as one audit entry, written once it has ended (done, or stopped and settled). */
export function batchAudit(batch: Batch): AuditEntry {
  const count = (state: string) => batch.rows.filter((r) => r.deletion?.state === state).length;
  const deleted = count('deleted');
  const sent = batch.rows.filter((r) => r.deletion).length;
  const notDeleted = count('not_deleted') + count('failed') + count('unknown');
  const outcome: AuditOutcome =
    sent === 0 ? 'not_done' : deleted === batch.rows.length ? 'done' : deleted === 0 ? 'not_done' : 'partial';
  return {
    id: `batch:${batch.id}`,
    ...who(batch.profileId),
    profileName: batch.profileName,
    action: 'bulk_removal',
    at: batch.createdAt,
    updatedAt: batch.endedAt ?? batch.updatedAt,
    targetId: batch.id,
    ...(batch.knowledgeName ? { targetName: batch.knowledgeName } : {}),
    knowledgeId: batch.knowledgeId,
    outcome,
    verification: `rows ${deleted}/${batch.rows.length}`,
    detail: `status ${batch.status}; deleted ${deleted}, not deleted ${notDeleted}, not sent ${batch.rows.length - sent}`,
  };
}

function watchDeletions(runtime: DeletionRuntime, record: (entry: AuditEntry) => void): () => void {
  // Deletions that moved before this was loaded (it loads after start-up) are written as they stand now.
  for (const d of runtime.tracker.getSnapshot()) record(deletionAudit(d));
  const offSingles = runtime.onChange((changes) => {
    for (const { previous, current } of changes) {
      if (previous?.state !== current.state) record(deletionAudit(current));
    }
  });
  const ended = new Set<string>();
  const checkBatches = () => {
    for (const batch of runtime.batches.getSnapshot()) {
      if (batch.endedAt === undefined || ended.has(batch.id)) continue;
      ended.add(batch.id);
      record(batchAudit(batch));
    }
  };
  checkBatches();
  const offBatches = runtime.batches.subscribe(checkBatches);
  return () => {
    offSingles();
    offBatches();
  };
}

/** Keeps the request history and the audit until the returned stop is called (AppProviders loads this after start). */
export function startKeptActivity(db: KeptDb, slot: DeletionRuntimeSlot | null): () => void {
  const audit = auditLogOf(db);
  // A failed write is shown on the Activity page (the audit's writeError), not thrown here.
  const record = (entry: AuditEntry) => void audit.record(entry).catch(() => undefined);
  const offConversations = watchConversationWrites(
    requestLog,
    () => {
      const id = connectionStore.getState().activeId;
      return id ? who(id) : undefined;
    },
    record,
  );
  let offDeletions: (() => void) | undefined;
  const offFilled = slot
    ? onRuntimeFilled(slot, () => {
        if (slot.runtime) offDeletions = watchDeletions(slot.runtime, record);
      })
    : () => undefined;
  const timer = setTimeout(() => void keptHistory.attach(db), START_DELAY_MS);
  return () => {
    clearTimeout(timer);
    offConversations();
    offFilled();
    offDeletions?.();
  };
}
