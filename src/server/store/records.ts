import type { ConversationWire, DatasetWire, KnowledgeReadWire } from '../../contract';
import type { ConversationSeed, DatasetSeed, KnowledgeSeed } from '../fixture';

/** What is stored per record: the documented shape minus what is computed or joined at read time. */
export type StoredDataset = Omit<DatasetWire, 'document_count'>;
export type StoredKnowledge = Omit<KnowledgeReadWire, 'total_files'>;
export type StoredConversation = Omit<ConversationWire, 'agent'>;

export function datasetFromSeed(seed: DatasetSeed, now: number): StoredDataset {
  const { document_count: _ignored, created_at, updated_at, ...rest } = seed;
  return { ...rest, created_at: created_at ?? now, updated_at: updated_at ?? created_at ?? now };
}

export function knowledgeFromSeed(seed: KnowledgeSeed, now: number): StoredKnowledge {
  const { total_files: _ignored, created_at, updated_at, ...rest } = seed;
  return { ...rest, created_at: created_at ?? now, updated_at: updated_at ?? created_at ?? now };
}

export function conversationFromSeed(seed: ConversationSeed, now: number): StoredConversation {
  const { created_at, updated_at, ...rest } = seed;
  return { ...rest, created_at: created_at ?? now, updated_at: updated_at ?? created_at ?? now };
}

/** The retrieval settings of a dataset, as `?with_settings=true` adds them to a knowledge base. */
export function retrievalSettings(d: StoredDataset) {
  return {
    top_k: d.top_k,
    score_threshold: d.score_threshold,
    retrieval_recall_strategy_ids: d.retrieval_recall_strategy_ids,
    retrieval_context_mode: d.retrieval_context_mode,
    retrieval_filter_entity_enabled: d.retrieval_filter_entity_enabled,
    retrieval_filter_period_enabled: d.retrieval_filter_period_enabled,
    retrieval_segment_expansion: d.retrieval_segment_expansion,
    retrieval_chunk_expansion: d.retrieval_chunk_expansion,
    chunk_size: d.chunk_size,
    chunk_overlap: d.chunk_overlap,
  };
}
