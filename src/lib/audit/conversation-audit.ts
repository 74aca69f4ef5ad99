import type { RequestLog, RequestLogEntry } from '../log/request-log';
import type { AuditAction, AuditEntry } from './audit-log';

/** The conversation writes the audit records, by the operation the transport logged. */
const CONVERSATION_ACTIONS: Partial<Record<string, AuditAction>> = {
  updateConversation: 'conversation_update',
  deleteConversation: 'conversation_delete',
};

/** The conversation id of a logged call's path (`/v1/conversations/<id>`, a query after it left out). */
function conversationIdOf(path: string): string {
  const last = path.split('?')[0]!.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * An audit entry for a conversation update or deletion the log holds, or undefined for any other call. The service
 * answers these with its own word only (nothing re-reads them): the verification says so ("http 200").
 */
export function conversationAudit(
  entry: RequestLogEntry,
  who: { profileId: string; profileName?: string; operator?: string },
): AuditEntry | undefined {
  const action = entry.endpoint ? CONVERSATION_ACTIONS[entry.endpoint] : undefined;
  if (!action || entry.restored) return undefined;
  const ok = entry.status !== undefined && entry.status >= 200 && entry.status < 300 && !entry.errorKind;
  const outcome = entry.pending ? 'pending' : ok ? 'done' : entry.status === undefined ? 'unknown' : 'failed';
  return {
    id: `conversation:${entry.id}`,
    ...who,
    action,
    at: entry.startedAt,
    updatedAt: entry.startedAt + (entry.durationMs ?? 0),
    targetId: conversationIdOf(entry.path),
    outcome,
    verification: entry.pending ? undefined : entry.status !== undefined ? `http ${entry.status}` : entry.errorKind,
    ...(entry.errorMessage ? { detail: entry.errorMessage.slice(0, 200) } : {}),
  };
}

/**
 * Watches the request log for conversation writes and hands each one's entry to `record` when it starts and when it
 * ends (its id is the call's, so the second replaces the first). `who` is read when the call is first seen.
 */
export function watchConversationWrites(
  log: RequestLog,
  who: () => { profileId: string; profileName?: string; operator?: string } | undefined,
  record: (entry: AuditEntry) => void,
): () => void {
  const seen = new Map<string, { pending: boolean; who: ReturnType<typeof who> }>();
  const check = () => {
    for (const entry of log.getEntries()) {
      if (!entry.endpoint || !CONVERSATION_ACTIONS[entry.endpoint] || entry.restored) continue;
      const before = seen.get(entry.id);
      if (before && before.pending === entry.pending) continue;
      const by = before?.who ?? who();
      seen.set(entry.id, { pending: entry.pending, who: by });
      if (!by) continue;
      const audit = conversationAudit(entry, by);
      if (audit) record(audit);
    }
  };
  check();
  return log.subscribe(check);
}
