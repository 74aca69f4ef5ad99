/**
 * The suite CLI's input: a suite file as JSON, YAML or CSV (by its extension; one schema for all three), and a
 * baseline (an earlier `--json` output). Each is refused with a sentence per problem before anything is sent.
 */
import { basename, extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseSuiteJson, parseSuiteYaml, parseSuiteCsv } from '../src/suite-engine';
import { readOtherTool, type OtherToolRead } from './suite-other-tools';

export type SuiteFormat = 'json' | 'yaml' | 'csv';

export function formatOf(path: string): SuiteFormat {
  const ext = extname(path).toLowerCase();
  return ext === '.yaml' || ext === '.yml' ? 'yaml' : ext === '.csv' ? 'csv' : 'json';
}

/** A suite file's text read in its format; a CSV file has no space of its own, so it needs `spaceId`. */
export function parseSuiteText(path: string, text: string, spaceId?: string): OtherToolRead {
  // A promptfoo config or Ragas/DeepEval samples (suite-other-tools.ts), with the lines of what did not carry over.
  const other = readOtherTool(path, text, spaceId);
  if (other) return other;
  const format = formatOf(path);
  if (format === 'json') return parseSuiteJson(text);
  if (format === 'csv') {
    if (!spaceId) return { ok: false, errors: ['(file): a CSV suite names no space: give --space-id'] };
    return parseSuiteCsv(text.replace(/^\uFEFF/, ''), { name: basename(path, extname(path)), space_id: spaceId });
  }
  // The one YAML reader (src/suite-engine/suite-file.ts): nesting, expanded size and lone surrogates capped.
  return parseSuiteYaml(text, parseYaml);
}

/** Case ids matching `--filter`: with `*` or `?`, a glob over the whole id; otherwise any id containing it. */
export function idFilter(pattern: string): (id: string) => boolean {
  if (!/[*?]/.test(pattern)) return (id) => id.includes(pattern);
  const source = pattern
    .split('')
    .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&')))
    .join('');
  const re = new RegExp(`^${source}$`, 's');
  return (id) => re.test(id);
}
