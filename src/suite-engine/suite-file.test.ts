import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { checkSuite, compileMatches, parseSuiteJson, parseSuiteYaml, SUITE_BOUNDS } from './suite-file';

const ok = { name: 'S', space_id: '101', cases: [{ id: 'a', question: 'Q?' }] };
const errorsOf = (raw: unknown) => {
  const checked = checkSuite(raw);
  return checked.ok ? [] : checked.errors;
};
const withCase = (c: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  errorsOf({ ...ok, ...extra, cases: [{ id: 'a', question: 'Q?' }, c] });

describe('the suite file', () => {
  it('accepts the issue’s example (the demo suite: scripts/suite.test.ts), and fills in ids, repeat and the implicit variant', () => {
    const example = {
      name: 'Beacon support answers',
      space_id: '101',
      defaults: { stream: false, refine_question: true },
      repeat: 1,
      variants: [{ id: 'base' }, { id: 'with-web', options: { retrieval_with_websearch: true } }],
      cases: [
        {
          id: 'battery-life',
          question: 'How long does the Beacon battery last on a full charge?',
          options: { dataset_ids: ['731506272047301'] },
          expect: {
            contains: ['14 days'],
            contains_any: ['fourteen', '14'],
            not_contains: ["I don't know"],
            matches: '\\b14\\s+days\\b',
            cites_document: ['831506272047403'],
            min_sources: 1,
            min_top_score: 0.5,
            max_latency_ms: 8000,
            max_total_tokens: 4000,
          },
          follow_ups: [{ question: 'And with the screen always on?', expect: { contains: ['2 days'] } }],
        },
      ],
    };
    expect(errorsOf(example)).toEqual([]);

    const plain = checkSuite({
      name: 'S',
      space_id: 7,
      repeat: 3,
      cases: [{ question: 'Q?' }, { question: 'R?', repeat: 1 }],
    });
    if (!plain.ok) throw new Error(plain.errors.join('\n'));
    expect(plain.suite.space_id).toBe('7');
    expect(plain.suite.variants).toEqual([{ id: 'default' }]);
    expect(plain.suite.hasVariants).toBe(false);
    expect(plain.suite.cases.map((c) => [c.id, c.repeat])).toEqual([
      ['case-1', 3],
      ['case-2', 1],
    ]);
  });

  it('names each problem by its path, with the case id when it has one; one message per problem', () => {
    expect(withCase({ question: 'Q', expect: { matches: '(' } })).toEqual([
      'cases[1].expect.matches: not a valid regular expression',
    ]);
    expect(withCase({ id: 'battery-life', question: 'Q', expect: { matches: '[a-' } })).toEqual([
      'cases[1].expect.matches: not a valid regular expression (case "battery-life")',
    ]);
    expect(
      withCase({
        id: 'x',
        question: '',
        expect: { contains: 'days', min_sources: -1, min_top_score: 'high', max_latency_ms: 0, max_total_tokens: 1.5 },
      }),
    ).toEqual([
      'cases[1].question: must not be empty (case "x")',
      'cases[1].expect.contains: must be a list of strings (case "x")',
      'cases[1].expect.min_sources: must be 0 or more (case "x")',
      'cases[1].expect.min_top_score: must be a number (case "x")',
      'cases[1].expect.max_latency_ms: must be a positive number of milliseconds (case "x")',
      'cases[1].expect.max_total_tokens: must be a whole number (case "x")',
    ]);
  });

  it('refuses each kind of wrong field', () => {
    expect(errorsOf({})).toEqual([
      'name: must be a name (a string)',
      'space_id: must be a space id (a string)',
      'cases: must be a list of cases',
    ]);
    expect(errorsOf([])).toEqual(['(file): must be a JSON object with name, space_id and cases']);
    expect(errorsOf({ ...ok, space_id: '..' })).toEqual([
      'space_id: is not a usable space id: an id cannot be empty, "." or "..", nor contain "/", "?", "#", "\\" or control characters: it is a segment of the request path (the service\'s ids are usually numeric strings, e.g. 631506272047205)',
    ]);
    expect(errorsOf({ ...ok, space_id: '101/../102' })).toHaveLength(1);
    expect(errorsOf({ ...ok, cases: [] })).toEqual(['cases: must have at least one case']);
    expect(errorsOf({ ...ok, colour: 'red' })).toEqual(['colour: unknown field']);
    expect(withCase({ question: 'Q', expect: { contain: ['x'] } })).toEqual([
      'cases[1].expect.contain: not a known assertion (use contains, contains_any, not_contains, matches, cites_document, not_cites_document, min_sources, min_top_score, max_latency_ms, max_total_tokens, max_ttft_ms, stream_completes, abstains, similar_to, rubric)',
    ]);
    expect(withCase({ question: 'Q', expect: { contains_any: [] } })).toEqual([
      'cases[1].expect.contains_any: must name at least one string',
    ]);
    expect(withCase({ question: 'Q', expect: { contains: [''] } })).toEqual([
      'cases[1].expect.contains[0]: must not be empty',
    ]);
    // One id rule: a whole number is an id like its text (relevant_documents and cites_document alike).
    expect(withCase({ question: 'Q', expect: { cites_document: [831506272047403] } })).toEqual([]);
    expect(withCase({ question: 'Q', expect: { cites_document: [1.5] } })).toEqual([
      'cases[1].expect.cites_document[0]: must be a document id (a string or a whole number)',
    ]);
    expect(withCase({ question: 'Q', expect: { not_cites_document: 831506272047403 } })).toEqual([]);
    expect(withCase({ question: 'Q', expect: { not_cites_document: ['831506272047403', 7] } })).toEqual([]);
    expect(withCase({ question: 'Q', expect: { not_cites_document: [] } })).toHaveLength(1);
    expect(withCase({ question: 'Q', expect: { not_cites_document: true } })).toHaveLength(1);
    expect(withCase({ question: 'Q', expect: { min_sources: 1.5 } })).toEqual([
      'cases[1].expect.min_sources: must be a whole number',
    ]);
    expect(withCase({ question: 'Q', repeat: 0 })).toEqual(['cases[1].repeat: must be at least 1']);
    expect(errorsOf({ ...ok, repeat: 21 })).toEqual(['repeat: must be at most 20']);
    expect(withCase({ question: 'Q', follow_ups: [{ expect: {} }] })).toEqual([
      'cases[1].follow_ups[0].question: must be a question (a string)',
    ]);
    expect(withCase({ question: 'Q', follow_ups: [{ question: 'F', expect: { matches: '*' } }] })).toEqual([
      'cases[1].follow_ups[0].expect.matches: not a valid regular expression',
    ]);
    expect(withCase('Q?' as unknown as Record<string, unknown>)).toEqual([
      'cases[1]: must be an object with a question',
    ]);
  });

  it('takes any completion body field in defaults, variants and case options, except the runner’s', () => {
    expect(
      errorsOf({
        ...ok,
        defaults: { message: 'hi', stream: 'yes', dataset_ids: '731', context_documents_mode: 1.5 },
        variants: [{ id: 'v', options: { conversation_id: '9', colour: 1 } }],
        cases: [{ id: 'a', question: 'Q', options: { session_id: 's', context_params: [] } }],
      }),
    ).toEqual([
      'defaults.stream: must be true or false',
      'defaults.dataset_ids: must be a list of strings',
      'defaults.context_documents_mode: must be an integer',
      'defaults.message: not allowed here: each question gets its own message, session_id and conversation_id',
      'variants[0].options.conversation_id: not allowed here: each question gets its own message, session_id and conversation_id',
      'variants[0].options.colour: not a completion body field',
      'cases[0].options.context_params: must be an object (case "a")',
      'cases[0].options.session_id: not allowed here: each question gets its own message, session_id and conversation_id (case "a")',
    ]);
    expect(errorsOf({ ...ok, variants: [] })).toEqual([
      'variants: must not be empty (leave it out to run once with the defaults)',
    ]);
  });

  it('refuses ids given twice', () => {
    expect(
      errorsOf({
        ...ok,
        variants: [{ id: 'v' }, { id: 'v' }],
        cases: [
          { id: 'a', question: 'Q' },
          { id: 'b', question: 'Q' },
          { id: 'a', question: 'Q' },
        ],
      }),
    ).toEqual([
      'cases[2].id: "a" is already the id of cases[0]',
      'variants[1].id: "v" is already the id of variants[0]',
    ]);
  });

  it('reads text: a byte-order mark is fine, broken JSON is one message', () => {
    expect(parseSuiteJson(`\uFEFF${JSON.stringify(ok)}`).ok).toBe(true);
    const broken = parseSuiteJson('{"name": ');
    expect(broken.ok ? [] : broken.errors).toEqual([expect.stringMatching(/^\(file\): not valid JSON \(/)]);
  });

  it('reads `matches` as a pattern or a /literal/flags', () => {
    expect(compileMatches('\\b14\\s+days\\b')?.test('about 14 days')).toBe(true);
    expect(compileMatches('/14 DAYS/i')?.test('about 14 days')).toBe(true);
    expect(compileMatches('/x/q')).toBeUndefined();
    expect(compileMatches('(')).toBeUndefined();
  });

  it('refuses a `matches` pattern the linear-time engine cannot run, or too long, with the place and why on the field', () => {
    expect(withCase({ id: 'twice', question: 'Q', expect: { matches: '(a)\\1' } })).toEqual([
      'cases[1].expect.matches: \\1 at character 4: a backreference (or a legacy octal escape), which the linear-time engine (RE2) cannot run (case "twice")',
    ]);
    expect(withCase({ question: 'Q', follow_ups: [{ question: 'F', expect: { matches: '/x(?=y)/i' } }] })).toEqual([
      'cases[1].follow_ups[0].expect.matches: (?= at character 3: a lookahead, which the linear-time engine (RE2) cannot run',
    ]);
    // Backtracking patterns are no longer refused: RE2 runs them in linear time (assertions.test.ts).
    expect(withCase({ question: 'Q', expect: { matches: '(a+)+$' } })).toEqual([]);
    expect(withCase({ question: 'Q', expect: { matches: '^\\d{3}-\\d{4}$' } })).toEqual([]);
    const long = 'x'.repeat(SUITE_BOUNDS.matchesMaxLength + 1);
    expect(withCase({ question: 'Q', expect: { matches: long } })).toEqual([
      `cases[1].expect.matches: must be at most ${SUITE_BOUNDS.matchesMaxLength} characters`,
    ]);
    expect(withCase({ question: 'Q', expect: { matches: 'x'.repeat(SUITE_BOUNDS.matchesMaxLength) } })).toEqual([]);
  });

  describe('caps on what a file holds once read (SUITE_BOUNDS), each refused in one line', () => {
    const nested = (levels: number) => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = { a: value };
      return value;
    };

    it('refuses nesting deeper than depthMax, as JSON and as YAML, however deep (no stack overflow)', () => {
      const deep = (levels: number) => ({ ...ok, defaults: { context_params: nested(levels) } });
      // The file and its defaults are 2 levels; context_params is the nested value's first.
      expect(errorsOf(deep(SUITE_BOUNDS.depthMax - 2))).toEqual([]);
      const [refused] = errorsOf(deep(SUITE_BOUNDS.depthMax - 1));
      expect(refused).toMatch(/^defaults\.context_params(\.a)+: nested more than 32 levels deep$/);
      const json = `{"name":"S","space_id":"1","cases":[{"question":"Q","options":{"context_params":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}}]}`;
      expect(parseSuiteJson(json)).toEqual({
        ok: false,
        errors: [expect.stringMatching(/: nested more than 32 levels deep$/)],
      });
      const yaml = `name: S\nspace_id: "1"\ncases:\n  - question: Q\n    options: {context_params: {x: ${'['.repeat(20_000)}${']'.repeat(20_000)}}}\n`;
      expect(parseSuiteYaml(yaml, parseYaml)).toEqual({
        ok: false,
        errors: ['(file): nested more than 32 levels deep'],
      });
    });

    it('refuses YAML whose aliases expand one text past expandedCharsMax (it would break every report)', () => {
      const scalar = 'x'.repeat(100_000);
      const aliases = Array.from({ length: 60 }, () => '*q').join(', ');
      const yaml = `name: S\nspace_id: "1"\nq: &q "${scalar}"\ncases:\n  - question: Q\n    expect: {contains: [${aliases}]}\n`;
      expect(yaml.length).toBeLessThan(SUITE_BOUNDS.fileBytesMax);
      expect(parseSuiteYaml(yaml, parseYaml)).toEqual({
        ok: false,
        errors: [
          '(file): holds more than 5,242,880 characters of text once read (YAML aliases repeat text): write the repeated text out, or split the suite',
        ],
      });
      // A few repeats are fine (and the unknown key q is the schema's to refuse).
      const few = yaml.replace(aliases, '*q, *q');
      expect(parseSuiteYaml(few, parseYaml)).toEqual({ ok: false, errors: ['q: unknown field'] });
    });

    it('refuses a lone surrogate in any value or key, with its place (space_id passed the schema and broke the request path)', () => {
      expect(parseSuiteJson('{"name":"S","space_id":"10\\ud800","cases":[{"question":"Q"}]}')).toEqual({
        ok: false,
        errors: [
          'space_id: holds a lone surrogate (U+D800 at character 3), which is not text: write the character it was meant to be',
        ],
      });
      expect(errorsOf({ ...ok, cases: [{ question: 'Q', options: { context_params: { ['k\uDE00']: 1 } } }] })).toEqual([
        'cases[0].options.context_params["k\\ude00"]: holds a lone surrogate (U+DE00 at character 2), which is not text: write the character it was meant to be',
      ]);
      // A pair is one character, and fine.
      expect(errorsOf({ ...ok, name: 'Suite 😀' })).toEqual([]);
      // A made-up key or id is quoted: every message stays one line (found by test/properties.ts).
      expect(errorsOf({ ...ok, cases: [{ id: 'a\nb' }], 'x\ny': 1 })).toEqual([
        'cases[0].question: must be a question (a string) (case "a\\nb")',
        '["x\\ny"]: unknown field',
      ]);
    });
  });
});
