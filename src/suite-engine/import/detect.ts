import { readCsv } from '../../lib/csv';
import { suiteShapeProblem } from '../suite-file';
import { isPromptfooConfig } from './promptfoo';
import { isSamplesRow, type SamplesFormat } from './ragas';

/**
 * Whether a file is another tool's rather than a suite file (the one rule for the console and the CLI): a promptfoo
 * config (YAML or JSON with tests or prompts, no cases) or Ragas/DeepEval samples (JSON Lines, a JSON list, or a CSV
 * with user_input or input and no question column). Undefined: a suite file, or unreadable (the suite reader says
 * why). YAML's parse is handed in, as parseSuiteYaml's is (the console loads it only for a YAML file).
 */
export type OtherToolFile =
  | { kind: 'promptfoo'; file: string; config: unknown }
  | { kind: 'samples'; file: string; text: string; format: SamplesFormat };

export function otherToolOf(
  file: string,
  text: string,
  parseYaml?: (text: string) => unknown,
): OtherToolFile | undefined {
  const src = text.replace(/^\uFEFF/, '');
  if (/\.jsonl$/i.test(file)) return { kind: 'samples', file, text: src, format: 'jsonl' };
  if (/\.csv$/i.test(file)) {
    const header = readCsv(src).rows[0]?.cells.map((c) => c.trim()) ?? [];
    const samples = !header.includes('question') && (header.includes('user_input') || header.includes('input'));
    return samples ? { kind: 'samples', file, text: src, format: 'csv' } : undefined;
  }
  const yaml = /\.ya?ml$/i.test(file);
  if (yaml && !parseYaml) return undefined;
  let raw: unknown;
  try {
    raw = yaml ? parseYaml!(src) : JSON.parse(src);
  } catch {
    return undefined;
  }
  // Samples over a suite's caps as read (YAML aliases) are left to the suite reader, which refuses them in one line.
  if (Array.isArray(raw) && raw.length > 0 && isSamplesRow(raw[0]) && !suiteShapeProblem(raw))
    return { kind: 'samples', file, text: JSON.stringify(raw), format: 'json' };
  return isPromptfooConfig(raw) ? { kind: 'promptfoo', file, config: raw } : undefined;
}
