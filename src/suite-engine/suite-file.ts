import { compileMatches, matchesProblem } from './pattern-translate';
import { z } from '../contract/zod';
import { isPathId, PATH_ID_RULE } from '../contract/path-id';

/**
 * The space test suite file (JSON, UTF-8): questions with expectations, run against one space. One schema for the
 * console (editor, import) and the command line (`npm run suite`); a wrong file is refused as a whole with one
 * message per problem, each naming the field by its path (`cases[3].expect.matches: not a valid regular expression`).
 */
export const SUITE_BOUNDS = {
  /** A suite's or case's `repeat`. */
  repeatMax: 20,
  casesMax: 5000,
  followUpsMax: 20,
  variantsMax: 8,
  /** Questions asked at once by a run. */
  concurrencyMin: 1,
  concurrencyMax: 8,
  concurrencyDefault: 2,
  /** A suite file (JSON or CSV) larger than this is refused before it is read. */
  fileBytesMax: 5 * 1024 * 1024,
  /**
   * A run file imported in the console (the CLI's --json: version 2 keeps its answers apart, so even 10,000 sessions
   * stay under this); its answers file, read a line at a time, up to answersFileBytesMax.
   */
  runFileBytesMax: 64 * 1024 * 1024,
  answersFileBytesMax: 512 * 1024 * 1024,
  /** Completions one run may ask for (cases × variants × repetitions × (1 + follow-ups)): each is billed. */
  completionsPerRunMax: 20_000,
  /** Characters of a `matches` pattern (flags and slashes included). */
  matchesMaxLength: 500,
  /** Messages of a refused import shown; the rest are counted. */
  importErrorsShown: 20,
  /** Characters of an `expect.rubric` (it goes into every grader prompt). */
  rubricMaxLength: 4000,
  /**
   * Levels of nesting in a suite as read (the format itself needs 7; `context_params` may add some): deeper
   * values overflow the stack of the YAML reader and of every JSON writer after it.
   */
  depthMax: 32,
  /**
   * Characters of text (keys and values) a suite may hold once read. A JSON or CSV file holds fewer than its
   * bytes; YAML's aliases repeat one text many times (a 4 MB scalar 99 times is 400 MB, which no report could be
   * written with).
   */
  expandedCharsMax: 5 * 1024 * 1024,
} as const;

/** The completion body fields a suite may not set: every question gets its own. */
const RUNNER_FIELDS = ['message', 'session_id', 'conversation_id'] as const;

export const ASSERTION_KEYS = [
  'contains',
  'contains_any',
  'not_contains',
  'matches',
  'cites_document',
  'not_cites_document',
  'min_sources',
  'min_top_score',
  'max_latency_ms',
  'max_total_tokens',
  // Streaming and abstention (stream-checks.ts, abstention.ts).
  'max_ttft_ms',
  'stream_completes',
  'abstains',
] as const;
export type AssertionKey = (typeof ASSERTION_KEYS)[number];
/** Assertions that grade the answer with a score (kept per case) rather than a literal check. */
export const GRADED_KEYS = ['similar_to', 'rubric'] as const;
export type GradedKey = (typeof GRADED_KEYS)[number];

export { compileMatches, matchesProblem };

const str = (what = 'a string') => z.string({ error: `must be ${what}` });
const nonEmpty = (what = 'a string') => str(what).check(z.minLength(1, { error: 'must not be empty' }));
const flag = () => z.boolean({ error: 'must be true or false' });
const strings = () =>
  z.array(nonEmpty(), { error: 'must be a list of strings' }).check(z.maxLength(200, { error: 'has too many values' }));

/** Any completion body field except the runner's (message, session_id, conversation_id); unknown keys are refused. */
export const CompletionOptions = z.strictObject(
  {
    external_user_id: z.optional(str()),
    stream: z.optional(flag()),
    refine_question: z.optional(flag()),
    copilot: z.optional(flag()),
    dataset_id: z.optional(str()),
    dataset_ids: z.optional(strings()),
    document_id: z.optional(str()),
    document_ids: z.optional(strings()),
    only_dataset_tool: z.optional(flag()),
    context_params: z.optional(z.record(z.string(), z.unknown(), { error: 'must be an object' })),
    context_documents_mode: z.optional(z.int({ error: 'must be an integer' })),
    retrieval_with_websearch: z.optional(flag()),
  },
  { error: 'must be an object of completion body fields' },
);
export type CompletionOptions = z.output<typeof CompletionOptions>;

/** A share, 0–1 (pass rates, similarity, hit rate, MRR). */
const fraction = () =>
  z
    .number({ error: 'must be a number from 0 to 1' })
    .check(z.gte(0, { error: 'must be from 0 to 1' }), z.lte(1, { error: 'must be from 0 to 1' }));

const positive = (what: string) =>
  z.number({ error: `must be ${what}` }).check(z.positive({ error: `must be ${what}` }));

export const Expectations = z.strictObject(
  {
    contains: z.optional(strings()),
    contains_any: z.optional(strings().check(z.minLength(1, { error: 'must name at least one string' }))),
    not_contains: z.optional(strings()),
    matches: z.optional(
      nonEmpty('a regular expression').check(
        z.maxLength(SUITE_BOUNDS.matchesMaxLength, {
          error: `must be at most ${SUITE_BOUNDS.matchesMaxLength} characters`,
          abort: true,
        }),
        // Judged by RE2 (linear time): a pattern it cannot run is refused here, with the place and why.
        z.superRefine((v, ctx) => {
          const problem = matchesProblem(v);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
        }),
      ),
    ),
    // One id rule (retrieval.ts documentIdText): a string or a whole number, compared as its decimal text.
    cites_document: z.optional(
      z.array(z.union([nonEmpty(), z.int()], { error: 'must be a document id (a string or a whole number)' }), {
        error: 'must be a list of document ids',
      }),
    ),
    /** Ids that no source of the answer may be (a removed document still answered from): one id or a list. */
    not_cites_document: z.optional(
      z.union(
        [
          z.union([nonEmpty(), z.int()]),
          z
            .array(z.union([nonEmpty(), z.int()]), { error: 'must be a list of document ids' })
            .check(z.minLength(1, { error: 'must name at least one document id' })),
        ],
        { error: 'must be a document id or a list of document ids' },
      ),
    ),
    min_sources: z.optional(z.int({ error: 'must be a whole number' }).check(z.gte(0, { error: 'must be 0 or more' }))),
    min_top_score: z.optional(z.number({ error: 'must be a number' })),
    max_latency_ms: z.optional(positive('a positive number of milliseconds')),
    max_total_tokens: z.optional(
      z.int({ error: 'must be a whole number' }).check(z.positive({ error: 'must be more than 0' })),
    ),
    /** Time to the first text of the answer, streamed (the question is sent with stream: true). */
    max_ttft_ms: z.optional(positive('a positive number of milliseconds')),
    /** The stream ended properly (its final result or [DONE]), not cut off or with an error event. */
    stream_completes: z.optional(z.literal(true, { error: 'must be true (leave it out not to check)' })),
    /** The answer cites no source and, when the suite lists abstention_phrases, says one of them. */
    abstains: z.optional(flag()),
    similar_to: z.optional(
      z.strictObject(
        { text: nonEmpty('a reference answer (a string)'), min: fraction() },
        { error: 'must be an object with text (a reference answer) and min (0–1)' },
      ),
    ),
    rubric: z.optional(
      nonEmpty('a rubric (a string)').check(
        z.maxLength(SUITE_BOUNDS.rubricMaxLength, {
          error: `must be at most ${SUITE_BOUNDS.rubricMaxLength} characters`,
        }),
      ),
    ),
  },
  { error: 'must be an object of assertions' },
);
export type Expectations = z.output<typeof Expectations>;

const repeatCount = () =>
  z
    .int({ error: 'must be a whole number' })
    .check(
      z.gte(1, { error: 'must be at least 1' }),
      z.lte(SUITE_BOUNDS.repeatMax, { error: `must be at most ${SUITE_BOUNDS.repeatMax}` }),
    );

/** A document id as the service gives it (digits, sent as a string or a number); compared as its decimal text. */
const documentIds = () =>
  z
    .array(z.union([nonEmpty(), z.int()], { error: 'must be a document id' }), {
      error: 'must be a list of document ids',
    })
    .check(z.minLength(1, { error: 'must name at least one document id' }));
const cutOff = () =>
  z
    .int({ error: 'must be a whole number' })
    .check(z.gte(1, { error: 'must be at least 1' }), z.lte(1000, { error: 'must be at most 1000' }));

export const FollowUp = z.strictObject(
  { question: nonEmpty('a question (a string)'), expect: z.optional(Expectations) },
  { error: 'must be an object with a question' },
);
export type FollowUp = z.output<typeof FollowUp>;

export const SuiteCase = z.strictObject(
  {
    id: z.optional(nonEmpty('an id (a string)')),
    question: nonEmpty('a question (a string)'),
    options: z.optional(CompletionOptions),
    expect: z.optional(Expectations),
    follow_ups: z.optional(
      z
        .array(FollowUp, { error: 'must be a list of follow-up questions' })
        .check(z.maxLength(SUITE_BOUNDS.followUpsMax, { error: `must have at most ${SUITE_BOUNDS.followUpsMax}` })),
    ),
    repeat: z.optional(repeatCount()),
    /** Of the `repeat` repetitions, how many must pass (default all). */
    pass_at_least: z.optional(repeatCount()),
    /** The documents a right answer retrieves: hit@k, reciprocal rank and recall@k are measured against them. */
    relevant_documents: z.optional(documentIds()),
    /** The cut-off of those metrics (default the suite's k, else the number of sources returned). */
    k: z.optional(cutOff()),
  },
  { error: 'must be an object with a question' },
);
export type SuiteCase = z.output<typeof SuiteCase>;

/** abstention_phrases: a language tag to its phrases. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
const abstentionPhrases = () =>
  z
    .record(z.string(), strings(), {
      error: `must be an object of language tags to lists of phrases ({"en": ["I don't know"]})`,
    })
    .check(
      z.superRefine((v, ctx) => {
        for (const key of Object.keys(v))
          if (!LANGUAGE_TAG.test(key))
            ctx.addIssue({
              code: 'custom',
              message: 'is not a language tag such as en or zh-CN',
              path: [key],
              input: key,
            });
      }),
    );

export const SuiteVariant = z.strictObject(
  { id: nonEmpty('an id (a string)'), options: z.optional(CompletionOptions) },
  { error: 'must be an object with an id' },
);
export type SuiteVariant = z.output<typeof SuiteVariant>;

export const SuiteFile = z.strictObject(
  {
    name: nonEmpty('a name (a string)'),
    space_id: z.union(
      [
        nonEmpty().check(
          // (An empty one is nonEmpty's message alone.)
          z.refine((v) => v === '' || isPathId(v), { error: `is not a usable space id: ${PATH_ID_RULE}` }),
        ),
        z.int(),
      ],
      { error: 'must be a space id (a string)' },
    ),
    defaults: z.optional(CompletionOptions),
    repeat: z.optional(repeatCount()),
    pass_at_least: z.optional(repeatCount()),
    k: z.optional(cutOff()),
    /** What a release needs (`npm run suite` exits 1 below any of them; its flags override them). */
    gate: z.optional(
      z.strictObject(
        {
          min_pass_rate: z.optional(fraction()),
          min_hit_rate: z.optional(fraction()),
          min_mrr: z.optional(fraction()),
        },
        { error: 'must be an object with min_pass_rate, min_hit_rate and/or min_mrr (each 0–1)' },
      ),
    ),
    /** What an abstaining answer says, per language (`{"en": ["I don't know"]}`): `abstains` looks for one of them. */
    abstention_phrases: z.optional(abstentionPhrases()),
    variants: z.optional(
      z
        .array(SuiteVariant, { error: 'must be a list of variants' })
        .check(
          z.minLength(1, { error: 'must not be empty (leave it out to run once with the defaults)' }),
          z.maxLength(SUITE_BOUNDS.variantsMax, { error: `must have at most ${SUITE_BOUNDS.variantsMax}` }),
        ),
    ),
    cases: z
      .array(SuiteCase, { error: 'must be a list of cases' })
      .check(
        z.minLength(1, { error: 'must have at least one case' }),
        z.maxLength(SUITE_BOUNDS.casesMax, { error: `must have at most ${SUITE_BOUNDS.casesMax}` }),
      ),
  },
  { error: 'must be a JSON object with name, space_id and cases' },
);
export type SuiteFile = z.output<typeof SuiteFile>;

/** A suite ready to run: every case has an id and a repeat count, every run at least one variant. */
export interface Suite {
  name: string;
  space_id: string;
  defaults: CompletionOptions;
  repeat: number;
  /** The file's variants; one implicit variant `default` (no options) when it has none. */
  variants: SuiteVariant[];
  /** Whether the variants came from the file (so results name them). */
  hasVariants: boolean;
  cases: (SuiteCase & { id: string; repeat: number; passAtLeast: number })[];
  /** Every language's abstention phrases, together (`abstains` accepts any of them); none by default. */
  abstentionPhrases?: string[];
}

export const DEFAULT_VARIANT_ID = 'default';

/**
 * An id for each case without one: `case-N` (N its place), unless a written id already is that; then `case-N-2`,
 * `case-N-3`… A made-up id that took a written one would run the first case twice and the other never.
 */
function caseIds(cases: readonly SuiteCase[]): string[] {
  const taken = new Set(cases.flatMap((c) => (c.id === undefined ? [] : [c.id])));
  return cases.map((c, i) => {
    if (c.id !== undefined) return c.id;
    let id = `case-${i + 1}`;
    for (let n = 2; taken.has(id); n++) id = `case-${i + 1}-${n}`;
    taken.add(id);
    return id;
  });
}

export function normalizeSuite(file: SuiteFile): Suite {
  const repeatAll = file.repeat ?? 1;
  const ids = caseIds(file.cases);
  return {
    name: file.name,
    space_id: String(file.space_id),
    defaults: file.defaults ?? {},
    repeat: repeatAll,
    variants: file.variants ?? [{ id: DEFAULT_VARIANT_ID }],
    hasVariants: file.variants !== undefined,
    abstentionPhrases: Object.values(file.abstention_phrases ?? {}).flat(),
    cases: file.cases.map((c, i) => {
      const repeat = c.repeat ?? repeatAll;
      return {
        ...c,
        id: ids[i]!,
        repeat,
        passAtLeast: Math.min(c.pass_at_least ?? file.pass_at_least ?? repeat, repeat),
        ...((c.k ?? file.k) ? { k: c.k ?? file.k } : {}),
      };
    }),
  };
}

export type SuiteCheck = { ok: true; file: SuiteFile; suite: Suite } | { ok: false; errors: string[] };

/** `cases[3].expect.matches`; the root is `(file)`. */
function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    // A key a file made up (a line break, a quote) is quoted, so the message stays one line.
    else if (/^[\w$-]+$/.test(String(part))) out += `${out ? '.' : ''}${String(part)}`;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out || '(file)';
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The case a path is in, by its id when it has one (`(case "battery-life")`). */
function caseNote(raw: unknown, path: readonly PropertyKey[]): string {
  if (path[0] !== 'cases' || typeof path[1] !== 'number' || path[2] === 'id' || !isObject(raw)) return '';
  const item = Array.isArray(raw.cases) ? raw.cases[path[1]] : undefined;
  const id = isObject(item) ? item.id : undefined;
  return typeof id === 'string' && id ? ` (case ${JSON.stringify(id)})` : '';
}

function unknownKeyMessage(path: readonly PropertyKey[], key: string): string {
  const parent = path.at(-1);
  if (parent === 'expect') return `not a known assertion (use ${[...ASSERTION_KEYS, ...GRADED_KEYS].join(', ')})`;
  if (parent === 'options' || parent === 'defaults') {
    return (RUNNER_FIELDS as readonly string[]).includes(key)
      ? 'not allowed here: each question gets its own message, session_id and conversation_id'
      : 'not a completion body field';
  }
  return 'unknown field';
}

/** Ids given twice: results and comparisons are per id, so each must be unique. */
function duplicateIds(raw: Record<string, unknown>, list: 'cases' | 'variants'): string[] {
  const items = raw[list];
  if (!Array.isArray(items)) return [];
  const seen = new Map<string, number>();
  const out: string[] = [];
  items.forEach((item, i) => {
    const id = isObject(item) ? item.id : undefined;
    if (typeof id !== 'string' || !id) return;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, i);
    else out.push(`${list}[${i}].id: ${JSON.stringify(id)} is already the id of ${list}[${first}]`);
  });
  return out;
}

/** A lone surrogate: half of a UTF-16 pair, which is no character (and no URL, file or report can hold it). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function loneSurrogateProblem(path: readonly PropertyKey[], text: string): string | undefined {
  const at = LONE_SURROGATE.exec(text);
  if (!at) return undefined;
  const unit = at[0].charCodeAt(0).toString(16).toUpperCase();
  return `${pathText(path)}: holds a lone surrogate (U+${unit} at character ${at.index + 1}), which is not text: write the character it was meant to be`;
}

/**
 * What a suite as read must be before its schema is checked, each refused in one line: at most
 * SUITE_BOUNDS.depthMax levels deep, at most SUITE_BOUNDS.expandedCharsMax characters of text, no lone surrogate
 * in a key or a value. Iterative, and it stops at the cap: a value shared by YAML aliases is counted each time it
 * is met, so a bomb costs no more than the cap to find.
 */
export function suiteShapeProblem(raw: unknown): string | undefined {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: raw, path: [] }];
  let chars = 0;
  const tooLarge = () =>
    `(file): holds more than ${SUITE_BOUNDS.expandedCharsMax.toLocaleString('en')} characters of text once read (YAML aliases repeat text): write the repeated text out, or split the suite`;
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      chars += value.length;
      if (chars > SUITE_BOUNDS.expandedCharsMax) return tooLarge();
      const problem = loneSurrogateProblem(path, value);
      if (problem) return problem;
      continue;
    }
    chars += 1;
    if (chars > SUITE_BOUNDS.expandedCharsMax) return tooLarge();
    if (!value || typeof value !== 'object') continue;
    if (path.length >= SUITE_BOUNDS.depthMax)
      return `${pathText(path)}: nested more than ${SUITE_BOUNDS.depthMax} levels deep`;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      chars += key.length;
      const problem = loneSurrogateProblem([...path, key], key);
      if (problem) return problem;
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/** Checks a parsed JSON value against the suite schema: the suite, or every problem (one message each). */
export function checkSuite(raw: unknown): SuiteCheck {
  const shape = suiteShapeProblem(raw);
  if (shape) return { ok: false, errors: [shape] };
  const parsed = SuiteFile.safeParse(raw);
  const errors: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          const path = [...issue.path, key];
          errors.push(`${pathText(path)}: ${unknownKeyMessage(issue.path, key)}${caseNote(raw, path)}`);
        }
      } else {
        errors.push(`${pathText(issue.path)}: ${issue.message}${caseNote(raw, issue.path)}`);
      }
    }
  }
  if (isObject(raw)) errors.push(...duplicateIds(raw, 'cases'), ...duplicateIds(raw, 'variants'));
  if (parsed.success) {
    parsed.data.cases.forEach((c, i) => {
      const repeatOf = c.repeat ?? parsed.data.repeat ?? 1;
      if (c.pass_at_least !== undefined && c.pass_at_least > repeatOf)
        errors.push(
          `cases[${i}].pass_at_least: must be at most the case's repeat (${repeatOf})${caseNote(raw, ['cases', i])}`,
        );
    });
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, file: parsed.data, suite: normalizeSuite(parsed.data) };
}

/** A parser's message as one line: it may quote the file's text, control characters and all. */
const oneLine = (message: string) =>
  Array.from(message, (c) => {
    const code = c.charCodeAt(0);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    return control ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }).join('');

/** A stack overflow while reading: only a value nested too deep causes one. */
const isStackOverflow = (error: unknown) => error instanceof Error && /call stack/i.test(error.message);

/**
 * Reads a suite file's YAML text with the `yaml` package's parse, handed in (the console loads it only when a YAML
 * file is read; the CLI imports it). YAML 1.2 core schema: `yes`/`no` stay strings, as in JSON. The package's
 * alias limit holds nested aliases; suiteShapeProblem holds the text they expand to.
 */
export function parseSuiteYaml(
  text: string,
  parse: (text: string, options: { prettyErrors: boolean }) => unknown,
): SuiteCheck {
  let raw: unknown;
  try {
    raw = parse(text.replace(/^\uFEFF/, ''), { prettyErrors: true });
  } catch (error) {
    if (isStackOverflow(error))
      return { ok: false, errors: [`(file): nested more than ${SUITE_BOUNDS.depthMax} levels deep`] };
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return { ok: false, errors: [`(file): not valid YAML (${oneLine(message)})`] };
  }
  return checkSuite(raw);
}

/** Reads a suite file's text (JSON, UTF-8, a byte-order mark allowed). */
export function parseSuiteJson(text: string): SuiteCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return {
      ok: false,
      errors: [`(file): not valid JSON (${oneLine(error instanceof Error ? error.message : String(error))})`],
    };
  }
  return checkSuite(raw);
}
