import {
  DatasetRecord,
  fieldAt,
  fieldPaths,
  type EnumTable,
  type FieldMap,
  type FieldPath,
  type FieldShape,
} from '../../contract';

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

/** Every documented field's path, from the contract's record (nested records' fields included). */
export type DatasetFieldPath = FieldPath<(typeof DatasetRecord)['fields']>;
export const DATASET_FIELD_PATHS: readonly DatasetFieldPath[] = fieldPaths(DatasetRecord.fields);

export type SectionId = 'general' | 'chunking' | 'retrieval' | 'indexing' | 'qa' | 'refine' | 'parsing' | 'other';

export interface SectionSpec {
  id: SectionId;
  fields: FieldSpec[];
}

/** How the page shows a field beyond what the contract says of it. */
type Presentation = 'prompt' | 'multiline' | 'undocumented';

/** How a documented field is shown, read from its shape in the contract (and the page's presentation). */
export function kindOf(shape: FieldShape, presentation?: Presentation): FieldKind {
  if (presentation === 'undocumented') return { type: 'undocumented' };
  switch (shape.type) {
    case 'string':
      if (presentation === 'prompt' && shape.max !== undefined) return { type: 'prompt', maxLength: shape.max };
      return { type: 'text', maxLength: shape.max, multiline: presentation === 'multiline' || undefined };
    case 'id':
      return { type: 'id' };
    case 'int':
      return shape.min !== undefined && shape.max !== undefined
        ? { type: 'bounded', min: shape.min, max: shape.max }
        : { type: 'integer' };
    case 'intOrNumericString':
      return { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'timestamp':
      return { type: 'timestamp' };
    case 'flag':
    case 'bool':
      return { type: 'flag' };
    case 'enum':
      return { type: 'enum', table: shape.table };
    case 'enumList':
      return { type: 'enumList', table: shape.table };
    case 'stringList':
    case 'list':
    case 'nested':
      return { type: 'jsonList' };
  }
}

/**
 * Where the page shows each field, in order, and how when the contract's shape does not say it all.
 * Only placement is written here: what a field holds comes from the contract, and a documented field
 * missing from this list is still shown, at the end of "other" (dataset-fields.test.ts lists such fields).
 */
const PLACEMENT: readonly {
  id: SectionId;
  fields: readonly (DatasetFieldPath | [DatasetFieldPath, Presentation])[];
}[] = [
  {
    id: 'general',
    fields: [
      'name',
      'dataset_id',
      'type',
      ['description', 'multiline'],
      'status',
      'document_count',
      'created_at',
      'updated_at',
    ],
  },
  { id: 'chunking', fields: ['chunk_size', 'chunk_overlap'] },
  {
    id: 'retrieval',
    fields: [
      'top_k',
      'score_threshold',
      'retrieval_recall_strategy_ids',
      'retrieval_context_mode',
      'retrieval_filter_entity_enabled',
      'retrieval_filter_period_enabled',
      'retrieval_segment_expansion.pre_count',
      'retrieval_segment_expansion.next_count',
      'retrieval_chunk_expansion.pre_count',
      'retrieval_chunk_expansion.next_count',
    ],
  },
  {
    id: 'indexing',
    fields: [
      'smart_indexing_enabled',
      ['smart_indexing_prompt', 'prompt'],
      'generate_metadata_enabled',
      ['generate_metadata_prompt', 'prompt'],
      'overall_summarize_enabled',
      ['overall_summarize_prompt', 'prompt'],
      'split_media_enabled',
    ],
  },
  {
    id: 'qa',
    fields: [
      'qa_pairs_return_direct',
      'qa_pairs_score_threshold',
      'generate_qa_pairs_enabled',
      ['generate_qa_pairs_prompt', 'prompt'],
    ],
  },
  { id: 'refine', fields: ['refine_user_question_enabled', ['refine_user_question_prompt', 'prompt']] },
  { id: 'parsing', fields: ['pdf_parsing_mode', 'audio_parsing_mode'] },
  // advanced_enabled: an integer whose meaning the spec does not give, so shown exactly as sent.
  { id: 'other', fields: ['filter_attributes', ['advanced_enabled', 'undocumented']] },
];

/**
 * The page's sections for a record's fields: the placed ones where PLACEMENT puts them, then every field it
 * does not place at the end of "other", each shown by the kind its shape gives.
 */
export function layoutSections(fields: FieldMap): SectionSpec[] {
  const specOf = (path: string, presentation?: Presentation): FieldSpec => {
    const def = fieldAt(fields, path);
    return { path, kind: def ? kindOf(def.shape, presentation) : { type: 'undocumented' } };
  };
  const placed = new Set<string>(PLACEMENT.flatMap((s) => s.fields.map((f) => (typeof f === 'string' ? f : f[0]))));
  const unplaced = fieldPaths(fields).filter((path) => !placed.has(path));
  return PLACEMENT.map(({ id, fields: placedHere }) => ({
    id,
    fields: [
      ...placedHere.map((f) => (typeof f === 'string' ? specOf(f) : specOf(f[0], f[1]))),
      ...(id === 'other' ? unplaced.map((path) => specOf(path)) : []),
    ],
  }));
}

/** Every documented Dataset field, in the order and groups the page shows them. */
export const DATASET_SECTIONS: readonly SectionSpec[] = layoutSections(DatasetRecord.fields);

export const ALL_FIELDS: readonly FieldSpec[] = DATASET_SECTIONS.flatMap((s) => s.fields);

export const SECTION_OF: ReadonlyMap<string, SectionId> = new Map(
  DATASET_SECTIONS.flatMap((s) => s.fields.map((f) => [f.path, s.id] as const)),
);

/** The nested objects of the record, whose own fields are rows of their own. */
export const NESTED_OBJECTS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(DatasetRecord.fields).flatMap(([key, def]) =>
    def.shape.type === 'nested' ? [[key, Object.keys(def.shape.fields)]] : [],
  ),
);
