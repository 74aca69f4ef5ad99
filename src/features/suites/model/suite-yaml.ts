import { parseSuiteYaml, type SuiteCheck } from '../../../suite-engine';

/**
 * A suite file's YAML text checked against the one suite schema (as the CLI reads it). The `yaml` package is loaded
 * only when a YAML file is read (an imported file or a published entry): it stays out of the suites chunk.
 */
export async function readSuiteYaml(text: string): Promise<SuiteCheck> {
  const { parse } = await import('yaml');
  return parseSuiteYaml(text, parse);
}

/** A file the admin picked is read as YAML when its name or type says so. */
export const isYamlFile = (file: { name: string; type: string }) =>
  /\.ya?ml$/i.test(file.name) || /(^|[/+-])yaml$/i.test(file.type);
