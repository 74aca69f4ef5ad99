/**
 * The sandbox's tables. Records whose fields the sandbox never queries are kept as JSON (`record`),
 * the documented shape exactly as it is answered; counts are computed at read time.
 * Chunk text lives only in the FTS5 table, whose rowid is chunks.id.
 */
export const SCHEMA_VERSION = '2';

/**
 * The retrieval index (schema 2). `terms` is what is matched: the chunk's text with Chinese/Japanese runs cut
 * into words (retrieval/segment.ts), identical to the text when it has none. `original` is the text as written,
 * kept only when it differs from `terms` (NULL otherwise); UNINDEXED, so bm25 sees exactly what schema 1 saw
 * for Latin text. Schema 1 had one indexed column, `content`; store/migrate.ts converts it.
 */
export const CHUNK_FTS_COLUMNS = "terms, original UNINDEXED, tokenize = 'porter unicode61 remove_diacritics 2'";

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS agents (agent_id TEXT PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS datasets (dataset_id TEXT PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS knowledge (knowledge_id TEXT PRIMARY KEY, dataset_id TEXT NOT NULL, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
  document_id TEXT PRIMARY KEY,
  knowledge_id TEXT NOT NULL,
  dataset_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  url TEXT NOT NULL,
  text TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_by_knowledge ON documents (knowledge_id, status);
CREATE INDEX IF NOT EXISTS documents_by_dataset ON documents (dataset_id, status);
CREATE TABLE IF NOT EXISTS conversations (
  conversation_id TEXT PRIMARY KEY,
  record TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS turns (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL,
  role TEXT NOT NULL,
  content TEXT NOT NULL,
  message_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS turns_by_conversation ON turns (conversation_id, id);
CREATE TABLE IF NOT EXISTS spaces (space_id TEXT PRIMARY KEY, name TEXT NOT NULL, dataset_ids TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY,
  document_id TEXT NOT NULL,
  dataset_id TEXT NOT NULL,
  chunk_index INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_by_document ON chunks (document_id, chunk_index);
CREATE INDEX IF NOT EXISTS chunks_by_dataset ON chunks (dataset_id);
CREATE VIRTUAL TABLE IF NOT EXISTS chunk_fts USING fts5 (${CHUNK_FTS_COLUMNS});
CREATE TABLE IF NOT EXISTS purge_jobs (document_id TEXT PRIMARY KEY, due_at_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS purge_jobs_by_due ON purge_jobs (due_at_ms);
`;

/** Tables emptied by a reset, children first. */
export const DATA_TABLES = [
  'chunk_fts',
  'chunks',
  'purge_jobs',
  'turns',
  'conversations',
  'documents',
  'knowledge',
  'datasets',
  'spaces',
  'agents',
] as const;
