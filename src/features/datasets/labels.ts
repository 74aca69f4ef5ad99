import type {
  AUDIO_PARSING_MODE,
  DATASET_TYPE,
  PDF_PARSING_MODE,
  RECALL_STRATEGY,
  RETRIEVAL_CONTEXT_MODE,
} from '../../contract';
import type { MessageKey } from '../../i18n';
import { DATASET_FIELD_PATHS, type DatasetFieldPath, type SectionId } from './dataset-layout';

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

/**
 * The label of a documented field is the message `datasets.field.<path>`. Typed on the contract's paths, so
 * a field added to the record fails to compile here until messages/datasets.ts names it (both languages).
 */
export const datasetFieldLabelKey = (path: DatasetFieldPath): MessageKey => `datasets.field.${path}`;

/** The label of any path: a documented field's message, or undefined for a field the spec does not document. */
export function fieldLabelKey(path: string): MessageKey | undefined {
  return isDatasetFieldPath(path) ? datasetFieldLabelKey(path) : undefined;
}

const DOCUMENTED = new Set<string>(DATASET_FIELD_PATHS);
const isDatasetFieldPath = (path: string): path is DatasetFieldPath => DOCUMENTED.has(path);
