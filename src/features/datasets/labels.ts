import type {
  AUDIO_PARSING_MODE,
  DATASET_TYPE,
  PDF_PARSING_MODE,
  RECALL_STRATEGY,
  RETRIEVAL_CONTEXT_MODE,
} from '../../contract';
import type { MessageKey } from '../../i18n';
import type { SectionId } from './dataset-layout';

type LabelOf<T> = T[keyof T];
type EnumLabel =
  | LabelOf<typeof DATASET_TYPE>
  | LabelOf<typeof RECALL_STRATEGY>
  | LabelOf<typeof RETRIEVAL_CONTEXT_MODE>
  | LabelOf<typeof PDF_PARSING_MODE>
  | LabelOf<typeof AUDIO_PARSING_MODE>;

/** The contract names enum values in English; each name has a message. Adding a value to the contract fails to compile here. */
export const ENUM_LABEL_KEYS: Record<EnumLabel, MessageKey> = {
  Passage: 'datasets.enum.passage',
  FAQ: 'datasets.enum.faq',
  'Semantic related context': 'datasets.enum.semanticRelated',
  'Smart indexing context': 'datasets.enum.smartIndexing',
  'Big context windows': 'datasets.enum.bigContext',
  'Only content': 'datasets.enum.onlyContent',
  'Content and metadata': 'datasets.enum.contentAndMetadata',
  Page: 'datasets.enum.page',
  Section: 'datasets.enum.section',
  Transcript: 'datasets.enum.transcript',
  'Speaker diarization': 'datasets.enum.speakerDiarization',
};

export function enumLabelKey(label: string): MessageKey | undefined {
  return (ENUM_LABEL_KEYS as Record<string, MessageKey | undefined>)[label];
}

export const SECTION_TITLE_KEYS: Record<SectionId | 'unknown', MessageKey> = {
  general: 'datasets.section.general',
  chunking: 'datasets.section.chunking',
  retrieval: 'datasets.section.retrieval',
  indexing: 'datasets.section.indexing',
  qa: 'datasets.section.qa',
  refine: 'datasets.section.refine',
  parsing: 'datasets.section.parsing',
  other: 'datasets.section.other',
  unknown: 'datasets.section.unknown',
};

/** Field labels by path; a field without one (an undocumented field) is shown by its wire name. */
export const FIELD_LABEL_KEYS: Readonly<Record<string, MessageKey>> = {
  name: 'datasets.field.name',
  dataset_id: 'datasets.field.dataset_id',
  type: 'datasets.field.type',
  description: 'datasets.field.description',
  status: 'datasets.field.status',
  document_count: 'datasets.field.document_count',
  created_at: 'datasets.field.created_at',
  updated_at: 'datasets.field.updated_at',
  chunk_size: 'datasets.field.chunk_size',
  chunk_overlap: 'datasets.field.chunk_overlap',
  top_k: 'datasets.field.top_k',
  score_threshold: 'datasets.field.score_threshold',
  retrieval_recall_strategy_ids: 'datasets.field.retrieval_recall_strategy_ids',
  retrieval_context_mode: 'datasets.field.retrieval_context_mode',
  retrieval_filter_entity_enabled: 'datasets.field.retrieval_filter_entity_enabled',
  retrieval_filter_period_enabled: 'datasets.field.retrieval_filter_period_enabled',
  'retrieval_segment_expansion.pre_count': 'datasets.field.retrieval_segment_expansion.pre_count',
  'retrieval_segment_expansion.next_count': 'datasets.field.retrieval_segment_expansion.next_count',
  'retrieval_chunk_expansion.pre_count': 'datasets.field.retrieval_chunk_expansion.pre_count',
  'retrieval_chunk_expansion.next_count': 'datasets.field.retrieval_chunk_expansion.next_count',
  smart_indexing_enabled: 'datasets.field.smart_indexing_enabled',
  smart_indexing_prompt: 'datasets.field.smart_indexing_prompt',
  generate_metadata_enabled: 'datasets.field.generate_metadata_enabled',
  generate_metadata_prompt: 'datasets.field.generate_metadata_prompt',
  overall_summarize_enabled: 'datasets.field.overall_summarize_enabled',
  overall_summarize_prompt: 'datasets.field.overall_summarize_prompt',
  split_media_enabled: 'datasets.field.split_media_enabled',
  qa_pairs_return_direct: 'datasets.field.qa_pairs_return_direct',
  qa_pairs_score_threshold: 'datasets.field.qa_pairs_score_threshold',
  generate_qa_pairs_enabled: 'datasets.field.generate_qa_pairs_enabled',
  generate_qa_pairs_prompt: 'datasets.field.generate_qa_pairs_prompt',
  refine_user_question_enabled: 'datasets.field.refine_user_question_enabled',
  refine_user_question_prompt: 'datasets.field.refine_user_question_prompt',
  pdf_parsing_mode: 'datasets.field.pdf_parsing_mode',
  audio_parsing_mode: 'datasets.field.audio_parsing_mode',
  filter_attributes: 'datasets.field.filter_attributes',
  advanced_enabled: 'datasets.field.advanced_enabled',
};
