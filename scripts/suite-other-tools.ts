/**
 * The suite CLI's reading of other tools' files (docs/suites.md, "From other tools"): a promptfoo config (YAML or
 * JSON, its `tests: file://….csv` read beside it) and Ragas / DeepEval samples (JSON, JSON Lines, CSV). Each is read
 * into the one suite schema, with the lines of what did not carry over; a suite file of our own is left to
 * suite-input.ts (undefined here).
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  isPromptfooConfig,
  isSamplesRow,
  noteLine,
  promptfooToSuite,
  samplesToSuite,
  SUITE_BOUNDS,
  suiteShapeProblem,
  type SuiteCheck,
} from '../src/suite-engine';
import { readCsv } from '../src/lib/csv';

export type OtherToolRead = SuiteCheck & { from?: string; notes?: string[] };

const needSpace = (what: string): OtherToolRead => ({
  ok: false,
  errors: [`(file): ${what} names no space: give --space-id`],
});

function parsedOf(ext: string, text: string): unknown {
  try {
    return ext === '.json' ? JSON.parse(text.replace(/^\uFEFF/, '')) : parseYaml(text.replace(/^\uFEFF/, ''));
  } catch {
    // Not readable: suite-input.ts reads it again and says why.
    return undefined;
  }
}

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
  const ext = extname(path).toLowerCase();
  const name = basename(path, extname(path));
  if (ext === '.jsonl') {
    if (!spaceId) return needSpace('a Ragas/DeepEval file');
    const r = samplesToSuite(text, 'jsonl', { name, space_id: spaceId });
    return r.ok ? { ...r, from: 'Ragas/DeepEval samples' } : r;
  }
  if (ext === '.csv') {
    const header = readCsv(text).rows[0]?.cells.map((c) => c.trim()) ?? [];
    if (header.includes('question') || !(header.includes('user_input') || header.includes('input'))) return undefined;
    if (!spaceId) return needSpace('a Ragas/DeepEval file');
    const r = samplesToSuite(text, 'csv', { name, space_id: spaceId });
    return r.ok ? { ...r, from: 'Ragas/DeepEval samples' } : r;
  }
  if (ext !== '.json' && ext !== '.yaml' && ext !== '.yml') return undefined;
  const raw = parsedOf(ext, text);
  if (raw === undefined) return undefined;
  const shape = suiteShapeProblem(raw);
  if (shape) return { ok: false, errors: [shape] };
  const samples = Array.isArray(raw) ? raw : undefined;
  if (samples && samples.length > 0 && isSamplesRow(samples[0])) {
    if (!spaceId) return needSpace('a Ragas/DeepEval file');
    const r = samplesToSuite(JSON.stringify(raw), 'json', { name, space_id: spaceId });
    return r.ok ? { ...r, from: 'Ragas/DeepEval samples' } : r;
  }
  if (!isPromptfooConfig(raw)) return undefined;
  const r = promptfooToSuite(raw, {
    name,
    ...(spaceId ? { spaceId } : {}),
    readFile: besideConfig(path),
  });
  if (!r.ok) return r;
  return {
    ...r,
    from: `a promptfoo config (${r.mapped} assertion${r.mapped === 1 ? '' : 's'} mapped)`,
    notes: r.notes.map(noteLine),
  };
}
