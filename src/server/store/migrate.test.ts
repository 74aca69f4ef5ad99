import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompletionResultRecord } from '../../contract';
import { CJK_FIXTURE, CJK_IDS, CJK_TOKEN } from '../cjk-fixture';
import { SEGMENTATION_TAG } from '../retrieval/segment';
import { startSandbox } from '../sandbox';
import { call } from '../test-support';
import { upgradeChunkIndex } from './migrate';
import { DATABASE_FILE } from './open';
import { SCHEMA_SQL } from './schema';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-migrate-'));
  dirs.push(dir);
  return dir;
}

const QUESTIONS = [
  '信标的电池能用多久？',
  'Beacon Display的电池能用多久？',
  'How long does the Beacon Display battery last?',
  'pairing mode times out',
];

/** Every question's chunks and reply, from a sandbox on `dir`. */
async function answers(dir: string) {
  const sb = await startSandbox({ fixture: CJK_FIXTURE, dataDir: dir, llm: null, streamDelayMs: 0 });
  try {
    const out: { chunks: unknown[]; reply: string }[] = [];
    for (const message of QUESTIONS) {
      const res = await call(`${sb.baseUrl}/v1/spaces/completions/${CJK_IDS.spaceBilingual}`, {
        method: 'POST',
        token: CJK_TOKEN,
        json: { session_id: 's', message },
      });
      expect(res.status, res.text).toBe(200);
      const result = CompletionResultRecord.documented.parse(res.body);
      out.push({ chunks: result.document_chunks, reply: result.assistant_message });
    }
    return out;
  } finally {
    await sb.close();
  }
}

const withDb = <T>(dir: string, fn: (db: Database.Database) => T): T => {
  const db = new Database(join(dir, DATABASE_FILE));
  try {
    return fn(db);
  } finally {
    db.close();
  }
};
const meta = (db: Database.Database, key: string) =>
  (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
const chineseHits = (db: Database.Database) =>
  (db.prepare(`SELECT COUNT(*) AS n FROM chunk_fts WHERE chunk_fts MATCH '"电池"'`).get() as { n: number }).n;

describe('a data directory written before CJK segmentation', () => {
  it('is converted on start (schema 1 → 2): Chinese questions then retrieve, English answers are unchanged', async () => {
    const dir = tempDir();
    const fresh = await answers(dir);
    expect((fresh[0]!.chunks[0] as { document_id: string }).document_id).toBe(CJK_IDS.docZhBattery);

    // Turn the store back into what the previous version wrote: one indexed column holding the text as written.
    const before = withDb(dir, (db) => {
      db.transaction(() => {
        db.exec(
          "CREATE VIRTUAL TABLE chunk_fts_v1 USING fts5 (content, tokenize = 'porter unicode61 remove_diacritics 2')",
        );
        db.exec('INSERT INTO chunk_fts_v1 (rowid, content) SELECT rowid, coalesce(original, terms) FROM chunk_fts');
        db.exec('DROP TABLE chunk_fts');
        db.exec('ALTER TABLE chunk_fts_v1 RENAME TO chunk_fts');
        db.exec("DELETE FROM meta WHERE key = 'segmentation'");
        db.exec("UPDATE meta SET value = '1' WHERE key = 'schema_version'");
      })();
      expect(chineseHits(db)).toBe(0); // the old index cannot find a Chinese word
      return db.prepare('SELECT rowid, content FROM chunk_fts ORDER BY rowid').all();
    });

    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const upgraded = await answers(dir);
    expect(log).toHaveBeenCalledWith(
      `sandbox: retrieval index upgraded to schema 2 (${before.length} chunks re-indexed; Chinese and Japanese text now searchable)`,
    );
    expect(upgraded).toEqual(fresh);

    withDb(dir, (db) => {
      expect(meta(db, 'schema_version')).toBe('2');
      expect(meta(db, 'segmentation')).toBe(SEGMENTATION_TAG);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(chineseHits(db)).toBeGreaterThan(0);
      // Same chunks, same text as written.
      expect(
        db.prepare('SELECT rowid, coalesce(original, terms) AS content FROM chunk_fts ORDER BY rowid').all(),
      ).toEqual(before);
    });

    // A second start has nothing to do.
    log.mockClear();
    expect(await answers(dir)).toEqual(fresh);
    expect(log).not.toHaveBeenCalled();
  });

  it('re-segments only the CJK chunks when the segmentation tag differs (e.g. a Node with another ICU)', async () => {
    const dir = tempDir();
    const fresh = await answers(dir);
    const latinBefore = withDb(dir, (db) => {
      // As if an older segmenter had cut the Chinese text differently (here: not at all).
      db.exec('UPDATE chunk_fts SET terms = original WHERE original IS NOT NULL');
      db.exec("UPDATE meta SET value = 'cjk-words-0/icu-old' WHERE key = 'segmentation'");
      expect(chineseHits(db)).toBe(0);
      return db.prepare('SELECT rowid, terms FROM chunk_fts WHERE original IS NULL ORDER BY rowid').all();
    });
    const cjkChunks = withDb(
      dir,
      (db) => (db.prepare('SELECT COUNT(*) AS n FROM chunk_fts WHERE original IS NOT NULL').get() as { n: number }).n,
    );
    expect(cjkChunks).toBeGreaterThan(0);

    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await answers(dir)).toEqual(fresh);
    expect(log).toHaveBeenCalledWith(
      `sandbox: ${cjkChunks} Chinese/Japanese chunks segmented again (the word segmenter changed)`,
    );
    withDb(dir, (db) => {
      expect(meta(db, 'segmentation')).toBe(SEGMENTATION_TAG);
      expect(db.prepare('SELECT rowid, terms FROM chunk_fts WHERE original IS NULL ORDER BY rowid').all()).toEqual(
        latinBefore,
      );
    });
  });
});

describe('upgradeChunkIndex', () => {
  it('moves a schema-1 index of many batches whole, rowids kept, and writes the tag once', () => {
    const db = new Database(':memory:');
    try {
      db.exec("CREATE VIRTUAL TABLE chunk_fts USING fts5 (content, tokenize = 'porter unicode61 remove_diacritics 2')");
      db.exec(SCHEMA_SQL); // the other tables; the old chunk_fts stays as it is
      const text = (i: number) =>
        i % 3 === 0
          ? `第 ${i} 段：信标显示屏的电池可使用约 14 天。`
          : `Chunk ${i} says the battery lasts about 14 days.`;
      const insert = db.prepare('INSERT INTO chunk_fts (rowid, content) VALUES (?, ?)');
      for (let i = 1; i <= 1234; i++) insert.run(i * 2, text(i));

      expect(upgradeChunkIndex(db)).toEqual({ kind: 'schema-1', chunks: 1234 });
      const rows = db
        .prepare(
          'SELECT rowid, coalesce(original, terms) AS content, original IS NULL AS latin FROM chunk_fts ORDER BY rowid',
        )
        .all() as { rowid: number; content: string; latin: number }[];
      expect(rows).toHaveLength(1234);
      rows.forEach((r, i) => {
        expect(r).toEqual({ rowid: (i + 1) * 2, content: text(i + 1), latin: (i + 1) % 3 === 0 ? 0 : 1 });
      });
      const count = (q: string) =>
        (db.prepare('SELECT COUNT(*) AS n FROM chunk_fts WHERE chunk_fts MATCH ?').get(q) as { n: number }).n;
      expect(count('"电池"')).toBe(411);
      expect(count('"信 标"')).toBe(411);
      expect(count('"battery"')).toBe(823);
      expect(meta(db, 'segmentation')).toBe(SEGMENTATION_TAG);
      expect(upgradeChunkIndex(db)).toEqual({ kind: 'none', chunks: 0 });
    } finally {
      db.close();
    }
  });
});
