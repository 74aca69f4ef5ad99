import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { phaseOf, type Batch, type BatchRow } from '../src/removal-engine/batch/batch';
import { parseShownBehaviour, type ProbeRun, type ShownBehaviour } from '../src/removal-engine/probe';

/**
 * `npm run remove --state FILE`: the run's progress as append-only JSON lines, synced to disk (fdatasync, off the
 * event loop) before the save returns. The engine saves before any DELETE leaves (its write-ahead reservation) and
 * the CLI saves again as soon as a document is confirmed, so a run killed at any moment and started again with the
 * same file knows every row that may have been sent (read first, not sent again) and every one confirmed (never
 * sent again).
 *
 *   {"batch": {...header}, "ids": [...]}   the first line: the run (no token, ever)
 *   {"header": {...}}                      the header changed (status, reservation, hold)
 *   {"row": [i, {...}]}                    row i reached a new step: another phase or another DELETE sent
 *   {"probe": [i, {...}]}                  row i's probe (--probe-space) changed: its control, a probe, a verdict
 *   {"behaviour": {...}}                   what the service has shown of its unshown behaviours (probe/behaviour.ts)
 *
 * Compact by construction: a save appends only the rows the engine reports changed (never a look at every row, never
 * the whole file again), and a row's line is written when its phase or its DELETE count changes, not at each
 * confirmation read (a resumed row is read first anyway). A line cut short by a kill is the last one, and is ignored.
 * Reading it back, the last word on each row wins; the file is then written again compacted (a new file, renamed
 * over the old one), once, when a run starts from it.
 */
export interface StateFile {
  /** Row indices changed since the last save (the scheduler's takeChanges()): the next save writes these. */
  mark(indices: Iterable<number>): void;
  save(batch: Batch): Promise<void>;
  /** Row i's probe changed (appended after the writes before it; a probe is never sent twice for a lost line). */
  probe(i: number, run: ProbeRun): void;
  /** What the service has shown changed (the last line wins): a resumed run does not learn it again. */
  behaviour(shown: ShownBehaviour): void;
  /** Waits for the last write, then closes the file. */
  close(): Promise<void>;
}

type Header = Omit<Batch, 'rows'>;

export interface KeptState {
  batch: Batch;
  probes: Map<number, ProbeRun>;
  /** The last well-formed behaviour line (a malformed one is nothing learnt, never a guess). */
  behaviour?: ShownBehaviour;
}

export function readState(file: string): KeptState | undefined {
  if (!existsSync(file)) return undefined;
  const probes = new Map<number, ProbeRun>();
  const lines = readFileSync(file, 'utf8').split('\n');
  let header: Header | undefined;
  let rows: BatchRow[] = [];
  let behaviour: ShownBehaviour | undefined;
  for (const line of lines) {
    if (!line.trim()) continue;
    let entry: {
      batch?: Header;
      ids?: string[];
      header?: Header;
      row?: [number, BatchRow];
      probe?: [number, ProbeRun];
      behaviour?: unknown;
    };
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
    } else if (entry.probe && header) {
      const [i, run] = entry.probe;
      if (Number.isInteger(i) && i >= 0 && i < rows.length && run?.documentId === rows[i]?.documentId)
        probes.set(i, run);
    } else if (entry.behaviour !== undefined && header) behaviour = parseShownBehaviour(entry.behaviour) ?? behaviour;
  }
  if (!header) throw new Error(`${file} is not a state file of npm run remove (no first line naming the run)`);
  return { batch: { ...header, rows }, probes, ...(behaviour ? { behaviour } : {}) };
}

const headerOf = (batch: Batch): Header => {
  const { rows: _rows, storageError: _error, ...header } = batch;
  return header;
};

/** What makes a row worth a line: its phase and how many DELETEs it has had (see the file's description). */
const stepOf = (row: BatchRow) =>
  `${phaseOf(row)}/${row.deletion?.attempts.length ?? 0}/${row.retryQueued ? 'r' : ''}${row.notSent ? 'n' : ''}`;

/** Opens the state file for `batch`: written anew (compacted), then appended to at every save. */
export function openState(
  file: string,
  batch: Batch,
  probes: ReadonlyMap<number, ProbeRun> = new Map(),
  behaviour?: ShownBehaviour,
): StateFile {
  const tmp = `${file}.${process.pid}.tmp`;
  const fresh = openSync(tmp, 'w');
  const lines = [JSON.stringify({ batch: headerOf(batch), ids: batch.rows.map((r) => r.documentId) })];
  const written = new Map<number, string>();
  batch.rows.forEach((row, i) => {
    if (row.deletion || row.leftOut || row.notSent || row.name) {
      lines.push(JSON.stringify({ row: [i, row] }));
      written.set(i, stepOf(row));
    }
  });
  for (const [i, run] of probes) lines.push(JSON.stringify({ probe: [i, run] }));
  if (behaviour) lines.push(JSON.stringify({ behaviour }));
  writeSync(fresh, `${lines.join('\n')}\n`);
  fsyncSync(fresh);
  closeSync(fresh);
  renameSync(tmp, file);
  let handle: Promise<FileHandle> | undefined = open(file, 'a');
  let lastHeader = JSON.stringify(headerOf(batch));
  const dirty = new Set<number>();
  /** Writes go one after another, in the order saved. */
  let last: Promise<void> = Promise.resolve();
  const append = (text: string) => {
    const opened = handle;
    if (!opened) return last;
    last = last.then(async () => {
      const fd = await opened;
      await fd.write(text);
      await fd.datasync();
    });
    return last;
  };
  return {
    probe(i, run) {
      void append(`${JSON.stringify({ probe: [i, run] })}\n`).catch(() => undefined);
    },
    behaviour(shown) {
      void append(`${JSON.stringify({ behaviour: shown })}\n`).catch(() => undefined);
    },
    mark(indices) {
      for (const i of indices) dirty.add(i);
    },
    save(next) {
      const out: string[] = [];
      const header = JSON.stringify(headerOf(next));
      if (header !== lastHeader) out.push(`{"header":${header}}`);
      lastHeader = header;
      for (const i of dirty) {
        const row = next.rows[i];
        if (!row) continue;
        const step = stepOf(row);
        if (written.get(i) === step) continue;
        written.set(i, step);
        out.push(JSON.stringify({ row: [i, row] }));
      }
      dirty.clear();
      if (!out.length) return last;
      return append(`${out.join('\n')}\n`);
    },
    async close() {
      const opened = handle;
      handle = undefined;
      await last.catch(() => undefined);
      await (await opened)?.close();
    },
  };
}
