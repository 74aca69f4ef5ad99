import { readCsv } from '../../lib/csv';
import {
  checkSuite,
  matchesProblem,
  SUITE_BOUNDS,
  suiteShapeProblem,
  type Expectations,
  type SuiteCheck,
} from '../suite-file';

/**
 * A promptfoo config read as a suite (docs/suites.md, "From promptfoo"): its `tests` (inline, or `file://` CSV files
 * with `__expected` columns) with `vars` and `assert`, and `defaultTest`. Each test is one case; its question is the
 * config's one prompt rendered with the test's vars (`{{name}}` only: several prompts, `file://` prompts and template
 * filters or tags are refused, naming them). Each assertion maps to the suite's expectation of the same meaning, or
 * is named on its own line of the report and skipped: nothing is dropped silently.
 */

/** One assertion (or test setting) that did not carry over, and why. */
export interface ImportNote {
  /** The test, as the report names it: its description, else `tests[3]` (or `tests.csv line 4`). */
  test: string;
  /** The assertion type as written (`similar`, `not-regex`, `javascript`), or the setting (`threshold`). */
  type: string;
  why: string;
}

export type PromptfooImport =
  (Extract<SuiteCheck, { ok: true }> & { notes: ImportNote[]; mapped: number }) | { ok: false; errors: string[] };

export interface PromptfooInput {
  /** The suite's name when the config has no `description`. */
  name: string;
  /** The space the questions are asked in (`--space-id`); else the one in the URL of an exported config's provider. */
  spaceId?: string;
  /** The text of a file the config names (`tests: file://tests.csv`), by the path as written; undefined when absent. */
  readFile?: (path: string) => string | undefined;
}

/** The test key the suite keeps its own settings under, so an exported suite comes back whole (export-promptfoo.ts). */
export const KC_METADATA = 'knowledge_console';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const COMPLETIONS_PATH = /\/v1\/spaces\/completions\/([^/?#]+)/;

type Vars = Record<string, unknown>;
interface RawTest {
  label: string;
  description?: string;
  vars: Vars;
  assert: unknown[];
  threshold?: unknown;
  options?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** `{{ name }}` is rendered; any other `{{ … }}` (a filter, an expression) or `{% … %}` tag is refused by name. */
const PLACEHOLDER = /\{\{([\s\S]*?)\}\}/g;
const TAG = /\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/;
const NAME = /^\s*([A-Za-z_][\w]*)\s*$/;

function templateProblem(template: string): string | undefined {
  const tag = TAG.exec(template);
  if (tag) return `the template tag ${JSON.stringify(tag[0].slice(0, 40))} is not supported (only {{name}})`;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (!NAME.test(m[1]!))
      return `${JSON.stringify(m[0].slice(0, 60))} is not supported: only a plain {{name}} is rendered (no filters or expressions)`;
  }
  return undefined;
}

/** The template with its vars; or the var it needs that the test lacks (or that is not text). */
function render(template: string, vars: Vars): { text: string } | { missing: string } {
  let missing: string | undefined;
  const text = template.replace(PLACEHOLDER, (_, inner: string) => {
    const name = NAME.exec(inner)![1]!;
    const value = vars[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
    missing ??= name;
    return '';
  });
  return missing === undefined ? { text } : { missing };
}

/** The config's one prompt as a template, or why it cannot be used. */
function onePrompt(prompts: unknown): { template: string } | { error: string } {
  const list = prompts === undefined ? [] : Array.isArray(prompts) ? prompts : [prompts];
  if (isObject(prompts))
    return {
      error: 'prompts: a map of prompt files is not supported: write the one prompt inline (e.g. "{{question}}")',
    };
  if (list.length === 0)
    return {
      error:
        'prompts: missing: the question is the config\'s one prompt rendered with each test\'s vars (e.g. prompts: ["{{question}}"])',
    };
  if (list.length > 1)
    return {
      error: `prompts: has ${list.length} prompts (${list.map((p) => JSON.stringify(promptText(p) ?? p).slice(0, 40)).join(', ')}): a suite asks one question per case; keep one`,
    };
  const text = promptText(list[0]);
  if (text === undefined) return { error: 'prompts[0]: must be a prompt (a string, or an object with raw)' };
  if (/^file:\/\//.test(text.trim()))
    return {
      error: `prompts[0]: ${JSON.stringify(text.trim())} is a file: write the prompt inline (e.g. "{{question}}")`,
    };
  const problem = templateProblem(text);
  if (problem) return { error: `prompts[0]: ${problem}` };
  return { template: text };
}

function promptText(p: unknown): string | undefined {
  if (typeof p === 'string') return p;
  if (isObject(p) && typeof p.raw === 'string') return p.raw;
  return undefined;
}

/** promptfoo's `__expected` cell (its documented shorthand: `type:value`, `type(threshold):value`, else equals). */
const EXPECTED = /^(not-)?([a-z][a-z0-9-]*)(?:\((\d+(?:\.\d+)?)\))?(?::([\s\S]*))?$/;
const LIST_TYPES = new Set(['contains-all', 'contains-any', 'icontains-all', 'icontains-any']);
/** The types this shorthand names; anything else before a colon is text to equal. */
const KNOWN_TYPES = new Set([
  ...LIST_TYPES,
  'contains',
  'icontains',
  'equals',
  'regex',
  'starts-with',
  'llm-rubric',
  'latency',
  'similar',
  'is-json',
  'contains-json',
  'javascript',
  'python',
  'factuality',
  'model-graded-closedqa',
  'answer-relevance',
  'context-faithfulness',
  'context-recall',
  'context-relevance',
  'cost',
  'levenshtein',
  'rouge-n',
  'bleu',
  'classifier',
  'moderation',
  'perplexity',
  'is-refusal',
  'webhook',
]);

function assertionFromCell(cell: string): Record<string, unknown> {
  const text = cell.trim();
  for (const [prefix, type] of [
    ['javascript:', 'javascript'],
    ['fn:', 'javascript'],
    ['python:', 'python'],
    ['grade:', 'llm-rubric'],
    ['llm-rubric:', 'llm-rubric'],
  ] as const) {
    if (text.startsWith(prefix)) return { type, value: text.slice(prefix.length).trim() };
  }
  const m = EXPECTED.exec(text);
  if (m && KNOWN_TYPES.has(m[2]!)) {
    const type = `${m[1] ?? ''}${m[2]}`;
    const value = (m[4] ?? '').trim();
    return {
      type,
      value: LIST_TYPES.has(m[2]!) ? value.split(',').map((v) => v.trim()) : value,
      ...(m[3] ? { threshold: Number(m[3]) } : {}),
    };
  }
  return { type: 'equals', value: text };
}

/** Tests from a promptfoo CSV: each column is a var, but `__expected*` (assertions) and `__description`. */
function testsFromCsv(path: string, text: string): { tests: RawTest[] } | { error: string } {
  const table = readCsv(text);
  if (table.problems.length) return { error: `${path} line ${table.problems[0]!.line}: ${table.problems[0]!.message}` };
  const [header, ...rows] = table.rows;
  if (!header) return { error: `${path}: has no header row` };
  const names = header.cells.map((c) => c.trim());
  return {
    tests: rows.map((row) => {
      const vars: Vars = {};
      const assert: unknown[] = [];
      let description: string | undefined;
      let threshold: number | undefined;
      names.forEach((name, i) => {
        const cell = row.cells[i] ?? '';
        if (name.startsWith('__expected')) {
          if (cell.trim()) assert.push(assertionFromCell(cell));
        } else if (name === '__description') description = cell.trim() || undefined;
        else if (name === '__threshold') threshold = cell.trim() ? Number(cell) : undefined;
        else if (!name.startsWith('__')) vars[name] = cell;
      });
      return {
        label: description ?? `${path} line ${row.line}`,
        description,
        vars,
        assert,
        ...(threshold !== undefined ? { threshold } : {}),
      };
    }),
  };
}

function rawTest(value: unknown, label: string): RawTest | string {
  if (!isObject(value)) return `${label}: must be a test (an object with vars and assert)`;
  if (value.vars !== undefined && !isObject(value.vars)) return `${label}.vars: must be an object`;
  if (value.assert !== undefined && !Array.isArray(value.assert))
    return `${label}.assert: must be a list of assertions`;
  const description =
    typeof value.description === 'string' && value.description.trim() ? value.description.trim() : undefined;
  return {
    label: description ?? label,
    description,
    vars: (value.vars as Vars | undefined) ?? {},
    assert: (value.assert as unknown[] | undefined) ?? [],
    ...(value.threshold !== undefined ? { threshold: value.threshold } : {}),
    ...(isObject(value.options) ? { options: value.options } : {}),
    ...(isObject(value.metadata) ? { metadata: value.metadata } : {}),
  };
}

const fileRef = (v: string) => v.trim().replace(/^file:\/\//, '');

/** Every test of the config, inline or read from the files it names. */
function collectTests(config: Record<string, unknown>, readFile: PromptfooInput['readFile']) {
  const errors: string[] = [];
  const tests: RawTest[] = [];
  const items = typeof config.tests === 'string' ? [config.tests] : config.tests;
  if (!Array.isArray(items))
    return { errors: ['tests: must be a list of tests or a file:// path to a CSV file'], tests };
  items.forEach((item, i) => {
    if (typeof item !== 'string') {
      const t = rawTest(item, `tests[${i}]`);
      if (typeof t === 'string') errors.push(t);
      else tests.push(t);
      return;
    }
    const path = fileRef(item);
    if (!/\.csv$/i.test(path)) {
      errors.push(
        `tests${Array.isArray(config.tests) ? `[${i}]` : ''}: ${JSON.stringify(item)} is not a CSV file: only CSV test files (with __expected columns) are read; write the others inline`,
      );
      return;
    }
    const text = readFile?.(path);
    if (text === undefined) {
      errors.push(`tests: ${JSON.stringify(item)} could not be read: give it alongside the config`);
      return;
    }
    const read = testsFromCsv(path, text.replace(/^\uFEFF/, ''));
    if ('error' in read) errors.push(read.error);
    else tests.push(...read.tests);
  });
  return { errors, tests };
}

/** A regular expression's literal text, for `equals` and `starts-with`. */
const escapeRegex = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

const valueList = (v: unknown): string[] | undefined => {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()) : [v];
  const out = list.map((x) => (typeof x === 'number' ? String(x) : x));
  return out.every((x): x is string => typeof x === 'string' && x !== '') ? out : undefined;
};

/** Why `similar` does not carry over: said once, the same in the console and the CLI. */
export const SIMILAR_WHY =
  "promptfoo's similar is an embedding cosine; the suite's similar_to is lexical (token F1): its threshold does not carry over — add similar_to with a threshold measured here";

const SKIP_WHY: Record<string, string> = {
  'not-regex': 'the suite has no "must not match" check',
  'not-equals': 'the suite has no "must not equal" check',
  'not-starts-with': 'the suite has no "must not start with" check',
  'not-contains-all': 'the suite has no "must not contain all of" check',
  'not-icontains-all': 'the suite has no "must not contain all of" check',
  javascript: 'code assertions are not run by the console',
  python: 'code assertions are not run by the console',
  ruby: 'code assertions are not run by the console',
  webhook: 'webhook assertions are not run by the console',
};

/** Maps one test's assertions into `expect`; what does not map is a note. */
function mapAssertions(
  test: RawTest,
  asserts: unknown[],
  notes: ImportNote[],
): { expect: Expectations; mapped: number } {
  const expect: Expectations = {};
  let mapped = 0;
  const skip = (type: string, why: string) => notes.push({ test: test.label, type, why });
  const rendered = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const problem = templateProblem(v);
      if (problem) return { problem };
      const r = render(v, test.vars);
      return 'missing' in r ? { problem: `its value uses {{${r.missing}}}, which the test's vars do not set` } : r.text;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) {
        const r = rendered(item);
        if (isObject(r)) return r;
        out.push(r);
      }
      return out;
    }
    return v;
  };
  const add = (key: 'contains' | 'not_contains', values: string[]) => {
    expect[key] = [...(expect[key] ?? []), ...values];
  };
  const pattern = (type: string, source: string) => {
    if (expect.matches !== undefined)
      return skip(type, `the case already has a pattern check (${'matches'}): one per case`);
    const problem =
      source.length > SUITE_BOUNDS.matchesMaxLength
        ? `longer than ${SUITE_BOUNDS.matchesMaxLength} characters as a pattern`
        : matchesProblem(source);
    if (problem) return skip(type, `cannot be judged here: ${problem}`);
    expect.matches = source;
    mapped++;
  };
  for (const item of asserts) {
    if (!isObject(item) || typeof item.type !== 'string') {
      skip(String(isObject(item) ? item.type : item), 'not an assertion (an object with a type)');
      continue;
    }
    const type = item.type;
    if (item.transform !== undefined) {
      skip(type, 'it checks a transformed output (transform), which the console does not run');
      continue;
    }
    const value = rendered(item.value);
    if (isObject(value)) {
      skip(type, String(value.problem));
      continue;
    }
    const list = valueList(value);
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    switch (type) {
      case 'contains':
      case 'icontains':
        if (text === undefined || text === '') skip(type, 'its value must be a string');
        else {
          add('contains', [text]);
          mapped++;
        }
        break;
      case 'contains-all':
      case 'icontains-all':
        if (!list) skip(type, 'its value must be a list of strings');
        else {
          add('contains', list);
          mapped++;
        }
        break;
      case 'contains-any':
      case 'icontains-any':
        if (!list) skip(type, 'its value must be a list of strings');
        else if (expect.contains_any) skip(type, 'the case already has a contains-any: one per case');
        else {
          expect.contains_any = list;
          mapped++;
        }
        break;
      case 'not-contains':
      case 'not-icontains':
        if (text === undefined || text === '') skip(type, 'its value must be a string');
        else {
          add('not_contains', [text]);
          mapped++;
        }
        break;
      case 'not-contains-any':
      case 'not-icontains-any':
        if (!list) skip(type, 'its value must be a list of strings');
        else {
          add('not_contains', list);
          mapped++;
        }
        break;
      case 'regex':
        if (text === undefined || text === '') skip(type, 'its value must be a regular expression');
        // promptfoo's value is a pattern's source; one written as /…/flags here would be read as a literal.
        else pattern(type, /^\/.*\/[a-z]*$/s.test(text) ? `/${text.replace(/\//g, '\\/')}/` : text);
        break;
      case 'equals':
        if (text === undefined) skip(type, 'its value must be a string (a JSON value is not compared here)');
        else pattern(type, `^${escapeRegex(text)}$`);
        break;
      case 'starts-with':
        if (text === undefined || text === '') skip(type, 'its value must be a string');
        else pattern(type, `^${escapeRegex(text)}`);
        break;
      case 'llm-rubric':
        if (text === undefined || text === '') skip(type, 'its value must be a rubric (a string)');
        else if (expect.rubric !== undefined) skip(type, 'the case already has a rubric: one per case');
        else if (text.length > SUITE_BOUNDS.rubricMaxLength)
          skip(type, `longer than ${SUITE_BOUNDS.rubricMaxLength} characters`);
        else {
          expect.rubric = text;
          mapped++;
        }
        break;
      case 'latency': {
        const ms = Number(item.threshold);
        if (!(ms > 0)) skip(type, 'its threshold must be a positive number of milliseconds');
        else {
          expect.max_latency_ms = Math.min(expect.max_latency_ms ?? Infinity, ms);
          mapped++;
        }
        break;
      }
      case 'similar':
        skip(type, SIMILAR_WHY);
        break;
      default:
        skip(type, SKIP_WHY[type] ?? 'no assertion of this meaning in the suite');
    }
  }
  return { expect, mapped };
}

/** A promptfoo config (parsed from its YAML or JSON) as a suite, with the notes of what did not carry over. */
export function promptfooToSuite(config: unknown, input: PromptfooInput): PromptfooImport {
  if (!isObject(config))
    return { ok: false, errors: ['(file): a promptfoo config must be an object with prompts and tests'] };
  // The same caps as a suite file as read (depth, text once YAML aliases are expanded, lone surrogates).
  const shape = suiteShapeProblem(config);
  if (shape) return { ok: false, errors: [shape] };
  const errors: string[] = [];
  const prompt = onePrompt(config.prompts);
  if ('error' in prompt) errors.push(prompt.error);
  let defaults: RawTest = { label: 'defaultTest', vars: {}, assert: [] };
  if (typeof config.defaultTest === 'string')
    errors.push(`defaultTest: ${JSON.stringify(config.defaultTest)} is a file: write defaultTest inline`);
  else if (config.defaultTest !== undefined) {
    const d = rawTest(config.defaultTest, 'defaultTest');
    if (typeof d === 'string') errors.push(d);
    else defaults = d;
  }
  const { errors: testErrors, tests } = collectTests(config, input.readFile);
  errors.push(...testErrors);
  if (errors.length || 'error' in prompt) return { ok: false, errors };
  if (tests.length === 0) return { ok: false, errors: ['tests: has no tests'] };

  const suiteMeta = isObject(defaults.metadata?.[KC_METADATA]) ? (defaults.metadata[KC_METADATA] as Vars) : {};
  const notes: ImportNote[] = [];
  let mapped = 0;
  const usedIds = new Set<string>();
  const cases = tests.flatMap((test) => {
    test.vars = { ...defaults.vars, ...test.vars };
    const prefix = typeof test.options?.prefix === 'string' ? test.options.prefix : '';
    const suffix = typeof test.options?.suffix === 'string' ? test.options.suffix : '';
    const question = render(prompt.template, test.vars);
    if ('missing' in question) {
      errors.push(
        `${test.label}: the prompt uses {{${question.missing}}}, which this test's vars do not set (as text)`,
      );
      return [];
    }
    const own = isObject(test.metadata?.[KC_METADATA]) ? (test.metadata[KC_METADATA] as Vars) : {};
    const result = mapAssertions(test, [...defaults.assert, ...test.assert], notes);
    mapped += result.mapped;
    if (test.threshold !== undefined)
      notes.push({ test: test.label, type: 'threshold', why: 'a weighted pass score: here every assertion must pass' });
    const ownExpect = isObject(own.expect) ? own.expect : {};
    const expect = { ...result.expect, ...ownExpect };
    // The description names the case when it is unique (an exported suite's ids come back).
    const id = typeof own.id === 'string' ? own.id : test.description;
    const keepId = id !== undefined && !usedIds.has(id);
    if (keepId) usedIds.add(id);
    const { id: _id, expect: _expect, ...caseFields } = own;
    return [
      {
        ...(keepId ? { id } : {}),
        question: `${prefix}${question.text}${suffix}`,
        ...(Object.keys(expect).length ? { expect } : {}),
        ...caseFields,
      },
    ];
  });
  if (errors.length) return { ok: false, errors };

  const fromUrl = providerSpace(config.providers);
  const { space_id: metaSpace, ...suiteFields } = suiteMeta;
  const spaceId = input.spaceId ?? fromUrl ?? (typeof metaSpace === 'string' ? metaSpace : undefined);
  if (!spaceId)
    return {
      ok: false,
      errors: ['(file): a promptfoo config names no space of this service: give the space id (--space-id)'],
    };
  const name =
    typeof config.description === 'string' && config.description.trim() ? config.description.trim() : input.name;
  const checked = checkSuite({ name, space_id: spaceId, ...suiteFields, cases });
  if (!checked.ok) return checked;
  return { ...checked, notes, mapped };
}

/** The space of an exported config: its HTTP provider's URL is this service's completion endpoint. */
function providerSpace(providers: unknown): string | undefined {
  const list = Array.isArray(providers) ? providers : [providers];
  for (const p of list) {
    const url = isObject(p) && isObject(p.config) ? p.config.url : undefined;
    const m = typeof url === 'string' ? COMPLETIONS_PATH.exec(url) : null;
    if (m) return decodeURIComponent(m[1]!);
  }
  return undefined;
}

/** Whether a parsed YAML or JSON file is a promptfoo config rather than a suite file (which has `cases`). */
export const isPromptfooConfig = (raw: unknown): boolean =>
  isObject(raw) && !('cases' in raw) && ('tests' in raw || 'prompts' in raw);

/** The notes as report lines, one per assertion skipped (the CLI prints them; the console lists them). */
export const noteLine = (n: ImportNote) => `${n.test}: ${n.type} skipped — ${n.why}`;
