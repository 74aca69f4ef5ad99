import { otherToolOf as detect, type OtherToolFile } from '../../../suite-engine';

export type { OtherToolFile };

/**
 * A picked file from another tool (docs/suites.md, "From other tools"), by the engine's one rule. The `yaml`
 * package is loaded only for a YAML file, as suite-yaml.ts does.
 */
export async function otherToolOf(file: string, text: string): Promise<OtherToolFile | undefined> {
  const parse = /\.ya?ml$/i.test(file) ? (await import('yaml')).parse : undefined;
  return detect(file, text, parse);
}
