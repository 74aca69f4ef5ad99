/**
 * The suite CLI's report files: each is checked before the run (so a typo in a path fails in a second, not after an
 * hour of completions) and written whenever the run ends — passed, failed, stopped by a signal, timed out or crashed.
 */
import { accessSync, closeSync, constants, createWriteStream, openSync, statSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SuiteRun } from '../src/suite-engine';

/** One report asked for on the command line: its flag, its file, and how the run is written into it. */
export interface Report {
  flag: string;
  path: string;
  /** The report in pieces (the engine's *Chunks functions): streamed to the file, never joined into one string. */
  render(run: SuiteRun): Iterable<string>;
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/** Why `path` cannot be written, in a few words; undefined when it can (its folder exists and takes the file). */
export function whyNotWritable(path: string): string | undefined {
  const folder = dirname(path);
  try {
    if (!statSync(folder).isDirectory()) return `${folder} is not a folder`;
  } catch {
    return `the folder ${folder} does not exist`;
  }
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    return `the folder ${folder} is not writable`;
  }
  let exists = false;
  try {
    if (statSync(path).isDirectory()) return `${path} is a folder`;
    exists = true;
  } catch {
    // Not there yet: it is created below.
  }
  try {
    // Opened as it will be written (an existing file is not emptied yet); a new one is created, then taken away again.
    closeSync(openSync(path, exists ? 'r+' : 'wx'));
    if (!exists) unlinkSync(path);
  } catch (error) {
    return `${path} cannot be written (${code(error)})`;
  }
  return undefined;
}

/** The first report that cannot be written, as one line for the command line; undefined when all can. */
export function unwritableReport(reports: readonly Report[]): string | undefined {
  for (const report of reports) {
    const why = whyNotWritable(report.path);
    if (why) return `cannot write ${report.flag} ${report.path}: ${why}`;
  }
  return undefined;
}

/**
 * Writes every report, one after the other, each streamed to its file as the engine makes it (a write stream,
 * paced by its backpressure: a run of thousands of long answers never sits in memory as one report); returns a
 * line for each that failed (a disk filled during the run, a report that could not be made).
 */
export async function writeReports(reports: readonly Report[], run: SuiteRun): Promise<string[]> {
  const failed: string[] = [];
  for (const report of reports) {
    try {
      await writeReport(report.path, report.render(run));
    } catch (error) {
      failed.push(`cannot write ${report.flag} ${report.path}: ${code(error)}`);
    }
  }
  return failed;
}

/** Streams `chunks` into `path` (created or emptied). */
export function writeReport(path: string, chunks: Iterable<string>): Promise<void> {
  return pipeline(Readable.from(chunks), createWriteStream(path));
}
