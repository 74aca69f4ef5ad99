import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiKeys } from '../../../api';
import { useT } from '../../../i18n';
import { countPhases, type Batch } from '../../../removal-engine/batch/batch';
import { useDeletionRuntime } from './hooks';
import type { DeletionChange, DeletionRuntime } from './runtime';
import { hasAccepted, lastError, progressOf } from './view';
import { latestSyncContext, type Mounted, type SyncContext } from './sync-translate';

/** The knowledge record is re-read at most this often while a batch deletes (its total_files drops). */
const BATCH_REFRESH_MS = 2_000;

const latest = latestSyncContext;

function handle(runtime: DeletionRuntime, changes: DeletionChange[]) {
  const ctx = latest(runtime);
  if (!ctx) return;
  const { queryClient, t } = ctx;
  for (const { previous, current: d } of changes) {
    // After a 200 and after each check the record may have changed (total_files): read it again.
    if (hasAccepted(d) && (!previous || progressOf(previous) !== progressOf(d))) {
      void queryClient.invalidateQueries({ queryKey: apiKeys.knowledge(d.profileId, d.knowledgeId) });
    }
    if (previous?.state === d.state) continue;
    const name = d.documentName ?? d.documentId;
    if (d.state === 'failed') {
      const error = lastError(d);
      notifications.show({
        color: 'red',
        title: t('knowledge.notify.failed', { name }),
        message: error ? error.message : t('knowledge.deletion.unknownError'),
      });
    } else if (d.state === 'deleted' && previous) {
      void queryClient.invalidateQueries({ queryKey: apiKeys.document(d.profileId, d.documentId) });
      notifications.show({
        color: 'teal',
        title: t('knowledge.notify.deleted', { name }),
        message: t('knowledge.notify.deletedDetail'),
      });
    } else if (d.state === 'not_deleted' && previous) {
      notifications.show({
        color: 'yellow',
        title: t('knowledge.notify.notDeleted', { name }),
        message: t('knowledge.notify.notDeletedDetail'),
      });
    }
  }
}

/** Batches notify once, when they end (in the tab that ran them), and refresh their knowledge base as they go. */
function watchBatches(runtime: DeletionRuntime): () => void {
  const deletedBefore = new Map<string, number>();
  const refreshedAt = new Map<string, number>();
  const refresh = (b: Batch, force = false) => {
    const ctx = latest(runtime);
    const key = `${b.profileId}\u0000${b.knowledgeId}`;
    const at = Date.now();
    if (!ctx || (!force && at - (refreshedAt.get(key) ?? 0) < BATCH_REFRESH_MS)) return;
    refreshedAt.set(key, at);
    void ctx.queryClient.invalidateQueries({ queryKey: apiKeys.knowledge(b.profileId, b.knowledgeId) });
  };
  const offProgress = runtime.batches.subscribe(() => {
    for (const b of runtime.batches.getSnapshot()) {
      const deleted = countPhases(b.rows).deleted;
      if (deleted !== (deletedBefore.get(b.id) ?? deleted)) refresh(b);
      deletedBefore.set(b.id, deleted);
    }
  });
  const offFinished = runtime.batches.onFinished((b) => {
    const ctx = latest(runtime);
    if (!ctx) return;
    refresh(b, true);
    const counts = countPhases(b.rows);
    const clean = counts.not_deleted === 0 && counts.failed === 0;
    notifications.show({
      color: clean ? 'teal' : 'yellow',
      title: ctx.t('knowledge.bulk.notify.finished', { name: b.knowledgeName ?? b.knowledgeId }),
      message: ctx.t('knowledge.bulk.notify.finishedDetail', {
        deleted: counts.deleted,
        notDeleted: counts.not_deleted,
        failed: counts.failed,
      }),
    });
  });
  return () => {
    offProgress();
    offFinished();
  };
}

/**
 * Reacts to deletion steps where React lives: refreshes the knowledge record after each answer and
 * check, and notifies of failures and outcomes. Mount it wherever deletions are shown (page, header).
 */
export function useDeletionSync(): void {
  const runtime = useDeletionRuntime();
  const queryClient = useQueryClient();
  const t = useT();
  const ctx = useRef<SyncContext>({ queryClient, t });
  useEffect(() => {
    ctx.current = { queryClient, t };
  });
  useEffect(
    () =>
      runtime.mountSync<Mounted>(ctx, () => {
        const offChanges = runtime.onChange((changes) => handle(runtime, changes));
        const offBatches = watchBatches(runtime);
        return () => {
          offChanges();
          offBatches();
        };
      }),
    [runtime],
  );
}
