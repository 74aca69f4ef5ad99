import {
  AUDIO_PARSING_MODE,
  DATASET_TYPE,
  ExpansionRecord,
  LIMITS,
  PDF_PARSING_MODE,
  RECALL_STRATEGY,
  RETRIEVAL_CONTEXT_MODE,
  type EnumTable,
} from '../../contract';

const D = LIMITS.dataset;

/** How a field's value is read and shown. */
export type FieldKind =
  | { type: 'text'; maxLength?: number; multiline?: boolean }
  | { type: 'id' }
  | { type: 'integer' }
  | { type: 'number' }
  | { type: 'timestamp' }
  | { type: 'flag' }
  | { type: 'enum'; table: EnumTable }
  | { type: 'enumList'; table: EnumTable }
  | { type: 'bounded'; min: number; max: number }
  | { type: 'prompt'; maxLength: number }
  | { type: 'jsonList' }
  /** A value whose meaning the spec does not give: shown exactly as sent. */
  | { type: 'undocumented' };

export interface FieldSpec {
  /** Dotted path in the answer: `chunk_size`, `retrieval_chunk_expansion.pre_count`. */
  path: string;
  kind: FieldKind;
}

export type SectionId = 'general' | 'chunking' | 'retrieval' | 'indexing' | 'qa' | 'refine' | 'parsing' | 'other';

export interface SectionSpec {
  id: SectionId;
  fields: FieldSpec[];
}

const prompt = (path: string): FieldSpec => ({ path, kind: { type: 'prompt', maxLength: D.promptMax } });
const flag = (path: string): FieldSpec => ({ path, kind: { type: 'flag' } });
const int = (path: string): FieldSpec => ({ path, kind: { type: 'integer' } });

/** Every documented Dataset field, in the order and groups the page shows them. */
export const DATASET_SECTIONS: readonly SectionSpec[] = [
  {
    id: 'general',
    fields: [
      { path: 'name', kind: { type: 'text', maxLength: D.nameMax } },
      { path: 'dataset_id', kind: { type: 'id' } },
      { path: 'type', kind: { type: 'enum', table: DATASET_TYPE } },
      { path: 'description', kind: { type: 'text', maxLength: D.descriptionMax, multiline: true } },
      int('status'),
      int('document_count'),
      { path: 'created_at', kind: { type: 'timestamp' } },
      { path: 'updated_at', kind: { type: 'timestamp' } },
    ],
  },
  {
    id: 'chunking',
    fields: [
      { path: 'chunk_size', kind: { type: 'bounded', min: D.chunkSizeMin, max: D.chunkSizeMax } },
      { path: 'chunk_overlap', kind: { type: 'bounded', min: D.chunkOverlapMin, max: D.chunkOverlapMax } },
    ],
  },
  {
    id: 'retrieval',
    fields: [
      int('top_k'),
      { path: 'score_threshold', kind: { type: 'number' } },
      { path: 'retrieval_recall_strategy_ids', kind: { type: 'enumList', table: RECALL_STRATEGY } },
      { path: 'retrieval_context_mode', kind: { type: 'enum', table: RETRIEVAL_CONTEXT_MODE } },
      flag('retrieval_filter_entity_enabled'),
      flag('retrieval_filter_period_enabled'),
      int('retrieval_segment_expansion.pre_count'),
      int('retrieval_segment_expansion.next_count'),
      int('retrieval_chunk_expansion.pre_count'),
      int('retrieval_chunk_expansion.next_count'),
    ],
  },
  {
    id: 'indexing',
    fields: [
      flag('smart_indexing_enabled'),
      prompt('smart_indexing_prompt'),
      flag('generate_metadata_enabled'),
      prompt('generate_metadata_prompt'),
      flag('overall_summarize_enabled'),
      prompt('overall_summarize_prompt'),
      flag('split_media_enabled'),
    ],
  },
  {
    id: 'qa',
    fields: [
      flag('qa_pairs_return_direct'),
      { path: 'qa_pairs_score_threshold', kind: { type: 'number' } },
      flag('generate_qa_pairs_enabled'),
      prompt('generate_qa_pairs_prompt'),
    ],
  },
  { id: 'refine', fields: [flag('refine_user_question_enabled'), prompt('refine_user_question_prompt')] },
  {
    id: 'parsing',
    fields: [
      { path: 'pdf_parsing_mode', kind: { type: 'enum', table: PDF_PARSING_MODE } },
      { path: 'audio_parsing_mode', kind: { type: 'enum', table: AUDIO_PARSING_MODE } },
    ],
  },
  {
    id: 'other',
    fields: [
      { path: 'filter_attributes', kind: { type: 'jsonList' } },
      { path: 'advanced_enabled', kind: { type: 'undocumented' } },
    ],
  },
];

export const ALL_FIELDS: readonly FieldSpec[] = DATASET_SECTIONS.flatMap((s) => s.fields);

export const SECTION_OF: ReadonlyMap<string, SectionId> = new Map(
  DATASET_SECTIONS.flatMap((s) => s.fields.map((f) => [f.path, s.id] as const)),
);

/** The nested objects of the record, whose own fields are rows of their own. */
export const NESTED_OBJECTS: Readonly<Record<string, readonly string[]>> = {
  retrieval_segment_expansion: Object.keys(ExpansionRecord.fields),
  retrieval_chunk_expansion: Object.keys(ExpansionRecord.fields),
};
