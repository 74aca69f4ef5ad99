import { writeCsv } from '../csv';
import type { AuditEntry } from './audit-log';

/** The CSV's columns, in order (stable: a script reading the export may rely on them). */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'updated_at',
  'profile',
  'operator',
  'action',
  'target_id',
  'target_name',
  'knowledge_id',
  'outcome',
  'verification',
  'detail',
] as const;

const iso = (ms: number) => new Date(ms).toISOString();

/** The entries as CSV (the project's CSV writer: BOM, CRLF, formulas defused). */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return writeCsv(
    AUDIT_CSV_COLUMNS,
    entries.map((e) => [
      iso(e.at),
      iso(e.updatedAt),
      e.profileName ?? e.profileId,
      e.operator,
      e.action,
      e.targetId,
      e.targetName,
      e.knowledgeId,
      e.outcome,
      e.verification,
      e.detail,
    ]),
  );
}

/** The entries as JSON, with when they were exported. */
export function auditJson(entries: readonly AuditEntry[]): string {
  return JSON.stringify({ exportedAt: new Date().toISOString(), entries }, null, 2);
}
