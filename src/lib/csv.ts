/**
 * The console's one CSV reader and writer, on papaparse (every file the console or the suite CLI writes, every
 * file an admin drops in). It sits in src/api because that is the lowest layer both users may import: the
 * features (suite export and import, bulk report and id files) and the Node CLI (scripts/suite.ts); src/contract
 * is the service's contract and may import nothing but zod. Not re-exported by the api barrel: its users import
 * it by path, and the build keeps the parser in a chunk of its own, loaded only with the pages that use CSV.
 */
import Papa from 'papaparse';

/** Excel reads a file as UTF-8 only when it starts with a BOM; without one, Chinese text is garbled. */
export const CSV_BOM = '\ufeff';

/**
 * A cell a spreadsheet would run as a formula (OWASP, CSV injection): one whose first visible character starts a
 * formula, or that starts with a tab or CR. Such a cell is written with a leading `'`, which Excel shows as text and
 * hides.
 *
 * - Before deciding, Excel skips leading white space (" =1+1"), and text can hide more in front that nobody sees:
 *   zero-width and format characters (U+200B–U+200F, U+2060–U+2064, U+FEFF, the soft hyphen U+00AD, bidi controls
 *   U+202A–U+202E and U+2066–U+2069, U+180E). They are skipped too.
 * - Formula starters: `= + - @`, and the look-alikes a spreadsheet may read as them: full-width `＝ ＋ － ＠` (reported
 *   read as formulas by Excel in East Asian locales), the small forms `﹦ ﹢ ﹣ ﹫` and the minus
 *   sign `−` (U+2212). Defusing a harmless one costs a `'`; missing a live one runs a formula.
 *
 * Negative numbers: a value the console holds as a number (latency, tokens, scores) is written as it is — a
 * number's text cannot hold a formula, and the column stays numeric. Any *string* starting with `-` is defused,
 * even "-5": text from a document or the service is not trusted to be only a number ("-1+1" is a formula).
 */
const HIDDEN = '\\s\\u00AD\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';
const STARTERS = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE66\\uFE62\\uFE63\\uFE6B\\u2212';
const FORMULA = new RegExp(`^(?:[\\t\\r]|[${HIDDEN}]*[${STARTERS}])`);

/** Whether a spreadsheet would run this text as a formula (writeCsv defuses it). */
export const startsFormula = (cell: string): boolean => FORMULA.test(cell);

/**
 * A cell as it was before writeCsv defused it (its leading `'` taken off again), for files the console reads back
 * as data rather than showing in a spreadsheet: a suite exported as CSV and imported again.
 */
export function undefused(cell: string): string {
  return cell.startsWith("'") && FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export type CsvValue = string | number | null | undefined;

/**
 * A CSV file: a BOM, the header, one line per row, CRLF line ends (RFC 4180) and a final CRLF. Cells holding the
 * delimiter, quotes or line breaks are quoted; so are cells with leading or trailing whitespace, which some
 * readers trim.
 */
export function writeCsv(columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const body = Papa.unparse({ fields: [...columns], data: rows.map((row) => [...row]) }, UNPARSE);
  return `${CSV_BOM}${body}\r\n`;
}

const UNPARSE = {
  newline: '\r\n',
  escapeFormulae: FORMULA,
  quotes: (value: unknown) => typeof value === 'string' && /^\s|\s$/.test(value),
};

/**
 * The same file as writeCsv, in pieces (the BOM and header, then a few rows at a time): a report of thousands of
 * long answers is streamed to disk or put in a Blob, never held as one string.
 */
export function* csvChunks(columns: readonly string[], rows: Iterable<readonly CsvValue[]>, rowsPerChunk = 64) {
  yield `${CSV_BOM}${Papa.unparse([[...columns]], UNPARSE)}\r\n`;
  let batch: CsvValue[][] = [];
  for (const row of rows) {
    batch.push([...row]);
    if (batch.length < rowsPerChunk) continue;
    yield `${Papa.unparse(batch, UNPARSE)}\r\n`;
    batch = [];
  }
  if (batch.length) yield `${Papa.unparse(batch, UNPARSE)}\r\n`;
}

export interface CsvRow {
  cells: string[];
  /** 1-based line of the file where the row starts (a quoted cell may span lines). */
  line: number;
}

export interface CsvProblem {
  line: number;
  message: string;
}

export interface CsvTable {
  rows: CsvRow[];
  /** The delimiter found: a comma unless the file's rows agree on `;` (Excel in many European locales) or tab. */
  delimiter: string;
  /** Broken quoting; the rows are still read as well as they can be. */
  problems: CsvProblem[];
}

// `|` is not guessed (papaparse's default list has it): the suite CSV uses it inside cells for lists.
const DELIMITERS = [',', ';', '\t'];

const PROBLEM_TEXT: Record<string, string> = {
  MissingQuotes: 'a quoted cell is never closed (a missing ")',
  InvalidQuotes: 'a quote inside a quoted cell is not doubled ("")',
};

/**
 * Rows of a CSV file: a BOM is dropped, the delimiter detected (comma, semicolon or tab), quoted cells may hold
 * delimiters, quotes ("") and line breaks. Rows whose cells are all blank are skipped.
 */
export function readCsv(text: string): CsvTable {
  // One kind of line end, so a file mixing CRLF and LF (edited by hand after Excel) still splits into rows;
  // a line break inside a quoted cell is read as LF, as Excel writes it.
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const rows: CsvRow[] = [];
  const problems: CsvProblem[] = [];
  // Guessed on the first ten rows with blank ones left out: papaparse counts a blank line (the final line break
  // of most files) as a one-cell row, and a two-column file would then not look delimited at all.
  const guessed = Papa.parse<string[]>(src, {
    delimitersToGuess: DELIMITERS,
    newline: '\n',
    skipEmptyLines: 'greedy',
    preview: 10,
  }).meta.delimiter;
  const delimiter = DELIMITERS.includes(guessed) ? guessed : ',';
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(src, {
    delimiter,
    newline: '\n',
    step(result) {
      const rowLine = line;
      const end = result.meta.cursor;
      for (let i = src.indexOf('\n', start); i !== -1 && i < end; i = src.indexOf('\n', i + 1)) line++;
      start = end;
      for (const error of result.errors) {
        const message = PROBLEM_TEXT[error.code];
        if (message) problems.push({ line: rowLine, message });
      }
      const cells = result.data;
      if (cells.some((cell) => cell.trim() !== '')) rows.push({ cells, line: rowLine });
    },
  });
  return { rows, delimiter, problems };
}
