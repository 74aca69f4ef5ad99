import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiKeys } from '../../../api';
import { useT, type Translate } from '../../../i18n';
import { onDeletionChange, type DeletionChange } from './instance';
import { hasAccepted, lastError, progressOf } from './view';

interface SyncContext {
  queryClient: QueryClient;
  t: Translate;
}

/** Mounted syncs, most recent last; only that one acts, so two mounted copies never notify twice. */
const mounted: { current: SyncContext }[] = [];
let unsubscribe: (() => void) | null = null;

function handle(changes: DeletionChange[]) {
  const ctx = mounted[mounted.length - 1]?.current;
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

/**
 * Reacts to deletion steps where React lives: refreshes the knowledge record after each answer and
 * check, and notifies of failures and outcomes. Mount it wherever deletions are shown (page, header).
 */
export function useDeletionSync(): void {
  const queryClient = useQueryClient();
  const t = useT();
  const ctx = useRef<SyncContext>({ queryClient, t });
  useEffect(() => {
    ctx.current = { queryClient, t };
  });
  useEffect(() => {
    const entry = ctx;
    mounted.push(entry);
    unsubscribe ??= onDeletionChange(handle);
    return () => {
      const i = mounted.indexOf(entry);
      if (i >= 0) mounted.splice(i, 1);
      if (mounted.length === 0) {
        unsubscribe?.();
        unsubscribe = null;
      }
    };
  }, []);
}
