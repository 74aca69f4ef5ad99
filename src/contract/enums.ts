/** Named values of the integer enumerations of the Dataset record. Labels are English keys; the UI translates them. */
export const DATASET_TYPE = { 1: 'Passage', 2: 'FAQ' } as const;
export const RECALL_STRATEGY = {
  1: 'Semantic related context',
  2: 'Smart indexing context',
  3: 'Big context windows',
} as const;
export const RETRIEVAL_CONTEXT_MODE = { 1: 'Only content', 2: 'Content and metadata' } as const;
export const PDF_PARSING_MODE = { 1: 'Page', 2: 'Section' } as const;
export const AUDIO_PARSING_MODE = { 1: 'Transcript', 2: 'Speaker diarization' } as const;

export type EnumTable = Readonly<Record<number, string>>;

/** The label of an enumerated value, or undefined when the service sent a value the spec does not name. */
export function enumLabel(table: EnumTable, value: unknown): string | undefined {
  return typeof value === 'number' ? table[value] : undefined;
}

export function enumValues(table: EnumTable): number[] {
  return Object.keys(table).map(Number);
}
