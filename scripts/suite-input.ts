/**
 * The suite CLI's input: a suite file as JSON, YAML or CSV (by its extension; one schema for all three), and a
 * baseline (an earlier `--json` output). Each is refused with a sentence per problem before anything is sent.
 */
import { basename, extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { checkSuite, parseSuiteJson, type SuiteCheck, parseSuiteCsv } from '../src/suite-engine';

export type SuiteFormat = 'json' | 'yaml' | 'csv';

export function formatOf(path: string): SuiteFormat {
  const ext = extname(path).toLowerCase();
  return ext === '.yaml' || ext === '.yml' ? 'yaml' : ext === '.csv' ? 'csv' : 'json';
}

/** A suite file's text read in its format; a CSV file has no space of its own, so it needs `spaceId`. */
export function parseSuiteText(path: string, text: string, spaceId?: string): SuiteCheck {
  const format = formatOf(path);
  if (format === 'json') return parseSuiteJson(text);
  if (format === 'csv') {
    if (!spaceId) return { ok: false, errors: ['(file): a CSV suite names no space: give --space-id'] };
    return parseSuiteCsv(text.replace(/^\uFEFF/, ''), { name: basename(path, extname(path)), space_id: spaceId });
  }
  let raw: unknown;
  try {
    // YAML 1.2 core schema: `yes`/`no` stay strings, as in JSON; an id of digits may be written unquoted.
    raw = parseYaml(text.replace(/^\uFEFF/, ''), { prettyErrors: true });
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, errors: [`(file): not valid YAML (${message})`] };
  }
  return checkSuite(raw);
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
