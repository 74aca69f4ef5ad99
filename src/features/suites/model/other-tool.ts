import { isPromptfooConfig, isSamplesRow, type SamplesFormat } from '../../../suite-engine';
import { readCsv } from '../../../lib/csv';

/**
 * A picked file from another tool (docs/suites.md, "From other tools"): a promptfoo config (YAML or JSON with tests
 * or prompts, no cases) or Ragas/DeepEval samples (JSON Lines, a JSON list, or a CSV with user_input or input and no
 * question column). Anything else is left to the suite readers (undefined). The `yaml` package is loaded only for a
 * YAML file, as suite-yaml.ts does.
 */
export type OtherToolFile =
  | { kind: 'promptfoo'; file: string; config: unknown }
  | { kind: 'samples'; file: string; text: string; format: SamplesFormat };

export async function otherToolOf(file: string, text: string): Promise<OtherToolFile | undefined> {
  const src = text.replace(/^\uFEFF/, '');
  if (/\.jsonl$/i.test(file)) return { kind: 'samples', file, text: src, format: 'jsonl' };
  if (/\.csv$/i.test(file)) {
    const header = readCsv(src).rows[0]?.cells.map((c) => c.trim()) ?? [];
    const samples = !header.includes('question') && (header.includes('user_input') || header.includes('input'));
    return samples ? { kind: 'samples', file, text: src, format: 'csv' } : undefined;
  }
  let raw: unknown;
  try {
    raw = /\.ya?ml$/i.test(file) ? (await import('yaml')).parse(src) : JSON.parse(src);
  } catch {
    // Not readable: the suite reader says why.
    return undefined;
  }
  if (Array.isArray(raw) && raw.length > 0 && isSamplesRow(raw[0]))
    return { kind: 'samples', file, text: JSON.stringify(raw), format: 'json' };
  return isPromptfooConfig(raw) ? { kind: 'promptfoo', file, config: raw } : undefined;
}
