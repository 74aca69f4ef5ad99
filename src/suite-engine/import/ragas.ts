import { readCsv } from '../../lib/csv';
import { checkSuite, type SuiteCheck } from '../suite-file';

/**
 * Evaluation samples of Ragas or DeepEval read as suite cases (docs/suites.md, "From Ragas and DeepEval"): the
 * question from `user_input` (Ragas) or `input` (DeepEval), the reference answer from `reference` or
 * `expected_output` kept as the case's `similar_to` text with `min: 0` (measured and shown, never failing: no
 * threshold is invented — raise it once this service's scores are seen), and the documents a right answer retrieves from `reference_context_ids` or
 * `retrieval_context` ids as `relevant_documents`. JSON (a list, or `{samples: […]}`), JSON Lines or CSV.
 */

const QUESTION = ['user_input', 'input', 'question'] as const;
const REFERENCE = ['reference', 'expected_output', 'ground_truth'] as const;
const IDS = ['reference_context_ids', 'retrieved_context_ids', 'context_ids', 'retrieval_context_ids'] as const;
/** DeepEval keeps retrieved chunks' text in `retrieval_context`; read only when its items are ids. */
const CONTEXT_LISTS = ['retrieval_context', 'reference_contexts'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const DOCUMENT_ID = /^\d+$/;

export type SamplesImport = (Extract<SuiteCheck, { ok: true }> & { notes: string[] }) | { ok: false; errors: string[] };

export type SamplesFormat = 'json' | 'jsonl' | 'csv';

function rowsOf(text: string, format: SamplesFormat): { rows: Record<string, unknown>[] } | { error: string } {
  const src = text.replace(/^\uFEFF/, '');
  if (format === 'csv') {
    const table = readCsv(src);
    if (table.problems.length) return { error: `line ${table.problems[0]!.line}: ${table.problems[0]!.message}` };
    const [header, ...rows] = table.rows;
    if (!header) return { error: '(file): has no header row' };
    const names = header.cells.map((c) => c.trim());
    return { rows: rows.map((r) => Object.fromEntries(names.map((n, i) => [n, r.cells[i] ?? '']))) };
  }
  if (format === 'jsonl') {
    const rows: Record<string, unknown>[] = [];
    const lines = src.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.trim()) continue;
      try {
        const row: unknown = JSON.parse(lines[i]!);
        if (!isObject(row)) return { error: `line ${i + 1}: must be a JSON object (one sample)` };
        rows.push(row);
      } catch {
        return { error: `line ${i + 1}: not valid JSON` };
      }
    }
    return { rows };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(src);
  } catch (error) {
    return { error: `(file): not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const list = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.samples) ? raw.samples : undefined;
  if (!list) return { error: '(file): must be a list of samples (or an object with samples)' };
  const bad = list.findIndex((r) => !isObject(r));
  if (bad >= 0) return { error: `[${bad}]: must be an object (one sample)` };
  return { rows: list as Record<string, unknown>[] };
}

/** A cell or value as a list: a JSON list, a JSON list in a CSV cell, or `|`-separated text. */
function listOf(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (typeof v === 'number') return [v];
  if (typeof v !== 'string' || !v.trim()) return undefined;
  const t = v.trim();
  if (t.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(t.replace(/'/g, '"'));
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Read as separated text below.
    }
  }
  return t
    .split(/[|,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const first = (row: Record<string, unknown>, keys: readonly string[]) => {
  for (const k of keys) if (row[k] !== undefined && row[k] !== '') return { key: k, value: row[k] };
  return undefined;
};

/** Whether parsed rows look like Ragas/DeepEval samples (a question under one of their names). */
export const isSamplesRow = (row: unknown): boolean => isObject(row) && QUESTION.slice(0, 2).some((k) => k in row);

/** Samples as a suite (`name`, `space_id` given: the samples name neither). */
export function samplesToSuite(
  text: string,
  format: SamplesFormat,
  meta: { name: string; space_id: string },
): SamplesImport {
  const read = rowsOf(text, format);
  if ('error' in read) return { ok: false, errors: [read.error] };
  const errors: string[] = [];
  const notes: string[] = [];
  let references = 0;
  const cases = read.rows.map((row, i) => {
    const where = format === 'json' ? `[${i}]` : `sample ${i + 1}`;
    const q = first(row, QUESTION);
    if (!q || typeof q.value !== 'string') errors.push(`${where}: has no question (user_input or input)`);
    const ref = first(row, REFERENCE);
    if (ref && typeof ref.value === 'string' && ref.value.trim()) references++;
    const ids = first(row, IDS) ?? first(row, CONTEXT_LISTS);
    let relevant: string[] | undefined;
    if (ids) {
      const list = (listOf(ids.value) ?? []).map((v) => (typeof v === 'number' ? String(v) : v));
      const allIds = list.length > 0 && list.every((v) => typeof v === 'string' && DOCUMENT_ID.test(v.trim()));
      if (allIds) relevant = (list as string[]).map((v) => v.trim());
      else if (IDS.includes(ids.key as (typeof IDS)[number]))
        errors.push(`${where}.${ids.key}: document ids are digits, e.g. 831506272047403`);
      else notes.push(`${where}: ${ids.key} holds text, not document ids: not used`);
    }
    const id = first(row, ['id', 'sample_id', 'name']);
    return {
      ...(typeof id?.value === 'string' || typeof id?.value === 'number' ? { id: String(id.value) } : {}),
      question: typeof q?.value === 'string' ? q.value : '',
      ...(ref && typeof ref.value === 'string' && ref.value.trim()
        ? { expect: { similar_to: { text: ref.value, min: 0 } } }
        : {}),
      ...(relevant ? { relevant_documents: relevant } : {}),
    };
  });
  if (errors.length) return { ok: false, errors };
  if (references > 0)
    notes.push(
      `${references} reference answer${references === 1 ? '' : 's'} (reference / expected_output) kept as similar_to with min 0: ` +
        'scored, never failing; raise min once the scores on this service are seen',
    );
  const checked = checkSuite({ ...meta, cases });
  return checked.ok ? { ...checked, notes } : checked;
}
