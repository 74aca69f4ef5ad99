import type { StatusTone } from '../../../components';
import type { MessageKey } from '../../../i18n';
import { isActive, type DeletionState, type TrackedDeletion } from '../../../removal-engine/single/machine';
import { paths } from '../../../config/paths';

/** How each state reads: a badge tone and its words. */
export const STATE_VIEW: Record<DeletionState, { tone: StatusTone; label: MessageKey; tooltip: MessageKey }> = {
  requesting: {
    tone: 'info',
    label: 'knowledge.deletion.state.requesting',
    tooltip: 'knowledge.deletion.state.requesting.tooltip',
  },
  pending: {
    tone: 'warning',
    label: 'knowledge.deletion.state.pending',
    tooltip: 'knowledge.deletion.state.pending.tooltip',
  },
  unknown: {
    tone: 'warning',
    label: 'knowledge.deletion.state.unknown',
    tooltip: 'knowledge.deletion.state.unknown.tooltip',
  },
  deleted: {
    tone: 'ok',
    label: 'knowledge.deletion.state.deleted',
    tooltip: 'knowledge.deletion.state.deleted.tooltip',
  },
  not_deleted: {
    tone: 'error',
    label: 'knowledge.deletion.state.not_deleted',
    tooltip: 'knowledge.deletion.state.not_deleted.tooltip',
  },
  failed: {
    tone: 'error',
    label: 'knowledge.deletion.state.failed',
    tooltip: 'knowledge.deletion.state.failed.tooltip',
  },
};

/** A profile's deletions, optionally of one knowledge base: active ones first, then newest first. */
export function deletionsFor(
  all: readonly TrackedDeletion[],
  profileId: string | null | undefined,
  knowledgeId?: string,
): TrackedDeletion[] {
  if (!profileId) return [];
  const mine = all.filter(
    (d) => d.profileId === profileId && (knowledgeId === undefined || d.knowledgeId === knowledgeId),
  );
  return [...mine.filter(isActive), ...mine.filter((d) => !isActive(d))];
}

/** Where the header indicator leads: the knowledge base when every active deletion is in one, else the overview. */
export function indicatorTarget(active: readonly TrackedDeletion[]): string {
  const ids = new Set(active.map((d) => d.knowledgeId));
  return ids.size === 1 ? paths.knowledgeBase.href([...ids][0]!) : paths.knowledge.href();
}

/** The last failed attempt's error, for a "Failed" item. */
export function lastError(d: TrackedDeletion) {
  for (let i = d.attempts.length - 1; i >= 0; i--) {
    const error = d.attempts[i]!.error;
    if (error) return error;
  }
  return undefined;
}

/** A progress signature: changes when a DELETE is answered or a check is recorded (the record may have changed). */
export function progressOf(d: TrackedDeletion): string {
  return d.attempts.map((a) => `${a.outcome ?? '-'}${a.checks.length}`).join(',');
}

export const hasAccepted = (d: TrackedDeletion) => d.attempts.some((a) => a.outcome === 'accepted');
