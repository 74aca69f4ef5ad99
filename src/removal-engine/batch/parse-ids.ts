import { readCsv } from '../../lib/csv';
import { BULK_BOUNDS } from './bounds';

/**
 * The ids of a bulk removal, from pasted text or a dropped file. Pasted text and .txt files: ids separated by
 * newlines, commas, semicolons, spaces or tabs. CSV files: the first column of each row, read by the console's
 * CSV reader (quotes allowed; comma, semicolon or tab found from the file; a BOM dropped).
 * A first line with no digit that names an id column ("document_id", "ID", …; in a CSV any first cell
 * without a digit) is a header and skipped. Blanks are ignored, duplicates merged, and anything that is not a
 * plausible id is refused with its reason, as are ids beyond the limit.
 */
export type RefusalReason = 'not_numeric' | 'too_long' | 'over_limit';

export interface RefusedId {
  value: string;
  /** 1-based line of the input. */
  line: number;
  reason: RefusalReason;
}

export interface ParsedIds {
  /** Distinct plausible ids, in the order first seen. */
  ids: string[];
  refused: RefusedId[];
  /** Repeats of an id already taken. */
  duplicates: number;
  /** The header line, when one was recognised and skipped. */
  header?: string;
}

export type IdSource = 'text' | 'csv';

/** How a dropped file is read: .csv by its first column, anything else as text. */
export const sourceOfFile = (fileName: string): IdSource => (/\.csv$/i.test(fileName) ? 'csv' : 'text');

const SEPARATORS = /[\s,;]+/;

function unquote(cell: string): string {
  const t = cell.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"').trim() : t;
}

function isHeader(line: string): boolean {
  return !/\d/.test(line) && /id\b|id$|^\s*"?ids?"?\s*$/i.test(line.trim());
}

/** A CSV's first row is a header when no cell holds a digit and the first is not blank. */
const isCsvHeader = (cells: string[]) => !cells.some((c) => /\d/.test(c)) && cells[0]!.trim() !== '';

export function parseIds(input: string, source: IdSource = 'text', maxIds: number = BULK_BOUNDS.maxIds): ParsedIds {
  const { idMaxLength } = BULK_BOUNDS;
  const ids: string[] = [];
  const seen = new Set<string>();
  const refused: RefusedId[] = [];
  let duplicates = 0;
  let header: string | undefined;
  const take = (value: string, line: number) => {
    if (value === '') return;
    if (!/^\d+$/.test(value)) refused.push({ value, line, reason: 'not_numeric' });
    else if (value.length > idMaxLength) refused.push({ value, line, reason: 'too_long' });
    else if (seen.has(value)) duplicates++;
    else if (ids.length >= maxIds) {
      seen.add(value);
      refused.push({ value, line, reason: 'over_limit' });
    } else {
      seen.add(value);
      ids.push(value);
    }
  };
  if (source === 'csv') {
    const { rows, delimiter } = readCsv(input);
    rows.forEach(({ cells, line }, index) => {
      if (index === 0 && isCsvHeader(cells)) header = cells.join(delimiter);
      else take(cells[0]!.trim(), line);
    });
    return { ids, refused, duplicates, header };
  }
  let sawContent = false;
  const lines = input.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((rawLine, index) => {
    if (rawLine.trim() === '') return;
    if (!sawContent) {
      sawContent = true;
      if (isHeader(rawLine)) {
        header = rawLine.trim();
        return;
      }
    }
    for (const value of rawLine.split(SEPARATORS)) take(unquote(value), index + 1);
  });
  return { ids, refused, duplicates, header };
}
