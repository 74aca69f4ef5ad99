/**
 * This browser's record of destructive actions, per connection profile (IndexedDB store `audit`), and the operator
 * name written with each entry. Its CSV export (audit-export.ts) is imported by path: papaparse stays with the pages.
 */
export {
  AUDIT_ACTIONS,
  AUDIT_BOUNDS,
  createAuditLog,
  parseAuditEntry,
  pastBounds,
  type AuditAction,
  type AuditEntry,
  type AuditLog,
  type AuditOutcome,
} from './audit-log';
export { auditLogOf } from './audit-of-db';
export { conversationAudit, watchConversationWrites } from './conversation-audit';
export {
  createOperatorStore,
  OPERATOR_NAME_MAX,
  OPERATOR_STORAGE_KEY,
  operatorStore,
  useOperatorName,
  type OperatorStore,
} from './operator';
