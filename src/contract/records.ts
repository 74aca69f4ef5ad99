import { z } from './zod';
import { LIMITS } from './limits';
import { AUDIO_PARSING_MODE, DATASET_TYPE, PDF_PARSING_MODE, RECALL_STRATEGY, RETRIEVAL_CONTEXT_MODE } from './enums';
import { defineRecord, f } from './fields';

const C = LIMITS.conversation;
const D = LIMITS.dataset;
const K = LIMITS.knowledge;

export const ConversationConfigRecord = defineRecord({ enable_websearch: f.bool() });

export const AgentRecord = defineRecord({
  agent_id: f.id(),
  name: f.str(),
  mode: f.str(),
  icon: f.str(),
});

export const ConversationRecord = defineRecord({
  created_at: f.timestamp(),
  updated_at: f.timestamp(),
  org_id: f.str(),
  user_id: f.str(),
  conversation_id: f.id(),
  agent_id: f.str(C.agentIdMax),
  title: f.str(C.titleMax),
  file_ids: f.strArray(),
  config: f.nested(ConversationConfigRecord),
  status: f.int(),
  third_user_id: f.str(C.thirdUserIdMax),
  agent: f.nested(AgentRecord),
  user_files: f.anyArray(),
});

const knowledgeFields = {
  created_at: f.timestamp(),
  updated_at: f.timestamp(),
  org_id: f.str(),
  user_id: f.str(),
  name: f.str(K.nameMax),
  description: f.str(K.descriptionMax),
  knowledge_id: f.id(),
  status: f.int(),
  dataset_id: f.id(),
  icon: f.str(K.iconMax),
  category: f.str(),
  personal: f.bool(),
  total_files: f.int(0),
  default_folder_id: f.id(),
  owned_delete_permission: f.bool(),
};

export const KnowledgeReadRecord = defineRecord(knowledgeFields);
/** The "with settings" variant: the same record, its further fields not documented and so expected, not drift. */
export const KnowledgeWithSettingsReadRecord = defineRecord(knowledgeFields, { extraFields: 'expected' });

export const ExpansionRecord = defineRecord({ pre_count: f.int(0), next_count: f.int(0) });

export const DatasetRecord = defineRecord({
  name: f.str(D.nameMax),
  dataset_id: f.id(),
  created_at: f.timestamp(),
  updated_at: f.timestamp(),
  type: f.enumInt(DATASET_TYPE),
  description: f.str(D.descriptionMax),
  advanced_enabled: f.int(),
  score_threshold: f.num(),
  top_k: f.int(0),
  generate_metadata_enabled: f.flag(),
  generate_metadata_prompt: f.str(D.promptMax),
  overall_summarize_enabled: f.flag(),
  overall_summarize_prompt: f.str(D.promptMax),
  smart_indexing_enabled: f.flag(),
  smart_indexing_prompt: f.str(D.promptMax),
  retrieval_filter_entity_enabled: f.flag(),
  retrieval_filter_period_enabled: f.flag(),
  retrieval_recall_strategy_ids: f.enumIntArray(RECALL_STRATEGY),
  retrieval_context_mode: f.enumInt(RETRIEVAL_CONTEXT_MODE),
  split_media_enabled: f.flag(),
  chunk_size: f.int(D.chunkSizeMin, D.chunkSizeMax),
  chunk_overlap: f.int(D.chunkOverlapMin, D.chunkOverlapMax),
  qa_pairs_return_direct: f.flag(),
  qa_pairs_score_threshold: f.num(),
  generate_qa_pairs_enabled: f.flag(),
  generate_qa_pairs_prompt: f.str(D.promptMax),
  refine_user_question_enabled: f.flag(),
  refine_user_question_prompt: f.str(D.promptMax),
  pdf_parsing_mode: f.enumInt(PDF_PARSING_MODE),
  audio_parsing_mode: f.enumInt(AUDIO_PARSING_MODE),
  status: f.int(),
  filter_attributes: f.anyArray(),
  retrieval_segment_expansion: f.nested(ExpansionRecord),
  retrieval_chunk_expansion: f.nested(ExpansionRecord),
  document_count: f.int(0),
});

export const TokenUsageRecord = defineRecord({
  model_name: f.str(),
  total_tokens: f.int(0),
  prompt_tokens: f.int(0),
  completion_tokens: f.int(0),
  successful_requests: f.int(0),
});

/**
 * One retrieved chunk. Its fields are not shown by the spec: this is the sandbox's choice,
 * read tolerantly (every field optional, others kept) so another service's shape still renders.
 */
const optionalOrDropped = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
/** A string, or a number read as its text (as ids are read). */
const stringOrNumber = () => f.id().tolerant;

export const DocumentChunk = z.looseObject({
  document_id: optionalOrDropped(stringOrNumber()),
  document_name: optionalOrDropped(z.string()),
  dataset_id: optionalOrDropped(stringOrNumber()),
  chunk_index: optionalOrDropped(z.number()),
  content: optionalOrDropped(z.string()),
  score: optionalOrDropped(z.number()),
});
export type DocumentChunk = z.output<typeof DocumentChunk>;

export const CompletionResultRecord = defineRecord(
  {
    message_id: f.id(),
    user_message: f.str(),
    assistant_message: f.str(),
    document_chunks: { documented: z.array(z.unknown()), tolerant: z.array(DocumentChunk), shape: { type: 'list' } },
    token_usage: f.nested(TokenUsageRecord),
  },
  { required: ['assistant_message'] },
);

export const DocumentBaseInfoRecord = defineRecord({ name: f.str(), description: f.str(), url: f.str() });

export const DocumentFullTextRecord = defineRecord(
  { document_id: f.intOrNumericString(), document_contents: f.strArray() },
  { required: ['document_contents'] },
);

export const StatusMessageRecord = defineRecord({ status: f.bool(), message: f.str() });

/** Every error body the service sends. Strict: an answer is an ErrorResponse only if it has both fields. */
export const ErrorResponse = z.object({ code: z.int(), message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export function asErrorResponse(body: unknown): ErrorResponse | undefined {
  const parsed = ErrorResponse.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** What the console reads (tolerant view). */
export type Conversation = z.output<typeof ConversationRecord.tolerant>;
export type Agent = z.output<typeof AgentRecord.tolerant>;
export type KnowledgeRead = z.output<typeof KnowledgeReadRecord.tolerant>;
export type KnowledgeWithSettingsRead = z.output<typeof KnowledgeWithSettingsReadRecord.tolerant>;
export type Dataset = z.output<typeof DatasetRecord.tolerant>;
export type TokenUsage = z.output<typeof TokenUsageRecord.tolerant>;
export type CompletionResult = z.output<typeof CompletionResultRecord.tolerant>;
export type DocumentBaseInfo = z.output<typeof DocumentBaseInfoRecord.tolerant>;
export type DocumentFullText = z.output<typeof DocumentFullTextRecord.tolerant>;
export type StatusMessage = z.output<typeof StatusMessageRecord.tolerant>;

/** What the service promises (documented view): what the sandbox must produce. */
export type ConversationWire = z.input<typeof ConversationRecord.documented>;
export type KnowledgeReadWire = z.input<typeof KnowledgeReadRecord.documented>;
export type DatasetWire = z.input<typeof DatasetRecord.documented>;
export type CompletionResultWire = z.input<typeof CompletionResultRecord.documented>;
export type DocumentBaseInfoWire = z.input<typeof DocumentBaseInfoRecord.documented>;
export type DocumentFullTextWire = z.input<typeof DocumentFullTextRecord.documented>;
export type StatusMessageWire = z.input<typeof StatusMessageRecord.documented>;
