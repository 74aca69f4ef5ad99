import { ASSERTION_KEYS, checkSuite, type AssertionKey, type SuiteCheck, type SuiteFile } from '../../../contract';

/**
 * What the editor's form holds: the suite file as text fields (lists `|`-separated as in CSV import, options and
 * follow-ups as JSON text). `toFile` turns it back into a file for the one schema; `fieldOf` places each of the
 * schema's messages on its input.
 */
export type ListKey = 'contains' | 'contains_any' | 'not_contains' | 'cites_document';
export type NumberKey = 'min_sources' | 'min_top_score' | 'max_latency_ms' | 'max_total_tokens';
export const LIST_KEYS: readonly ListKey[] = ['contains', 'contains_any', 'not_contains', 'cites_document'];
export const NUMBER_KEYS: readonly NumberKey[] = ['min_sources', 'min_top_score', 'max_latency_ms', 'max_total_tokens'];

export interface CaseRow extends Record<ListKey | NumberKey, string> {
  id: string;
  question: string;
  matches: string;
  repeat: string;
  /** JSON object of completion options, or empty. */
  options: string;
  /** JSON list of follow-ups, or empty. */
  follow_ups: string;
}

export interface EditorValues {
  name: string;
  space_id: string;
  repeat: string;
  defaults: string;
  variants: string;
  cases: CaseRow[];
}

const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));
const num = (value: number | undefined) => (value === undefined ? '' : String(value));

export function emptyCase(): CaseRow {
  return {
    id: '',
    question: '',
    contains: '',
    contains_any: '',
    not_contains: '',
    matches: '',
    cites_document: '',
    min_sources: '',
    min_top_score: '',
    max_latency_ms: '',
    max_total_tokens: '',
    repeat: '',
    options: '',
    follow_ups: '',
  };
}

export function toValues(file: SuiteFile): EditorValues {
  return {
    name: file.name,
    space_id: String(file.space_id),
    repeat: num(file.repeat),
    defaults: json(file.defaults),
    variants: json(file.variants),
    cases: file.cases.map((c) => {
      const e = c.expect ?? {};
      return {
        ...emptyCase(),
        id: c.id ?? '',
        question: c.question,
        ...Object.fromEntries(LIST_KEYS.map((k) => [k, (e[k] ?? []).join(' | ')])),
        ...Object.fromEntries(NUMBER_KEYS.map((k) => [k, num(e[k])])),
        matches: e.matches ?? '',
        repeat: num(c.repeat),
        options: json(c.options),
        follow_ups: json(c.follow_ups),
      };
    }),
  };
}

const list = (text: string) =>
  text
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);
/** A number field as typed: empty is absent; text that is not a number is passed on for the schema to name. */
const number = (text: string) => (text.trim() === '' ? undefined : Number.isNaN(Number(text)) ? text : Number(text));

export type EditorCheck = SuiteCheck & { raw: Record<string, unknown> };

/** The form's values as a suite file, checked by the schema; JSON text that does not parse is reported like any field. */
export function toFile(values: EditorValues): EditorCheck {
  const jsonErrors: string[] = [];
  const parseJson = (path: string, text: string) => {
    if (!text.trim()) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      jsonErrors.push(`${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
  };
  const raw: Record<string, unknown> = { name: values.name.trim(), space_id: values.space_id.trim() };
  const defaults = parseJson('defaults', values.defaults);
  if (defaults !== undefined) raw.defaults = defaults;
  if (number(values.repeat) !== undefined) raw.repeat = number(values.repeat);
  const variants = parseJson('variants', values.variants);
  if (variants !== undefined) raw.variants = variants;
  raw.cases = values.cases.map((row, i) => {
    const c: Record<string, unknown> = {};
    if (row.id.trim()) c.id = row.id.trim();
    c.question = row.question.trim();
    const options = parseJson(`cases[${i}].options`, row.options);
    if (options !== undefined) c.options = options;
    const expect: Partial<Record<AssertionKey, unknown>> = {};
    for (const key of ASSERTION_KEYS) {
      const value =
        key === 'matches'
          ? row.matches.trim() || undefined
          : (LIST_KEYS as readonly string[]).includes(key)
            ? list(row[key as ListKey]).length
              ? list(row[key as ListKey])
              : undefined
            : number(row[key as NumberKey]);
      if (value !== undefined) expect[key] = value;
    }
    if (Object.keys(expect).length) c.expect = expect;
    const followUps = parseJson(`cases[${i}].follow_ups`, row.follow_ups);
    if (followUps !== undefined) c.follow_ups = followUps;
    if (number(row.repeat) !== undefined) c.repeat = number(row.repeat);
    return c;
  });
  const checked = checkSuite(raw);
  if (jsonErrors.length) return { ok: false, errors: [...jsonErrors, ...(checked.ok ? [] : checked.errors)], raw };
  return { ...checked, raw };
}

/**
 * The form field a message belongs to: `cases[3].expect.matches: …` → `cases.3.matches`; options and follow-ups
 * messages go to their JSON box; top-level ones to their field.
 */
export function fieldOf(message: string): string | undefined {
  const path = message.slice(0, message.indexOf(':'));
  const inCase = /^cases\[(\d+)\](?:\.(\w+))?(?:\.(\w+))?/.exec(path);
  if (inCase) {
    const [, index, field, sub] = inCase;
    if (field === 'expect') return sub ? `cases.${index}.${sub}` : `cases.${index}.question`;
    if (field === 'options' || field === 'follow_ups' || field === 'id' || field === 'question' || field === 'repeat')
      return `cases.${index}.${field}`;
    return `cases.${index}.question`;
  }
  const top = /^(\w+)/.exec(path)?.[1];
  return top && ['name', 'space_id', 'repeat', 'defaults', 'variants'].includes(top) ? top : undefined;
}
