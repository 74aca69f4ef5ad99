import { describe, expect, it } from 'vitest';
import { DatasetRecord, ExpansionRecord, f as field, LIMITS } from '../../contract';
import {
  compareDatasets,
  driftFieldPath,
  fieldFlags,
  groupBySection,
  readField,
  stableJson,
  unknownFieldPaths,
  warningsFor,
  type DatasetAnswer,
} from './dataset-fields';
import { ALL_FIELDS, layoutSections } from './dataset-layout';

/** A documented answer, as the sandbox sends dataset 731506272047301 (flags as booleans and as 0/1). */
const HANDBOOK = {
  name: 'Beacon product handbook',
  dataset_id: '731506272047301',
  created_at: 1736154720,
  updated_at: 1773324300,
  type: 1,
  description: 'The Beacon handbook.',
  advanced_enabled: 2,
  score_threshold: 0.35,
  top_k: 5,
  generate_metadata_enabled: true,
  generate_metadata_prompt: 'Extract metadata.',
  overall_summarize_enabled: true,
  overall_summarize_prompt: 'Summarise.',
  smart_indexing_enabled: true,
  smart_indexing_prompt: 'Index each step.',
  retrieval_filter_entity_enabled: true,
  retrieval_filter_period_enabled: false,
  retrieval_recall_strategy_ids: [1, 2],
  retrieval_context_mode: 2,
  split_media_enabled: true,
  chunk_size: 512,
  chunk_overlap: 102,
  qa_pairs_return_direct: 0,
  qa_pairs_score_threshold: 0.85,
  generate_qa_pairs_enabled: 0,
  generate_qa_pairs_prompt: '',
  refine_user_question_enabled: true,
  refine_user_question_prompt: 'Rewrite.',
  pdf_parsing_mode: 2,
  audio_parsing_mode: 1,
  status: 1,
  filter_attributes: [],
  retrieval_segment_expansion: { pre_count: 1, next_count: 1 },
  retrieval_chunk_expansion: { pre_count: 1, next_count: 1 },
  document_count: 6,
};

function answer(raw: Record<string, unknown>) {
  const parsed = DatasetRecord.parse(raw);
  if (!parsed.ok) throw new Error(parsed.reason);
  return { record: parsed.data, raw, drift: parsed.drift };
}

const spec = (path: string) => {
  const found = ALL_FIELDS.find((f) => f.path === path);
  if (!found) throw new Error(`no field ${path}`);
  return found;
};

describe('the dataset layout', () => {
  it('shows every documented field, nested ones as their own rows, each once', () => {
    const expected = Object.keys(DatasetRecord.fields).flatMap((key) =>
      key.endsWith('_expansion') ? Object.keys(ExpansionRecord.fields).map((inner) => `${key}.${inner}`) : [key],
    );
    const paths = ALL_FIELDS.map((f) => f.path);
    expect([...paths].sort()).toEqual([...expected].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('flags on fields', () => {
  it('a documented answer flags nothing', () => {
    const a = answer(HANDBOOK);
    expect(a.drift).toEqual([]);
    expect(ALL_FIELDS.flatMap((f) => fieldFlags(f, readField(a, f.path), a.drift))).toEqual([]);
  });

  it('puts an out-of-range chunk_size and an unknown field on their own rows', () => {
    const a = answer({ ...HANDBOOK, chunk_size: 4096, beta_reranker: { model: 'x' } });
    const chunk = fieldFlags(spec('chunk_size'), readField(a, 'chunk_size'), a.drift);
    expect(chunk).toHaveLength(1);
    expect(chunk[0]).toMatchObject({ source: 'drift', warning: { path: '$.chunk_size', kind: 'range' } });
    expect(fieldFlags(spec('chunk_overlap'), readField(a, 'chunk_overlap'), a.drift)).toEqual([]);
    expect(unknownFieldPaths(a.raw)).toEqual(['beta_reranker']);
    expect(warningsFor('beta_reranker', a.drift).map((w) => w.kind)).toEqual(['unknown_field']);
  });

  it('maps nested and array paths to their field', () => {
    expect(driftFieldPath('$.retrieval_chunk_expansion.pre_count')).toBe('retrieval_chunk_expansion.pre_count');
    expect(driftFieldPath('$.retrieval_recall_strategy_ids[1]')).toBe('retrieval_recall_strategy_ids');
    expect(driftFieldPath('$')).toBe('');
    const a = answer({
      ...HANDBOOK,
      retrieval_chunk_expansion: { pre_count: -1, next_count: 1, window: 3 },
      retrieval_recall_strategy_ids: [1, 9],
    });
    expect(warningsFor('retrieval_chunk_expansion.pre_count', a.drift).map((w) => w.kind)).toEqual(['range']);
    expect(warningsFor('retrieval_chunk_expansion.next_count', a.drift)).toEqual([]);
    expect(warningsFor('retrieval_recall_strategy_ids', a.drift).map((w) => w.path)).toEqual([
      '$.retrieval_recall_strategy_ids[1]',
    ]);
    expect(unknownFieldPaths(a.raw)).toEqual(['retrieval_chunk_expansion.window']);
    expect(warningsFor('retrieval_chunk_expansion.window', a.drift).map((w) => w.kind)).toEqual(['unknown_field']);
  });

  it('a whole nested object missing flags both of its rows as missing', () => {
    const { retrieval_segment_expansion: _gone, ...rest } = HANDBOOK;
    const a = answer(rest);
    for (const path of ['retrieval_segment_expansion.pre_count', 'retrieval_segment_expansion.next_count']) {
      expect(readField(a, path)).toEqual({ state: 'missing' });
      expect(
        fieldFlags(spec(path), readField(a, path), a.drift).map((f) => f.source === 'drift' && f.warning.kind),
      ).toEqual(['missing']);
    }
  });

  it('a mis-typed value is kept as sent and flagged', () => {
    const a = answer({ ...HANDBOOK, top_k: '5' });
    expect(readField(a, 'top_k')).toEqual({ state: 'raw', value: '5' });
    expect(fieldFlags(spec('top_k'), readField(a, 'top_k'), a.drift)).toHaveLength(1);
  });

  it('checks bounds and lengths itself when no drift says so', () => {
    const over = 'p'.repeat(LIMITS.dataset.promptMax + 1);
    const direct: DatasetAnswer = { record: { chunk_size: 100, smart_indexing_prompt: over }, raw: {} };
    expect(fieldFlags(spec('chunk_size'), readField(direct, 'chunk_size'), [])).toEqual([
      { source: 'bounds', value: 100, min: LIMITS.dataset.chunkSizeMin, max: LIMITS.dataset.chunkSizeMax },
    ]);
    expect(fieldFlags(spec('smart_indexing_prompt'), readField(direct, 'smart_indexing_prompt'), [])).toEqual([
      { source: 'length', length: over.length, max: LIMITS.dataset.promptMax },
    ]);
    // With the contract's own range warning, the page adds no second flag.
    const a = answer({ ...HANDBOOK, chunk_size: 100 });
    expect(fieldFlags(spec('chunk_size'), readField(a, 'chunk_size'), a.drift).map((f) => f.source)).toEqual(['drift']);
  });
});

describe('comparing two datasets', () => {
  const faq = {
    ...HANDBOOK,
    dataset_id: '731506272047302',
    type: 2,
    chunk_size: 384,
    // Same meaning, other wire form: not a difference.
    generate_metadata_enabled: 1,
    retrieval_chunk_expansion: { next_count: 1, pre_count: 1 },
  };

  it('marks exactly the rows whose values differ', () => {
    const rows = compareDatasets(answer(HANDBOOK), answer(faq));
    expect(rows.filter((r) => r.differs).map((r) => r.path)).toEqual(['dataset_id', 'type', 'chunk_size']);
    expect(rows.find((r) => r.path === 'type')).toMatchObject({ section: 'general', a: { value: 1 }, b: { value: 2 } });
  });

  it('adds undocumented fields of either side, and a field sent by one side only differs', () => {
    const { top_k: _gone, ...noTopK } = faq;
    const rows = compareDatasets(answer(HANDBOOK), answer({ ...noTopK, beta: true }));
    expect(rows.find((r) => r.path === 'top_k')).toMatchObject({ differs: true, b: { state: 'missing' } });
    expect(rows.at(-1)).toMatchObject({ path: 'beta', section: 'unknown', differs: true, a: { state: 'missing' } });
  });

  it('groups rows by section in order, for the stacked (phone) comparison', () => {
    const rows = compareDatasets(answer(HANDBOOK), answer({ ...faq, beta: true }));
    const groups = groupBySection(rows.filter((r) => r.differs));
    expect(groups.map((g) => g.section)).toEqual(['general', 'chunking', 'unknown']);
    expect(groups.map((g) => g.rows.map((r) => r.path))).toEqual([['dataset_id', 'type'], ['chunk_size'], ['beta']]);
    expect(groupBySection(rows).flatMap((g) => g.rows)).toEqual(rows);
    expect(groupBySection([])).toEqual([]);
  });

  it('stable JSON ignores key order', () => {
    expect(stableJson({ b: 1, a: { d: 1, c: 2 } })).toBe(stableJson({ a: { c: 2, d: 1 }, b: 1 }));
  });
});

describe('labels', () => {
  it('every documented field has a label in both languages; an undocumented one has none', async () => {
    const { fieldLabelKey } = await import('./labels');
    const { en, zhCN } = await import('../../i18n/message-tables');
    const keys = ALL_FIELDS.map((f) => fieldLabelKey(f.path));
    expect(keys.filter((k) => !k || !en[k] || !zhCN[k])).toEqual([]);
    expect(fieldLabelKey('beta_reranker')).toBeUndefined();
  });
});

describe('the layout follows the contract', () => {
  it('reads each field kind from its shape: bounds and prompt lengths', () => {
    expect(spec('chunk_size').kind).toEqual({
      type: 'bounded',
      min: LIMITS.dataset.chunkSizeMin,
      max: LIMITS.dataset.chunkSizeMax,
    });
    expect(spec('smart_indexing_prompt').kind).toEqual({ type: 'prompt', maxLength: LIMITS.dataset.promptMax });
    expect(spec('description').kind).toMatchObject({ type: 'text', multiline: true });
    expect(spec('advanced_enabled').kind).toEqual({ type: 'undocumented' });
  });

  it('a documented field the layout does not place is still shown, at the end of "other"', () => {
    // A field no real record has, standing for one added to the contract without a place on the page.
    const sections = layoutSections({ ...DatasetRecord.fields, probe_added_field: field.optional(field.str(8)) });
    const other = sections.find((s) => s.id === 'other')!;
    expect(other.fields.at(-1)).toEqual({ path: 'probe_added_field', kind: { type: 'text', maxLength: 8 } });
    expect(sections.flatMap((s) => s.fields).filter((f) => f.path === 'probe_added_field')).toHaveLength(1);
  });
});
