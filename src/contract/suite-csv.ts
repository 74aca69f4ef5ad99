import { ASSERTION_KEYS, checkSuite, type AssertionKey, type SuiteCheck } from './suite-file';

/**
 * CSV import for the common case: a header `id,question,contains,cites_document` (any assertion of the suite file
 * may be a column too), one case per line, several values in one cell separated by `|`. The result is checked by
 * the same schema as a JSON file; a problem in a case is reported with its CSV line.
 */
const LIST_KEYS = new Set<AssertionKey>(['contains', 'contains_any', 'not_contains', 'cites_document']);
const NUMBER_KEYS = new Set<AssertionKey>(['min_sources', 'min_top_score', 'max_latency_ms', 'max_total_tokens']);
const COLUMNS = ['id', 'question', ...ASSERTION_KEYS] as const;

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks; CRLF or LF line ends. */
export function parseCsvRows(text: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ cells, line: rowLine });
    cells = [];
    cell = '';
  };
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

const splitList = (cell: string) =>
  cell
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);

/** A CSV file as a suite named `name` for `space_id`, checked like a JSON file. */
export function parseSuiteCsv(text: string, suite: { name: string; space_id: string }): SuiteCheck {
  const rows = parseCsvRows(text);
  const header = rows.shift();
  if (!header) return { ok: false, errors: ['line 1: the file is empty (expected a header id,question,…)'] };
  const names = header.cells.map((c) => c.trim());
  const errors: string[] = [];
  names.forEach((name, i) => {
    if (!(COLUMNS as readonly string[]).includes(name))
      errors.push(`line 1: column ${i + 1} "${name}" is not one of ${COLUMNS.join(', ')}`);
    else if (names.indexOf(name) !== i) errors.push(`line 1: column "${name}" appears twice`);
  });
  if (!names.includes('question')) errors.push('line 1: the header has no "question" column');
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
      if (name === 'id' || name === 'question') {
        if (cell || name === 'question') out[name] = cell;
      } else if (cell) {
        const key = name as AssertionKey;
        expect[key] = LIST_KEYS.has(key)
          ? splitList(cell)
          : NUMBER_KEYS.has(key) && cell !== '' && !Number.isNaN(Number(cell))
            ? Number(cell)
            : cell;
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
