import {
  ASSERTION_KEYS,
  checkSuite,
  type AssertionKey,
  type SuiteCase,
  type SuiteCheck,
  type SuiteFile,
} from '../../../suite-engine';

/**
 * What the editor's form holds: the suite file as text fields (lists `|`-separated as in CSV import, options and
 * follow-ups as JSON text). `toFile` turns it back into a file for the one schema; `fieldOf` places each of the
 * schema's messages on its input.
 */
export type ListKey = 'contains' | 'contains_any' | 'not_contains' | 'cites_document' | 'not_cites_document';
export type NumberKey = 'min_sources' | 'min_top_score' | 'max_latency_ms' | 'max_total_tokens' | 'max_ttft_ms';
/** Assertions of true or false, as a choice: empty (not checked), `true`, `false`. */
export type FlagKey = 'stream_completes' | 'abstains';
export const FLAG_KEYS: readonly FlagKey[] = ['stream_completes', 'abstains'];
export const LIST_KEYS: readonly ListKey[] = [
  'contains',
  'contains_any',
  'not_contains',
  'cites_document',
  'not_cites_document',
];
export const NUMBER_KEYS: readonly NumberKey[] = [
  'min_sources',
  'min_top_score',
  'max_latency_ms',
  'max_total_tokens',
  'max_ttft_ms',
];

export interface CaseRow extends Record<ListKey | NumberKey | FlagKey, string> {
  id: string;
  question: string;
  matches: string;
  repeat: string;
  /** JSON object of completion options, or empty. */
  options: string;
  /** JSON list of follow-ups, or empty. */
  follow_ups: string;
  /** Document ids `|`-separated, as cites_document. */
  relevant_documents: string;
  /** expect.similar_to: the reference answer and the least score (0–1). */
  similar_text: string;
  similar_min: string;
  /**
   * The case's fields this form has no input for (k, pass_at_least, assertions added later…), as JSON: kept as
   * they were, so saving never drops what the form does not show.
   */
  kept: string;
}

export interface EditorValues {
  name: string;
  space_id: string;
  repeat: string;
  defaults: string;
  variants: string;
  pass_at_least: string;
  gate_min_pass_rate: string;
  gate_min_hit_rate: string;
  gate_min_mrr: string;
  /** abstention_phrases: JSON object of language tags to lists of phrases, or empty. */
  abstention_phrases: string;
  /** The suite's fields this form has no input for (k, …), as JSON; see CaseRow.kept. */
  kept: string;
  cases: CaseRow[];
}

/** Fields of a case (and of its expect) that the form edits; the rest goes to `kept`. */
const CASE_FIELDS = ['id', 'question', 'options', 'expect', 'follow_ups', 'repeat', 'relevant_documents'];
const EXPECT_FIELDS: readonly string[] = [...ASSERTION_KEYS, 'similar_to'];
const SUITE_FIELDS = [
  'name',
  'space_id',
  'repeat',
  'defaults',
  'variants',
  'pass_at_least',
  'gate',
  'cases',
  'abstention_phrases',
];
const GATE_FIELDS = ['min_pass_rate', 'min_hit_rate', 'min_mrr'] as const;

const without = (object: object, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k)));

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
    not_cites_document: '',
    min_sources: '',
    min_top_score: '',
    max_latency_ms: '',
    max_total_tokens: '',
    max_ttft_ms: '',
    stream_completes: '',
    abstains: '',
    repeat: '',
    options: '',
    follow_ups: '',
    relevant_documents: '',
    similar_text: '',
    similar_min: '',
    kept: '',
  };
}

/** What a case keeps beyond the form: its other fields, its expect's other keys, its ids as written (numbers stay numbers). */
function keptOf(c: SuiteCase): string {
  const rest: Record<string, unknown> = without(c, CASE_FIELDS);
  const expectRest = without(c.expect ?? {}, EXPECT_FIELDS);
  if (Object.keys(expectRest).length) rest.expect = expectRest;
  if (c.relevant_documents) rest.relevant_documents = c.relevant_documents;
  return Object.keys(rest).length ? JSON.stringify(rest) : '';
}

export function toValues(file: SuiteFile): EditorValues {
  return {
    name: file.name,
    space_id: String(file.space_id),
    repeat: num(file.repeat),
    defaults: json(file.defaults),
    variants: json(file.variants),
    pass_at_least: num(file.pass_at_least),
    gate_min_pass_rate: num(file.gate?.min_pass_rate),
    gate_min_hit_rate: num(file.gate?.min_hit_rate),
    gate_min_mrr: num(file.gate?.min_mrr),
    abstention_phrases: json(file.abstention_phrases),
    kept: Object.keys(without(file, SUITE_FIELDS)).length ? JSON.stringify(without(file, SUITE_FIELDS)) : '',
    cases: file.cases.map((c) => {
      const e = c.expect ?? {};
      return {
        ...emptyCase(),
        id: c.id ?? '',
        question: c.question,
        // not_cites_document may be one id (a number too): every list reads as its values' text.
        ...Object.fromEntries(LIST_KEYS.map((k) => [k, [e[k] ?? []].flat().map(String).join(' | ')])),
        ...Object.fromEntries(NUMBER_KEYS.map((k) => [k, num(e[k])])),
        ...Object.fromEntries(FLAG_KEYS.map((k) => [k, e[k] === undefined ? '' : String(e[k])])),
        matches: e.matches ?? '',
        repeat: num(c.repeat),
        options: json(c.options),
        follow_ups: json(c.follow_ups),
        relevant_documents: (c.relevant_documents ?? []).map(String).join(' | '),
        similar_text: e.similar_to?.text ?? '',
        similar_min: num(e.similar_to?.min),
        kept: keptOf(c),
      };
    }),
  };
}

const list = (text = '') =>
  text
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);
/** A true/false choice: empty is absent; anything else than true or false is passed on for the schema to name. */
const flag = (text = '') => (text === '' ? undefined : text === 'true' ? true : text === 'false' ? false : text);
/** A number field as typed: empty is absent; text that is not a number is passed on for the schema to name. */
const number = (text = '') => (text.trim() === '' ? undefined : Number.isNaN(Number(text)) ? text : Number(text));

export type EditorCheck = SuiteCheck & { raw: Record<string, unknown> };

/** The form's values as a suite file, checked by the schema; JSON text that does not parse is reported like any field. */
export function toFile(values: EditorValues): EditorCheck {
  const jsonErrors: string[] = [];
  const parseJson = (path: string, text = '') => {
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
  if (number(values.pass_at_least) !== undefined) raw.pass_at_least = number(values.pass_at_least);
  const gate = Object.fromEntries(
    GATE_FIELDS.map((k) => [k, number(values[`gate_${k}`])]).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(gate).length) raw.gate = gate;
  const variants = parseJson('variants', values.variants);
  if (variants !== undefined) raw.variants = variants;
  const phrases = parseJson('abstention_phrases', values.abstention_phrases);
  if (phrases !== undefined) raw.abstention_phrases = phrases;
  Object.assign(raw, parseJson('kept', values.kept) ?? {});
  raw.cases = values.cases.map((row, i) => {
    const kept = (parseJson(`cases[${i}]`, row.kept) ?? {}) as Record<string, unknown>;
    const { expect: keptExpect, relevant_documents: keptIds, ...keptCase } = kept;
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
          : (FLAG_KEYS as readonly string[]).includes(key)
            ? flag(row[key as FlagKey])
            : (LIST_KEYS as readonly string[]).includes(key)
              ? list(row[key as ListKey]).length
                ? list(row[key as ListKey])
                : undefined
              : number(row[key as NumberKey]);
      if (value !== undefined) expect[key] = value;
    }
    const similar: Record<string, unknown> = {};
    if (row.similar_text?.trim()) similar.text = row.similar_text.trim();
    if (number(row.similar_min) !== undefined) similar.min = number(row.similar_min);
    if (Object.keys(similar).length) (expect as Record<string, unknown>).similar_to = similar;
    Object.assign(expect, keptExpect ?? {});
    if (Object.keys(expect).length) c.expect = expect;
    const followUps = parseJson(`cases[${i}].follow_ups`, row.follow_ups);
    if (followUps !== undefined) c.follow_ups = followUps;
    if (number(row.repeat) !== undefined) c.repeat = number(row.repeat);
    const ids = list(row.relevant_documents);
    if (ids.length)
      // Ids as written when unchanged (a number stays a number); typed ones as text.
      c.relevant_documents = Array.isArray(keptIds) && keptIds.map(String).join('|') === ids.join('|') ? keptIds : ids;
    return { ...c, ...keptCase };
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
    if (field === 'expect' && sub === 'similar_to')
      return /\.similar_to\.min\b/.test(path) ? `cases.${index}.similar_min` : `cases.${index}.similar_text`;
    if (field === 'expect') return sub ? `cases.${index}.${sub}` : `cases.${index}.question`;
    if (['options', 'follow_ups', 'id', 'question', 'repeat', 'relevant_documents'].includes(field ?? ''))
      return `cases.${index}.${field}`;
    return `cases.${index}.question`;
  }
  const gate = /^gate\.(min_\w+)/.exec(path)?.[1];
  if (gate) return `gate_${gate}`;
  const top = /^(\w+)/.exec(path)?.[1];
  return top &&
    ['name', 'space_id', 'repeat', 'defaults', 'variants', 'pass_at_least', 'abstention_phrases'].includes(top)
    ? top
    : undefined;
}
