import type { AuditAction, AuditEntry, AuditOutcome } from '../../lib';

export type ActionFilter = 'all' | AuditAction;
export type OutcomeFilter = 'all' | AuditOutcome;

/** Free text matches the target's id and name, the knowledge base, the operator, the verification and the detail. */
export function visibleAudit(
  entries: readonly AuditEntry[],
  action: ActionFilter,
  outcome: OutcomeFilter,
  text: string,
): AuditEntry[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((e) => {
    if (action !== 'all' && e.action !== action) return false;
    if (outcome !== 'all' && e.outcome !== outcome) return false;
    if (words.length === 0) return true;
    const hay = [e.targetId, e.targetName, e.knowledgeId, e.operator, e.verification, e.detail, e.action]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

export const OUTCOME_COLOR: Record<AuditOutcome, string> = {
  pending: 'gray',
  done: 'teal',
  not_done: 'orange',
  failed: 'red',
  unknown: 'yellow',
  partial: 'orange',
};
