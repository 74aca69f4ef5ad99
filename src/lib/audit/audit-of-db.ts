import type { KeptDb } from '../storage/kept-db';
import { createAuditLog, type AuditLog } from './audit-log';

const logs = new WeakMap<KeptDb, AuditLog>();

/** One audit log per database (per app): the writer and the Activity page share its change notices. */
export function auditLogOf(db: KeptDb): AuditLog {
  let log = logs.get(db);
  if (!log) logs.set(db, (log = createAuditLog(db)));
  return log;
}
