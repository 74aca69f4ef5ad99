import { ASSERTION_KEYS, checkSuite, type AssertionKey, type SuiteCheck, type SuiteFile } from './suite-file';
import { readCsv, undefused, writeCsv, type CsvValue } from '../lib/csv';
import { documentIdText } from './retrieval';

/**
 * A suite as CSV, both ways: one case per line, a column for every field of the suite file (docs/suites.md, "CSV
 * columns"). The common case is a header `id,question,contains,cites_document`, several values in one cell
 * separated by `|`; nested fields (options, follow_ups) are JSON in their cell, and the suite's own settings
 * (defaults, repeat, pass_at_least, k, gate, variants) a JSON object in the `suite` cell of the first case's line.
 * Cells are separated by commas, semicolons (Excel in many European locales) or tabs, found from the file. The
 * result is checked by the same schema as a JSON file; a problem in a case is reported with its CSV line.
 */
const LIST_KEYS = new Set<string>([
  'contains',
  'contains_any',
  'not_contains',
  'cites_document',
  'not_cites_document',
  'relevant_documents',
]);
const NUMBER_KEYS = new Set<string>([
  'min_sources',
  'min_top_score',
  'max_latency_ms',
  'max_total_tokens',
  'max_ttft_ms',
  'similar_to_min',
  'repeat',
  'pass_at_least',
  'k',
]);
/** Cells of true or false (`TRUE`, as a spreadsheet writes it, too); anything else stays text for the schema. */
const FLAG_KEYS = new Set<string>(['stream_completes', 'abstains']);
const flagOf = (cell: string) => (/^true$/i.test(cell) ? true : /^false$/i.test(cell) ? false : cell);
/** Fields of a case outside `expect`. */
const CASE_KEYS = ['relevant_documents', 'k', 'repeat', 'pass_at_least'] as const;
const JSON_KEYS = ['options', 'follow_ups', 'suite'] as const;
/** Every column, in the order an export writes them. */
const COLUMNS = [
  'id',
  'question',
  ...ASSERTION_KEYS,
  'similar_to',
  'similar_to_min',
  'rubric',
  ...CASE_KEYS,
  ...JSON_KEYS,
] as const;
type Column = (typeof COLUMNS)[number];
/** The suite's settings the `suite` cell holds: the whole file but its name, space and cases. */
const SUITE_KEYS = ['defaults', 'repeat', 'pass_at_least', 'k', 'gate', 'variants', 'abstention_phrases'] as const;

/**
 * With an id column the file names its cases, and runs are compared case by case through those ids: an empty cell is
 * refused with its line rather than given a made-up id that a later import of the same sheet would not match.
 */
const EMPTY_ID_WHY = 'with an id column every case needs its own id: fill it in, or drop the column';
/** The service's document ids are integers (sent as strings): anything else can never be cited. */
const DOCUMENT_ID = /^\d+$/;
const DOCUMENT_ID_WHY = 'document ids are digits, e.g. 831506272047403';

/** The columns of document ids: read and written under the engine's one id rule (retrieval.ts documentIdText). */
const ID_KEYS = ['cites_document', 'not_cites_document', 'relevant_documents'] as const;
type IdKey = (typeof ID_KEYS)[number];
const isIdKey = (name: string): name is IdKey => (ID_KEYS as readonly string[]).includes(name);
/** An id as its cell writes it: its text under the one rule (a value the rule refuses is written as it is). */
const idCell = (id: string | number) => documentIdText(id) ?? String(id);

/**
 * A list cell: values separated by `|`, or — when a value holds a `|` or edge spaces — a JSON array, as the export
 * writes it. A cell that starts with `[` but is not a JSON array of strings or numbers is read as `|`-separated text.
 */
function listValues(cell: string): (string | number)[] {
  if (cell.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(cell);
      if (Array.isArray(list) && list.every((v) => typeof v === 'string' || typeof v === 'number')) return list;
    } catch {
      // Plain text that starts with a bracket.
    }
  }
  return cell
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);
}
const listOf = (cell: string) => listValues(cell).map(String);

/**
 * A number cell; where cells are not comma-separated, a decimal comma too ("0,5"), as Excel writes numbers in
 * the locales whose CSV uses semicolons. Anything else stays text for the schema to refuse by name.
 */
function numberOf(cell: string, delimiter: string): number | undefined {
  const text = delimiter !== ',' && /^[-+]?\d*,\d+$/.test(cell) ? cell.replace(',', '.') : cell;
  const n = Number(text);
  return text === '' || Number.isNaN(n) ? undefined : n;
}

/** A CSV file as a suite named `name` for `space_id`, checked like a JSON file. */
export function parseSuiteCsv(text: string, suite: { name: string; space_id: string }): SuiteCheck {
  const { rows, problems, delimiter } = readCsv(text);
  if (problems.length) return { ok: false, errors: problems.map((p) => `line ${p.line}: ${p.message}`) };
  const header = rows.shift();
  if (!header) return { ok: false, errors: ['line 1: the file is empty (expected a header id,question,…)'] };
  const names = header.cells.map((c) => c.trim());
  const errors: string[] = [];
  names.forEach((name, i) => {
    if (!(COLUMNS as readonly string[]).includes(name))
      errors.push(`line ${header.line}: column ${i + 1} "${name}" is not one of ${COLUMNS.join(', ')}`);
    else if (names.indexOf(name) !== i) errors.push(`line ${header.line}: column "${name}" appears twice`);
  });
  if (!names.includes('question')) errors.push(`line ${header.line}: the header has no "question" column`);
  if (errors.length) return { ok: false, errors };

  const lines: number[] = [];
  let settings: Record<string, unknown> = {};
  const cases = rows.map(({ cells, line }, index) => {
    lines.push(line);
    if (cells.length !== names.length)
      errors.push(`line ${line}: ${cells.length} cells, but the header has ${names.length}`);
    const out: Record<string, unknown> = {};
    const expect: Record<string, unknown> = {};
    (names as Column[]).forEach((name, i) => {
      const cell = undefused((cells[i] ?? '').trim());
      if (name === 'id' && !cell && cells.length === names.length) {
        errors.push(`line ${line}: the id cell is empty (${EMPTY_ID_WHY})`);
      } else if (name === 'id' || name === 'question') {
        if (cell || name === 'question') out[name] = cell;
      } else if (!cell) {
        // An empty cell: the field is not set.
      } else if ((JSON_KEYS as readonly string[]).includes(name)) {
        let value: unknown;
        try {
          value = JSON.parse(cell);
        } catch (error) {
          errors.push(`line ${line}: ${name} is not JSON (${error instanceof Error ? error.message : String(error)})`);
          return;
        }
        if (name !== 'suite') out[name] = value;
        else if (index > 0) errors.push(`line ${line}: the suite cell belongs on the first case's line`);
        else if (!value || typeof value !== 'object' || Array.isArray(value))
          errors.push(`line ${line}: suite must be a JSON object of ${SUITE_KEYS.join(', ')}`);
        else {
          const extra = Object.keys(value).filter((k) => !(SUITE_KEYS as readonly string[]).includes(k));
          if (extra.length)
            errors.push(`line ${line}: suite has ${extra.join(', ')}; it holds only ${SUITE_KEYS.join(', ')}`);
          else settings = value as Record<string, unknown>;
        }
      } else if (isIdKey(name)) {
        // The one id rule: a number in a JSON list cell is its decimal text; one past 2^53 or a fraction is no id.
        const ids = listValues(cell).map((v) => ({ id: documentIdText(v), written: String(v) }));
        for (const { id, written } of ids)
          if (id === undefined || !DOCUMENT_ID.test(id))
            errors.push(`line ${line}: ${name} "${written}" is not a document id (${DOCUMENT_ID_WHY})`);
        (name === 'relevant_documents' ? out : expect)[name] = ids.map(({ id, written }) => id ?? written);
      } else {
        const number = NUMBER_KEYS.has(name) ? numberOf(cell, delimiter) : undefined;
        const value = LIST_KEYS.has(name) ? listOf(cell) : FLAG_KEYS.has(name) ? flagOf(cell) : (number ?? cell);
        if (name === 'similar_to' || name === 'similar_to_min') {
          const similar = (expect.similar_to ?? {}) as Record<string, unknown>;
          similar[name === 'similar_to' ? 'text' : 'min'] = value;
          expect.similar_to = similar;
        } else if ((CASE_KEYS as readonly string[]).includes(name)) out[name] = value;
        else expect[name as AssertionKey] = value;
      }
    });
    if (Object.keys(expect).length > 0) out.expect = expect;
    return out;
  });
  if (errors.length) return { ok: false, errors };
  const checked = checkSuite({ name: suite.name, space_id: suite.space_id, ...settings, cases });
  if (checked.ok) return checked;
  // A case's problem names its CSV line as well as its place in the suite.
  return {
    ok: false,
    errors: checked.errors.map((message) => {
      const index = /^cases\[(\d+)\]/.exec(message)?.[1];
      return index === undefined ? message : `line ${lines[Number(index)]}: ${message}`;
    }),
  };
}

/** A list as its cell: `a|b`, or a JSON array when `|`-separated text would not read back the same. */
function listCell(values: readonly (string | number)[]): string {
  const texts = values.map(String);
  const plain = texts.every((v) => v !== '' && !v.includes('|') && v.trim() === v) && !texts[0]?.startsWith('[');
  return plain ? texts.join('|') : JSON.stringify(texts);
}

/**
 * The suite as CSV, read back by parseSuiteCsv as the same suite (its name and space are given at import): the id
 * and question columns, and a column for each other field some case (or the suite) sets.
 */
export function suiteToCsv(file: SuiteFile): string {
  const settings = Object.fromEntries(SUITE_KEYS.flatMap((k) => (file[k] === undefined ? [] : [[k, file[k]]])));
  const rows = file.cases.map((c, i) => {
    const e = c.expect ?? {};
    const row: Partial<Record<Column, CsvValue>> = {
      id: c.id,
      question: c.question,
      similar_to: e.similar_to?.text,
      similar_to_min: e.similar_to?.min,
      rubric: e.rubric,
      matches: e.matches,
      min_sources: e.min_sources,
      min_top_score: e.min_top_score,
      max_latency_ms: e.max_latency_ms,
      max_total_tokens: e.max_total_tokens,
      max_ttft_ms: e.max_ttft_ms,
      stream_completes: e.stream_completes === undefined ? undefined : String(e.stream_completes),
      abstains: e.abstains === undefined ? undefined : String(e.abstains),
      k: c.k,
      repeat: c.repeat,
      pass_at_least: c.pass_at_least,
      options: c.options && JSON.stringify(c.options),
      follow_ups: c.follow_ups && JSON.stringify(c.follow_ups),
      suite: i === 0 && Object.keys(settings).length ? JSON.stringify(settings) : undefined,
    };
    for (const key of ['contains', 'contains_any', 'not_contains'] as const) if (e[key]) row[key] = listCell(e[key]);
    if (e.cites_document) row.cites_document = listCell(e.cites_document.map(idCell));
    // One id or a list in the file; a list in its cell either way.
    if (e.not_cites_document !== undefined)
      row.not_cites_document = listCell([e.not_cites_document].flat().map(idCell));
    if (c.relevant_documents) row.relevant_documents = listCell(c.relevant_documents.map(idCell));
    return row;
  });
  const used = COLUMNS.filter((col) => col === 'question' || rows.some((r) => r[col] !== undefined));
  return writeCsv(
    used,
    rows.map((r) => used.map((col) => r[col])),
  );
}
