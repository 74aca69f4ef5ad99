import { parseSuiteCsv, type PublishedEntry } from '../../../api';
import { checkSuite, parseSuiteJson, type SuiteCheck } from '../../../contract';

const baseName = (file: string) => file.replace(/^.*\//, '').replace(/\.[^.]+$/, '');

/**
 * A published suite file's text read in its format, one schema for all three (as the CLI reads them). YAML is
 * parsed by the `yaml` package, loaded only when a YAML entry is opened: it stays out of the suites chunk.
 */
export async function readPublishedSuite(entry: PublishedEntry, text: string): Promise<SuiteCheck> {
  const body = text.replace(/^\uFEFF/, '');
  if (entry.format === 'json') return parseSuiteJson(body);
  if (entry.format === 'csv')
    return parseSuiteCsv(body, { name: entry.name ?? baseName(entry.file), space_id: entry.space_id ?? '' });
  const { parse } = await import('yaml');
  let raw: unknown;
  try {
    // YAML 1.2 core schema, as the CLI reads it: `yes`/`no` stay strings.
    raw = parse(body, { prettyErrors: true });
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, errors: [`(file): not valid YAML (${message})`] };
  }
  return checkSuite(raw);
}
