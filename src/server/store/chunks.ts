import type Database from 'better-sqlite3';
import { indexText } from '../retrieval/segment';

export interface ChunkHit {
  id: number;
  document_id: string;
  dataset_id: string;
  chunk_index: number;
  content: string;
  /** -bm25(): larger is better, >= 0. */
  strength: number;
}

/** A chunk's two FTS5 columns: the text as indexed, and the text as written when that differs (else null). */
export function ftsColumns(content: string): { terms: string; original: string | null } {
  const terms = indexText(content);
  return { terms, original: terms === content ? null : content };
}

/** The chunk's text as written, from its FTS5 row (SQL expression over the table alias). */
const CONTENT = (alias: string) => `coalesce(${alias}.original, ${alias}.terms)`;

/** The retrieval index: chunk rows plus their text in FTS5 (rowid = chunks.id). */
export class ChunkIndex {
  private readonly insertChunk;
  private readonly insertText;
  private readonly neighboursStmt;
  private readonly deleteTextStmt;
  private readonly deleteChunksStmt;
  /** One per distinct number of document ids. */
  private readonly searchStatements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {
    this.insertChunk = db.prepare('INSERT INTO chunks (document_id, dataset_id, chunk_index) VALUES (?, ?, ?)');
    this.insertText = db.prepare('INSERT INTO chunk_fts (rowid, terms, original) VALUES (?, ?, ?)');
    this.neighboursStmt = db.prepare(
      `SELECT c.id, c.document_id, c.dataset_id, c.chunk_index, ${CONTENT('f')} AS content, 0 AS strength
       FROM chunks c JOIN chunk_fts f ON f.rowid = c.id
       WHERE c.document_id = ? AND c.chunk_index BETWEEN ? AND ? ORDER BY c.chunk_index`,
    );
    this.deleteTextStmt = db.prepare(
      'DELETE FROM chunk_fts WHERE rowid IN (SELECT id FROM chunks WHERE document_id = ?)',
    );
    this.deleteChunksStmt = db.prepare('DELETE FROM chunks WHERE document_id = ?');
  }

  /** Call inside a transaction. */
  add(documentId: string, datasetId: string, pieces: readonly string[]): void {
    pieces.forEach((content, index) => {
      const { lastInsertRowid } = this.insertChunk.run(documentId, datasetId, index);
      const { terms, original } = ftsColumns(content);
      this.insertText.run(lastInsertRowid, terms, original);
    });
  }

  /** Call inside a transaction. */
  remove(documentId: string): number {
    this.deleteTextStmt.run(documentId);
    return this.deleteChunksStmt.run(documentId).changes;
  }

  /**
   * The best chunks of one dataset for an FTS5 expression, optionally only of some documents.
   * An expression FTS5 refuses yields no hits rather than an error (user text must never become a 500).
   */
  search(match: string, datasetId: string, documentIds: readonly string[] | null, limit: number): ChunkHit[] {
    const docFilter = documentIds === null ? '' : `AND c.document_id IN (${documentIds.map(() => '?').join(', ')})`;
    const sql = `SELECT c.id, c.document_id, c.dataset_id, c.chunk_index, ${CONTENT('chunk_fts')} AS content, -bm25(chunk_fts) AS strength
      FROM chunk_fts JOIN chunks c ON c.id = chunk_fts.rowid
      WHERE chunk_fts MATCH ? AND c.dataset_id = ? ${docFilter}
      ORDER BY bm25(chunk_fts), c.document_id, c.chunk_index LIMIT ?`;
    try {
      let statement = this.searchStatements.get(sql);
      if (statement === undefined) {
        statement = this.db.prepare(sql);
        this.searchStatements.set(sql, statement);
      }
      return statement.all(match, datasetId, ...(documentIds ?? []), limit) as ChunkHit[];
    } catch (err) {
      if (err instanceof Error && /fts5|syntax/i.test(err.message)) return [];
      throw err;
    }
  }

  neighbours(documentId: string, fromIndex: number, toIndex: number): ChunkHit[] {
    return this.neighboursStmt.all(documentId, fromIndex, toIndex) as ChunkHit[];
  }

  countForDocument(documentId: string): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM chunks WHERE document_id = ?').get(documentId) as { n: number })
      .n;
  }
}
