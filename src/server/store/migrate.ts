import type Database from 'better-sqlite3';
import { SEGMENTATION_TAG } from '../retrieval/segment';
import { ftsColumns } from './chunks';
import { CHUNK_FTS_COLUMNS, SCHEMA_VERSION } from './schema';

/** Rows moved per statement batch, so a large store is converted without reading it all into memory. */
const BATCH = 500;

export interface IndexUpgrade {
  /** 'schema-1': the index was converted from schema 1; 'resegmented': CJK chunks were segmented again. */
  kind: 'none' | 'schema-1' | 'resegmented';
  chunks: number;
}

const readTag = (db: Database.Database) =>
  (db.prepare("SELECT value FROM meta WHERE key = 'segmentation'").get() as { value: string } | undefined)?.value;

/**
 * Brings a store's retrieval index up to date on start, in ONE transaction (a kill during it leaves the old
 * index whole; the next start tries again):
 * - schema 1 (`chunk_fts(content)`, Chinese runs unsegmented): every chunk is re-indexed into the schema-2
 *   table (`terms`, `original`), the text as written kept unchanged;
 * - a different segmentation tag (new rules, or a Node whose ICU dictionary differs): the chunks holding CJK
 *   text (those with an `original`) are segmented again, so stored words and question words come from the same
 *   segmenter. Latin chunks never depend on the segmenter and are not touched.
 * A new store only gets the tag written.
 */
/**
 * Runs `each` over every row `read` selects, BATCH rows at a time in rowid order (`read` takes the last rowid
 * seen and the batch size), so a large store is never read into memory at once. Returns how many rows it saw.
 */
function inBatches(read: Database.Statement, each: (row: { id: number; text: string }) => void): number {
  let last = Number.MIN_SAFE_INTEGER;
  let seen = 0;
  for (;;) {
    const rows = read.all(last, BATCH) as { id: number; text: string }[];
    rows.forEach(each);
    seen += rows.length;
    if (rows.length < BATCH) return seen;
    last = rows[rows.length - 1]!.id;
  }
}

export function upgradeChunkIndex(db: Database.Database): IndexUpgrade {
  return db.transaction((): IndexUpgrade => {
    const columns = db
      .prepare('SELECT * FROM chunk_fts LIMIT 0')
      .columns()
      .map((c) => c.name);
    let result: IndexUpgrade = { kind: 'none', chunks: 0 };
    if (!columns.includes('terms')) {
      db.exec(`CREATE VIRTUAL TABLE chunk_fts_v2 USING fts5 (${CHUNK_FTS_COLUMNS})`);
      const write = db.prepare('INSERT INTO chunk_fts_v2 (rowid, terms, original) VALUES (?, ?, ?)');
      const moved = inBatches(
        db.prepare('SELECT rowid AS id, content AS text FROM chunk_fts WHERE rowid > ? ORDER BY rowid LIMIT ?'),
        (row) => {
          const { terms, original } = ftsColumns(row.text);
          write.run(row.id, terms, original);
        },
      );
      db.exec('DROP TABLE chunk_fts');
      db.exec('ALTER TABLE chunk_fts_v2 RENAME TO chunk_fts');
      result = { kind: 'schema-1', chunks: moved };
    } else if (readTag(db) !== SEGMENTATION_TAG) {
      const write = db.prepare('UPDATE chunk_fts SET terms = ?, original = ? WHERE rowid = ?');
      const redone = inBatches(
        db.prepare(
          'SELECT rowid AS id, original AS text FROM chunk_fts WHERE original IS NOT NULL AND rowid > ? ORDER BY rowid LIMIT ?',
        ),
        (row) => {
          const { terms, original } = ftsColumns(row.text);
          write.run(terms, original, row.id);
        },
      );
      if (redone > 0) result = { kind: 'resegmented', chunks: redone };
    }
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('segmentation', ?), ('schema_version', ?)").run(
      SEGMENTATION_TAG,
      SCHEMA_VERSION,
    );
    return result;
  })();
}
