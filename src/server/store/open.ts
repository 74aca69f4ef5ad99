import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { upgradeChunkIndex } from './migrate';
import { SCHEMA_SQL } from './schema';

export type StorageOption = { kind: 'memory' } | { kind: 'dir'; dir: string };

export const DATABASE_FILE = 'sandbox.sqlite';

/**
 * Opens the store. On disk: WAL with synchronous=FULL, so a committed transaction survives a kill -9
 * or power loss and an interrupted one leaves nothing behind (the index upgrade below is one such transaction).
 */
export function openDatabase(storage: StorageOption): Database.Database {
  let db: Database.Database;
  if (storage.kind === 'memory') {
    db = new Database(':memory:');
  } else {
    mkdirSync(storage.dir, { recursive: true });
    db = new Database(join(storage.dir, DATABASE_FILE));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA_SQL);
  // A store written by an earlier version keeps working: its retrieval index is converted here, before use.
  const upgrade = upgradeChunkIndex(db);
  if (upgrade.kind === 'schema-1')
    console.error(
      `sandbox: retrieval index upgraded to schema 2 (${upgrade.chunks} chunks re-indexed; Chinese and Japanese text now searchable)`,
    );
  if (upgrade.kind === 'resegmented')
    console.error(`sandbox: ${upgrade.chunks} Chinese/Japanese chunks segmented again (the word segmenter changed)`);
  return db;
}
