import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import type { Batch, BatchRow } from '../src/removal-engine/batch/batch';

/**
 * `npm run remove --state FILE`: the run's progress as append-only JSON lines, synced to disk (fsync) before the
 * save returns. The engine saves before any DELETE leaves (its write-ahead reservation) and the CLI saves again as
 * soon as a document is confirmed, so a run killed at any moment and started again with the same file knows every
 * row that may have been sent (read first, not sent again) and every one confirmed (never sent again).
 *
 *   {"batch": {...header}, "ids": [...]}   the first line: the run (no token, ever)
 *   {"header": {...}}                      the header changed (status, reservation, hold)
 *   {"row": [i, {...}]}                    row i changed
 *
 * A line cut short by a kill is the last one, and is ignored. Reading it back, the last word on each row wins; the
 * file is then written again compacted (a new file, renamed over the old one).
 */
export interface StateFile {
  save(batch: Batch): Promise<void>;
  close(): void;
}

type Header = Omit<Batch, 'rows'>;

export function readState(file: string): Batch | undefined {
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  let header: Header | undefined;
  let rows: BatchRow[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    let entry: { batch?: Header; ids?: string[]; header?: Header; row?: [number, BatchRow] };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      // The last line, cut short by a kill: what it said was never relied on (its save had not returned).
      continue;
    }
    if (entry.batch && entry.ids) {
      header = entry.batch;
      rows = entry.ids.map((documentId) => ({ documentId, updatedAt: 0 }));
    } else if (entry.header && header) header = entry.header;
    else if (entry.row && header) {
      const [i, row] = entry.row;
      if (Number.isInteger(i) && i >= 0 && i < rows.length) rows[i] = row;
    }
  }
  if (!header) throw new Error(`${file} is not a state file of npm run remove (no first line naming the run)`);
  return { ...header, rows };
}

const headerOf = (batch: Batch): Header => {
  const { rows: _rows, storageError: _error, ...header } = batch;
  return header;
};

/** Opens the state file for `batch`: written anew (compacted), then appended to at every save. */
export function openState(file: string, batch: Batch): StateFile {
  const tmp = `${file}.${process.pid}.tmp`;
  const fresh = openSync(tmp, 'w');
  const lines = [JSON.stringify({ batch: headerOf(batch), ids: batch.rows.map((r) => r.documentId) })];
  batch.rows.forEach((row, i) => {
    if (row.deletion || row.leftOut || row.notSent || row.name) lines.push(JSON.stringify({ row: [i, row] }));
  });
  writeSync(fresh, `${lines.join('\n')}\n`);
  fsyncSync(fresh);
  closeSync(fresh);
  renameSync(tmp, file);
  const fd = openSync(file, 'a');
  let lastRows: readonly BatchRow[] = batch.rows.slice();
  let lastHeader = JSON.stringify(headerOf(batch));
  return {
    async save(next) {
      const out: string[] = [];
      const header = JSON.stringify(headerOf(next));
      if (header !== lastHeader) out.push(`{"header":${header}}`);
      // The engine replaces a row's object when it changes: the rows not the same object are the ones to write.
      next.rows.forEach((row, i) => {
        if (row !== lastRows[i]) out.push(JSON.stringify({ row: [i, row] }));
      });
      lastRows = next.rows.slice();
      lastHeader = header;
      if (!out.length) return;
      writeSync(fd, `${out.join('\n')}\n`);
      fsyncSync(fd);
    },
    close: () => closeSync(fd),
  };
}
