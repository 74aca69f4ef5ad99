/**
 * The suite CLI's reading of other tools' files (docs/suites.md, "From other tools"): a promptfoo config (YAML or
 * JSON, its `tests: file://….csv` read beside it) and Ragas / DeepEval samples (JSON, JSON Lines, CSV), told apart
 * by the engine's one rule (otherToolOf). Each is read into the one suite schema, with the lines of what did not
 * carry over; a suite file of our own is left to suite-input.ts (undefined here).
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  noteLine,
  otherToolOf,
  promptfooToSuite,
  samplesToSuite,
  SUITE_BOUNDS,
  type SuiteCheck,
} from '../src/suite-engine';

export type OtherToolRead = SuiteCheck & { from?: string; notes?: string[] };

/** A file beside the config, read under the suite file's cap; undefined when it cannot be. */
function besideConfig(configPath: string) {
  return (path: string): string | undefined => {
    const full = isAbsolute(path) ? path : resolve(dirname(configPath), path);
    try {
      if (statSync(full).size > SUITE_BOUNDS.fileBytesMax) return undefined;
      return readFileSync(full, 'utf8');
    } catch {
      return undefined;
    }
  };
}

export function readOtherTool(path: string, text: string, spaceId?: string): OtherToolRead | undefined {
  const found = otherToolOf(path, text, (t) => parseYaml(t));
  if (!found) return undefined;
  const name = basename(path, extname(path));
  if (found.kind === 'samples') {
    if (!spaceId) return { ok: false, errors: ['(file): Ragas/DeepEval samples name no space: give --space-id'] };
    const r = samplesToSuite(found.text, found.format, { name, space_id: spaceId });
    return r.ok ? { ...r, from: 'Ragas/DeepEval samples' } : r;
  }
  const r = promptfooToSuite(found.config, { name, ...(spaceId ? { spaceId } : {}), readFile: besideConfig(path) });
  if (!r.ok) return r;
  const mapped = `${r.mapped} assertion${r.mapped === 1 ? '' : 's'} mapped`;
  return { ...r, from: `a promptfoo config (${mapped})`, notes: r.notes.map(noteLine) };
}
