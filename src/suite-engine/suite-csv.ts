import { ASSERTION_KEYS, checkSuite, type AssertionKey, type SuiteCheck } from './suite-file';
import { readCsv } from '../lib/csv';

/**
 * CSV import for the common case: a header `id,question,contains,cites_document` (any assertion of the suite file
 * may be a column too), one case per line, several values in one cell separated by `|`. Cells are separated by
 * commas, semicolons (Excel in many European locales) or tabs, found from the file. The result is checked by
 * the same schema as a JSON file; a problem in a case is reported with its CSV line.
 */
const LIST_KEYS = new Set<AssertionKey>([
  'contains',
  'contains_any',
  'not_contains',
  'cites_document',
  'not_cites_document',
]);
const NUMBER_KEYS = new Set<AssertionKey>(['min_sources', 'min_top_score', 'max_latency_ms', 'max_total_tokens']);
const COLUMNS = ['id', 'question', ...ASSERTION_KEYS] as const;

/**
 * With an id column the file names its cases, and runs are compared case by case through those ids: an empty cell is
 * refused with its line rather than given a made-up id that a later import of the same sheet would not match.
 */
const EMPTY_ID_WHY = 'with an id column every case needs its own id: fill it in, or drop the column';
/** The service's document ids are integers (sent as strings): anything else can never be cited. */
const DOCUMENT_ID = /^\d+$/;
const DOCUMENT_ID_WHY = 'document ids are digits, e.g. 831506272047403';

const splitList = (cell: string) =>
  cell
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);

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
  const cases = rows.map(({ cells, line }) => {
    lines.push(line);
    if (cells.length !== names.length)
      errors.push(`line ${line}: ${cells.length} cells, but the header has ${names.length}`);
    const out: Record<string, unknown> = {};
    const expect: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const cell = (cells[i] ?? '').trim();
      if (name === 'id' && !cell && cells.length === names.length) {
        errors.push(`line ${line}: the id cell is empty (${EMPTY_ID_WHY})`);
      } else if (name === 'id' || name === 'question') {
        if (cell || name === 'question') out[name] = cell;
      } else if (name === 'cites_document' && cell) {
        const ids = splitList(cell);
        for (const id of ids.filter((v) => !DOCUMENT_ID.test(v)))
          errors.push(`line ${line}: cites_document "${id}" is not a document id (${DOCUMENT_ID_WHY})`);
        expect.cites_document = ids;
      } else if (cell) {
        const key = name as AssertionKey;
        const number = NUMBER_KEYS.has(key) ? numberOf(cell, delimiter) : undefined;
        expect[key] = LIST_KEYS.has(key) ? splitList(cell) : (number ?? cell);
      }
    });
    if (Object.keys(expect).length > 0) out.expect = expect;
    return out;
  });
  if (errors.length) return { ok: false, errors };
  const checked = checkSuite({ name: suite.name, space_id: suite.space_id, cases });
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
