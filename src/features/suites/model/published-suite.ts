import { parseSuiteCsv, type PublishedEntry, parseSuiteJson, type SuiteCheck } from '../../../suite-engine';
import { readSuiteYaml } from './suite-yaml';

const baseName = (file: string) => file.replace(/^.*\//, '').replace(/\.[^.]+$/, '');

/**
 * A published suite file's text read in its format, one schema for all three (as the CLI reads them). YAML goes
 * through readSuiteYaml, which loads its parser only when a YAML entry is opened.
 */
export async function readPublishedSuite(entry: PublishedEntry, text: string): Promise<SuiteCheck> {
  const body = text.replace(/^\uFEFF/, '');
  if (entry.format === 'json') return parseSuiteJson(body);
  if (entry.format === 'csv')
    return parseSuiteCsv(body, { name: entry.name ?? baseName(entry.file), space_id: entry.space_id ?? '' });
  return readSuiteYaml(body);
}
