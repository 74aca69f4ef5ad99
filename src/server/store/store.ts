import type Database from 'better-sqlite3';
import type { ConversationWire, DatasetWire, KnowledgeReadWire } from '../../contract';
import type { Fixture } from '../fixture';
import { chunkText } from '../retrieval/chunking';
import { nowSeconds } from '../time';
import { ChunkIndex } from './chunks';
import {
  conversationFromSeed,
  datasetFromSeed,
  knowledgeFromSeed,
  type StoredConversation,
  type StoredDataset,
  type StoredKnowledge,
} from './records';
import { DATA_TABLES, SCHEMA_VERSION } from './schema';

/** A document's row without its text (which can be megabytes: read it with getDocumentText when it is wanted). */
export interface DocumentRow {
  document_id: string;
  knowledge_id: string;
  dataset_id: string;
  name: string;
  description: string;
  url: string;
  status: number;
  updated_at: number;
}

export interface AgentRow {
  agent_id: string;
  name: string;
  mode: string;
  icon: string;
}

export interface SpaceRow {
  space_id: string;
  name: string;
  dataset_ids: string[];
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
  message_id: string;
}

export type ConversationPatch = Partial<
  Pick<StoredConversation, 'agent_id' | 'title' | 'file_ids' | 'status' | 'third_user_id'>
> & {
  config?: { enable_websearch?: boolean };
};

const EMPTY_AGENT = (agent_id: string): AgentRow => ({ agent_id, name: '', mode: '', icon: '' });

/** Every read and write of the sandbox's state. Each write is one transaction: a kill leaves it done or not at all. */
export class Store {
  readonly chunks: ChunkIndex;

  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {
    this.chunks = new ChunkIndex(db);
  }

  /** A prepared statement, compiled once per SQL text. */
  private q(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  isSeeded(): boolean {
    const row = this.q("SELECT value FROM meta WHERE key = 'seeded'").get() as { value: string } | undefined;
    return row !== undefined;
  }

  /** Loads a fixture into an empty store (one transaction, chunking every document by its dataset's settings). */
  seed(fx: Fixture): void {
    this.db.transaction(() => this.seedInside(fx))();
  }

  /** Empties every table and seeds again, atomically. */
  reset(fx: Fixture): void {
    this.db.transaction(() => {
      for (const table of DATA_TABLES) this.q(`DELETE FROM ${table}`).run();
      this.q("DELETE FROM meta WHERE key = 'seeded'").run();
      this.seedInside(fx);
    })();
  }

  private seedInside(fx: Fixture): void {
    const now = nowSeconds();
    const insAgent = this.q('INSERT INTO agents (agent_id, record) VALUES (?, ?)');
    const insDataset = this.q('INSERT INTO datasets (dataset_id, record) VALUES (?, ?)');
    const insKnowledge = this.q('INSERT INTO knowledge (knowledge_id, dataset_id, record) VALUES (?, ?, ?)');
    const insDocument = this.q(
      'INSERT INTO documents (document_id, knowledge_id, dataset_id, name, description, url, text, status, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)',
    );
    const insConversation = this.q('INSERT INTO conversations (conversation_id, record, deleted) VALUES (?, ?, 0)');
    const insSpace = this.q('INSERT INTO spaces (space_id, name, dataset_ids) VALUES (?, ?, ?)');

    for (const a of fx.agents) insAgent.run(a.agent_id, JSON.stringify(a));
    const datasets = new Map<string, StoredDataset>();
    for (const d of fx.datasets) {
      const record = datasetFromSeed(d, now);
      datasets.set(d.dataset_id, record);
      insDataset.run(d.dataset_id, JSON.stringify(record));
    }
    const knowledgeDataset = new Map<string, string>();
    for (const k of fx.knowledge) {
      knowledgeDataset.set(k.knowledge_id, k.dataset_id);
      insKnowledge.run(k.knowledge_id, k.dataset_id, JSON.stringify(knowledgeFromSeed(k, now)));
    }
    for (const doc of fx.documents) {
      const datasetId = knowledgeDataset.get(doc.knowledge_id)!;
      const dataset = datasets.get(datasetId)!;
      insDocument.run(doc.document_id, doc.knowledge_id, datasetId, doc.name, doc.description, doc.url, doc.text, now);
      this.chunks.add(doc.document_id, datasetId, chunkText(doc.text, dataset.chunk_size, dataset.chunk_overlap));
    }
    for (const c of fx.conversations)
      insConversation.run(c.conversation_id, JSON.stringify(conversationFromSeed(c, now)));
    for (const s of fx.spaces) insSpace.run(s.space_id, s.name, JSON.stringify(s.dataset_ids));
    this.q("INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded', ?), ('schema_version', ?)").run(
      String(now),
      SCHEMA_VERSION,
    );
  }

  // ---- agents, spaces

  getAgent(agentId: string): AgentRow | undefined {
    const row = this.q('SELECT record FROM agents WHERE agent_id = ?').get(agentId) as { record: string } | undefined;
    return row === undefined ? undefined : (JSON.parse(row.record) as AgentRow);
  }

  getSpace(spaceId: string): SpaceRow | undefined {
    const row = this.q('SELECT space_id, name, dataset_ids FROM spaces WHERE space_id = ?').get(spaceId) as
      { space_id: string; name: string; dataset_ids: string } | undefined;
    return row === undefined ? undefined : { ...row, dataset_ids: JSON.parse(row.dataset_ids) as string[] };
  }

  // ---- datasets and knowledge

  getStoredDataset(datasetId: string): StoredDataset | undefined {
    const row = this.q('SELECT record FROM datasets WHERE dataset_id = ?').get(datasetId) as
      { record: string } | undefined;
    return row === undefined ? undefined : (JSON.parse(row.record) as StoredDataset);
  }

  getDataset(datasetId: string): DatasetWire | undefined {
    const stored = this.getStoredDataset(datasetId);
    if (stored === undefined) return undefined;
    const { n } = this.q('SELECT COUNT(*) AS n FROM documents WHERE dataset_id = ? AND status > 0').get(datasetId) as {
      n: number;
    };
    return { ...stored, document_count: n };
  }

  getKnowledge(knowledgeId: string): KnowledgeReadWire | undefined {
    const row = this.q('SELECT record FROM knowledge WHERE knowledge_id = ?').get(knowledgeId) as
      { record: string } | undefined;
    if (row === undefined) return undefined;
    const { n } = this.q('SELECT COUNT(*) AS n FROM documents WHERE knowledge_id = ? AND status > 0').get(
      knowledgeId,
    ) as { n: number };
    return { ...(JSON.parse(row.record) as StoredKnowledge), total_files: n };
  }

  // ---- documents

  /** A document whatever its status (callers decide what a soft-deleted one means), without its text. */
  getDocument(documentId: string): DocumentRow | undefined {
    return this.q(
      'SELECT document_id, knowledge_id, dataset_id, name, description, url, status, updated_at FROM documents WHERE document_id = ?',
    ).get(documentId) as DocumentRow | undefined;
  }

  getDocumentText(documentId: string): string | undefined {
    const row = this.q('SELECT text FROM documents WHERE document_id = ?').get(documentId) as
      { text: string } | undefined;
    return row?.text;
  }

  /**
   * Rows written through this store so far (SQLite's total_changes(): every insert, update and delete of any table).
   * Unchanged means nothing was written, so an answer built from the store since then is still the answer.
   */
  revision(): number {
    return (this.q('SELECT total_changes() AS n').get() as { n: number }).n;
  }

  /** Soft delete plus its purge job, in one transaction. False when it was already deleted. */
  softDeleteDocument(documentId: string, purgeDueAtMs: number): boolean {
    return this.db.transaction(() => {
      const changed = this.q(
        'UPDATE documents SET status = 0, updated_at = ? WHERE document_id = ? AND status != 0',
      ).run(nowSeconds(), documentId).changes;
      if (changed === 0) return false;
      this.q('INSERT OR REPLACE INTO purge_jobs (document_id, due_at_ms) VALUES (?, ?)').run(documentId, purgeDueAtMs);
      return true;
    })();
  }

  duePurgeJobs(nowMs: number): string[] {
    return (
      this.q('SELECT document_id FROM purge_jobs WHERE due_at_ms <= ? ORDER BY due_at_ms').all(nowMs) as {
        document_id: string;
      }[]
    ).map((r) => r.document_id);
  }

  /** Every purge job not yet run: the document and when its purge is due (ms since the epoch), soonest first. */
  pendingPurges(): { document_id: string; due_at_ms: number }[] {
    return this.q('SELECT document_id, due_at_ms FROM purge_jobs ORDER BY due_at_ms, document_id').all() as {
      document_id: string;
      due_at_ms: number;
    }[];
  }

  nextPurgeDueAt(): number | undefined {
    const row = this.q('SELECT MIN(due_at_ms) AS due FROM purge_jobs').get() as { due: number | null };
    return row.due ?? undefined;
  }

  /** Removes a deleted document's chunks from retrieval and its job, atomically. */
  purgeDocument(documentId: string): number {
    return this.db.transaction(() => {
      const removed = this.chunks.remove(documentId);
      this.q('DELETE FROM purge_jobs WHERE document_id = ?').run(documentId);
      return removed;
    })();
  }

  // ---- conversations

  private readConversation(conversationId: string): { record: StoredConversation; deleted: boolean } | undefined {
    const row = this.q('SELECT record, deleted FROM conversations WHERE conversation_id = ?').get(conversationId) as
      { record: string; deleted: number } | undefined;
    return row === undefined
      ? undefined
      : { record: JSON.parse(row.record) as StoredConversation, deleted: row.deleted !== 0 };
  }

  private withAgent(record: StoredConversation): ConversationWire {
    return { ...record, agent: this.getAgent(record.agent_id) ?? EMPTY_AGENT(record.agent_id) };
  }

  /** A conversation that exists and is not deleted. */
  getLiveConversation(conversationId: string): ConversationWire | undefined {
    const found = this.readConversation(conversationId);
    return found === undefined || found.deleted ? undefined : this.withAgent(found.record);
  }

  /** Partial update: omitted fields keep their value; config is merged field by field. */
  updateConversation(conversationId: string, patch: ConversationPatch): ConversationWire | undefined {
    return this.db.transaction(() => {
      const found = this.readConversation(conversationId);
      if (found === undefined || found.deleted) return undefined;
      const { config, ...fields } = patch;
      const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const record: StoredConversation = {
        ...found.record,
        ...defined,
        config: {
          ...found.record.config,
          ...(config?.enable_websearch === undefined ? {} : { enable_websearch: config.enable_websearch }),
        },
        updated_at: nowSeconds(),
      };
      this.q('UPDATE conversations SET record = ? WHERE conversation_id = ?').run(
        JSON.stringify(record),
        conversationId,
      );
      return this.withAgent(record);
    })();
  }

  /** Marks a conversation deleted (status 0 in the returned record); it then reads as unknown. */
  deleteConversation(conversationId: string): ConversationWire | undefined {
    return this.db.transaction(() => {
      const found = this.readConversation(conversationId);
      if (found === undefined || found.deleted) return undefined;
      const record: StoredConversation = { ...found.record, status: 0, updated_at: nowSeconds() };
      this.q('UPDATE conversations SET record = ?, deleted = 1 WHERE conversation_id = ?').run(
        JSON.stringify(record),
        conversationId,
      );
      return this.withAgent(record);
    })();
  }

  history(conversationId: string, limit: number): Turn[] {
    const rows = this.db
      .prepare('SELECT role, content, message_id FROM turns WHERE conversation_id = ? ORDER BY id DESC LIMIT ?')
      .all(conversationId, limit) as Turn[];
    return rows.reverse();
  }

  /** Records a question and its reply, creating the conversation first when `create` is given. */
  appendTurns(conversationId: string, turns: readonly Turn[], create?: StoredConversation): void {
    this.db.transaction(() => {
      const now = nowSeconds();
      if (create !== undefined) {
        this.q('INSERT INTO conversations (conversation_id, record, deleted) VALUES (?, ?, 0)').run(
          conversationId,
          JSON.stringify(create),
        );
      } else {
        const found = this.readConversation(conversationId);
        if (found !== undefined) {
          this.q('UPDATE conversations SET record = ? WHERE conversation_id = ?').run(
            JSON.stringify({ ...found.record, updated_at: now }),
            conversationId,
          );
        }
      }
      const ins = this.q(
        'INSERT INTO turns (conversation_id, role, content, message_id, created_at) VALUES (?, ?, ?, ?, ?)',
      );
      for (const t of turns) ins.run(conversationId, t.role, t.content, t.message_id, now);
    })();
  }

  close(): void {
    this.db.close();
  }
}
