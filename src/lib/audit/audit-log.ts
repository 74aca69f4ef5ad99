import { keptDbErrorOf, type KeptDb, type KeptDbError, type KeptRows } from '../storage/kept-db';

/**
 * How much of the audit this browser keeps, per connection profile: choices of the console, named once (the
 * README's "The audit of destructive actions" says the same). The oldest entries go first.
 */
export const AUDIT_BOUNDS = {
  /** Entries kept per profile. */
  maxEntries: 2000,
  /** Entries older than this are dropped (days). */
  maxAgeDays: 180,
} as const;

const DAY_MS = 86_400_000;

/** What was done: the service's destructive operations, as the console sends them. */
export type AuditAction = 'document_deletion' | 'bulk_removal' | 'conversation_update' | 'conversation_delete';

export const AUDIT_ACTIONS: readonly AuditAction[] = [
  'document_deletion',
  'bulk_removal',
  'conversation_update',
  'conversation_delete',
];

/**
 * How it ended, as far as this browser knows: `pending` (sent, not verified yet), `done` (verified, or the
 * service's own success where nothing can be verified), `not_done` (verified not done), `failed` (the call failed),
 * `unknown` (whether it happened cannot be told), `partial` (a bulk removal with some rows not deleted).
 */
export type AuditOutcome = 'pending' | 'done' | 'not_done' | 'failed' | 'unknown' | 'partial';

/**
 * One destructive action of this browser under a profile. The service exposes no identity: `operator` is the name
 * set in Settings when the action was recorded (optional). No token, no body: ids, names, counts and outcomes.
 */
export interface AuditEntry {
  /** Stable per action: a second write of the same action (its outcome known later, another tab) replaces it. */
  id: string;
  profileId: string;
  profileName?: string;
  operator?: string;
  action: AuditAction;
  /** When the action started (epoch ms). */
  at: number;
  /** When this entry last changed. */
  updatedAt: number;
  /** What it acted on: a document, a knowledge base's batch, a conversation. */
  targetId: string;
  targetName?: string;
  /** The knowledge base of a document or a batch. */
  knowledgeId?: string;
  outcome: AuditOutcome;
  /**
   * How the outcome is known, in the console's words: `base_info` / `total_files` (the read that confirmed a
   * deletion), `http 200` (the service's answer only), `rows 12/12` (a batch's deleted rows), or an error kind.
   */
  verification?: string;
  /** A short free detail (the HTTP status, the batch's counts). */
  detail?: string;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const OUTCOMES = new Set<string>(['pending', 'done', 'not_done', 'failed', 'unknown', 'partial']);

/** A kept row as an AuditEntry, or undefined when it is not one (counted as unreadable, never shown as nothing). */
export function parseAuditEntry(raw: unknown): AuditEntry | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const o = raw as Record<string, unknown>;
  if (!isString(o.id) || !isString(o.profileId) || !isString(o.targetId)) return undefined;
  if (!isString(o.action) || !(AUDIT_ACTIONS as readonly string[]).includes(o.action)) return undefined;
  if (!isNumber(o.at) || !isNumber(o.updatedAt) || !isString(o.outcome) || !OUTCOMES.has(o.outcome)) return undefined;
  const optional = (key: string) => (isString(o[key]) ? { [key]: o[key] } : {});
  return {
    id: o.id,
    profileId: o.profileId,
    action: o.action as AuditAction,
    at: o.at,
    updatedAt: o.updatedAt,
    targetId: o.targetId,
    outcome: o.outcome as AuditOutcome,
    ...optional('profileName'),
    ...optional('operator'),
    ...optional('targetName'),
    ...optional('knowledgeId'),
    ...optional('verification'),
    ...optional('detail'),
  } as AuditEntry;
}

export interface AuditLog {
  /** Writes an entry (replacing one of the same id), then drops what is past AUDIT_BOUNDS for its profile. */
  record(entry: AuditEntry): Promise<void>;
  /** The profile's entries, newest first, and how many kept rows no longer read. Rejects with a KeptDbError. */
  list(profileId: string): Promise<KeptRows<AuditEntry>>;
  /** Told after every write of this tab (the Activity page reads again). */
  subscribe(listener: () => void): () => void;
  /** Why the last write of this tab failed (cleared by one that works): the Activity page says so. */
  writeError(): KeptDbError | undefined;
}

/** Which kept rows of a profile are past the bounds: older than maxAgeDays, or beyond maxEntries (oldest first). */
export function pastBounds(rows: readonly { id: string; at: number }[], now: number): string[] {
  const oldest = now - AUDIT_BOUNDS.maxAgeDays * DAY_MS;
  const sorted = [...rows].sort((a, b) => b.at - a.at);
  return sorted.filter((row, i) => row.at < oldest || i >= AUDIT_BOUNDS.maxEntries).map((row) => row.id);
}

export function createAuditLog(db: KeptDb, now: () => number = Date.now): AuditLog {
  const store = db.store('audit', parseAuditEntry);
  const listeners = new Set<() => void>();
  const known = new Set<string>();
  let failed: KeptDbError | undefined;
  return {
    async record(entry) {
      try {
        await write(entry);
        failed = undefined;
      } catch (error) {
        failed = keptDbErrorOf(error);
        throw failed;
      } finally {
        listeners.forEach((l) => l());
      }
    },
    writeError: () => failed,
    async list(profileId) {
      const kept = await store.where('byProfile', profileId);
      return { rows: kept.rows.sort((a, b) => b.at - a.at), unreadable: kept.unreadable };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  async function write(entry: AuditEntry) {
    await store.put(entry);
    // Bounds are applied when a new action is written, not at each change of one already kept.
    if (!known.has(entry.id)) {
      known.add(entry.id);
      await db.transact(['audit'], 'readwrite', async (tx) => {
        const rows = (await tx.where('audit', 'byProfile', entry.profileId)) as { id: string; at: number }[];
        for (const id of pastBounds(
          rows.filter((r) => r && isString(r.id) && isNumber(r.at)),
          now(),
        )) {
          await tx.delete('audit', id);
        }
      });
    }
  }
}
