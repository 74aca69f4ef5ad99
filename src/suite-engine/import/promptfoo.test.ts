import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import { noteLine, promptfooToSuite, SIMILAR_WHY } from './promptfoo';
import { suiteToPromptfoo } from '../export-promptfoo';
import type { SuiteFile } from '../suite-file';

// Written to promptfoo's documented format (configuration/test-cases, expected-outputs, datasets/csv).
const CONFIG = `
description: Warranty questions
prompts:
  - '{{question}}'
providers:
  - openai:gpt-4.1-mini
defaultTest:
  vars:
    product: kettle
  assert:
    - type: latency
      threshold: 5000
tests:
  - description: warranty-length
    vars:
      question: How long is the {{product}} warranty?
    assert:
      - type: contains
        value: '2 years'
      - type: icontains-any
        value: [receipt, invoice]
      - type: not-contains
        value: lifetime
      - type: llm-rubric
        value: Says the warranty starts at purchase
      - type: similar
        value: The warranty lasts two years
        threshold: 0.8
      - type: javascript
        value: output.length < 500
  - vars:
      question: What is 2 + 2?
    assert:
      - type: equals
        value: '4'
      - type: regex
        value: '\\d'
  - vars:
      question: Start politely
    assert:
      - type: starts-with
        value: Hello.
      - type: contains-all
        value: [kettle, descale]
      - type: not-regex
        value: error
`;

describe('promptfooToSuite', () => {
  it('maps tests, vars, assert and defaultTest and names each assertion it skips', () => {
    const r = promptfooToSuite(parseYaml(CONFIG), { name: 'file', spaceId: '101' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.file.name).toBe('Warranty questions');
    expect(r.file.space_id).toBe('101');
    const [a, b, c] = r.file.cases;
    expect(a).toEqual({
      id: 'warranty-length',
      question: 'How long is the {{product}} warranty?',
      expect: {
        max_latency_ms: 5000,
        contains: ['2 years'],
        contains_any: ['receipt', 'invoice'],
        not_contains: ['lifetime'],
        rubric: 'Says the warranty starts at purchase',
      },
    });
    // equals is the whole answer; the second pattern check of a case is named, not merged.
    expect(b!.question).toBe('What is 2 + 2?');
    expect(b!.expect).toEqual({ max_latency_ms: 5000, matches: '^4$' });
    expect(c!.expect).toEqual({ max_latency_ms: 5000, matches: '^Hello\\.', contains: ['kettle', 'descale'] });
    expect(r.notes.map(noteLine)).toEqual([
      `warranty-length: similar skipped — ${SIMILAR_WHY}`,
      'warranty-length: javascript skipped — code assertions are not run by the console',
      'tests[1]: regex skipped — the case already has a pattern check (matches): one per case',
      'tests[2]: not-regex skipped — the suite has no "must not match" check',
    ]);
    expect(r.mapped).toBe(10);
  });

  it('renders the prompt with the test vars (defaultTest vars under them)', () => {
    const config = {
      prompts: ['Answer for {{ product }}: {{question}}'],
      defaultTest: { vars: { product: 'kettle' } },
      tests: [{ vars: { question: 'Is it safe?' } }, { vars: { question: 'Colour?', product: 'toaster' } }],
    };
    const r = promptfooToSuite(config, { name: 'n', spaceId: '101' });
    expect(r.ok && r.file.cases.map((c) => c.question)).toEqual([
      'Answer for kettle: Is it safe?',
      'Answer for toaster: Colour?',
    ]);
  });

  it('refuses several prompts, file:// prompts, filters and a missing var, naming them', () => {
    const refuse = (config: unknown) => {
      const r = promptfooToSuite(config, { name: 'n', spaceId: '101' });
      return r.ok ? [] : r.errors;
    };
    const tests = [{ vars: { question: 'q' } }];
    expect(refuse({ prompts: ['{{question}}', 'Q: {{question}}'], tests })[0]).toMatch(
      /^prompts: has 2 prompts \("\{\{question\}\}", "Q: \{\{question\}\}"\)/,
    );
    expect(refuse({ prompts: ['file://prompt.txt'], tests })[0]).toMatch(/"file:\/\/prompt\.txt" is a file/);
    expect(refuse({ prompts: ['{{ question | upper }}'], tests })[0]).toMatch(
      /"\{\{ question \| upper \}\}" is not supported/,
    );
    expect(refuse({ prompts: ['{% if x %}{{question}}{% endif %}'], tests })[0]).toMatch(/template tag "\{% if x %\}"/);
    expect(refuse({ prompts: ['{{query}}'], tests })).toEqual([
      "tests[0]: the prompt uses {{query}}, which this test's vars do not set (as text)",
    ]);
    const noSpace = promptfooToSuite({ prompts: ['{{question}}'], tests }, { name: 'n' });
    expect(noSpace.ok ? [] : noSpace.errors).toEqual([
      '(file): a promptfoo config names no space of this service: give the space id (--space-id)',
    ]);
  });

  it('reads tests from a CSV file with __expected columns (the documented shorthand)', () => {
    const csv = [
      'question,__expected1,__expected2,__expected3,__description',
      '"What is 2+2?","equals: 4","contains: four","javascript: output.length < 10",math',
      '"Capital of France?","icontains:paris","similar(0.8):Paris is the capital",',
      '"Name a colour","contains-any: red,blue","not-contains:green",',
      '"Be nice","llm-rubric: Is polite","latency(900)",',
    ].join('\n');
    const read: string[] = [];
    const r = promptfooToSuite(
      { prompts: '{{question}}', tests: 'file://tests.csv' },
      { name: 'csv suite', spaceId: '101', readFile: (p) => (read.push(p), p === 'tests.csv' ? csv : undefined) },
    );
    expect(read).toEqual(['tests.csv']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.file.cases).toEqual([
      { id: 'math', question: 'What is 2+2?', expect: { matches: '^4$', contains: ['four'] } },
      { question: 'Capital of France?', expect: { contains: ['paris'] } },
      { question: 'Name a colour', expect: { contains_any: ['red', 'blue'], not_contains: ['green'] } },
      { question: 'Be nice', expect: { rubric: 'Is polite', max_latency_ms: 900 } },
    ]);
    expect(r.notes.map(noteLine)).toEqual([
      'math: javascript skipped — code assertions are not run by the console',
      `tests.csv line 3: similar skipped — ${SIMILAR_WHY}`,
    ]);
  });

  it('refuses a test file it was not given, naming it', () => {
    const r = promptfooToSuite({ prompts: ['{{question}}'], tests: 'file://cases.csv' }, { name: 'n', spaceId: '1' });
    expect(r.ok ? [] : r.errors).toEqual(['tests: "file://cases.csv" could not be read: give it alongside the config']);
  });
});

describe('suiteToPromptfoo', () => {
  const suite: SuiteFile = {
    name: 'Kitchen',
    space_id: '101',
    defaults: { refine_question: false },
    repeat: 2,
    cases: [
      {
        id: 'kettle',
        question: 'How long is the kettle warranty?',
        expect: {
          contains: ['2 years'],
          contains_any: ['receipt', 'invoice'],
          not_contains: ['lifetime'],
          matches: '\\d+ years',
          max_latency_ms: 4000,
          rubric: 'Says when it starts',
          cites_document: ['831506272047403'],
        },
        relevant_documents: ['831506272047403'],
      },
      { question: 'Descaling?' },
    ],
  };

  it('writes an HTTP provider to the completion endpoint with the token as an env reference, never the token', () => {
    const { config, notes } = suiteToPromptfoo(suite, { baseUrl: 'http://127.0.0.1:9/', tokenEnv: 'KC_TOKEN' });
    const text = stringify(config);
    const provider = (config.providers as { config: Record<string, unknown> }[])[0]!.config;
    expect(provider.url).toBe('http://127.0.0.1:9/v1/spaces/completions/101');
    expect(provider.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer {{env.KC_TOKEN}}' });
    expect(provider.body).toEqual({
      session_id: '{{sessionId}}',
      message: '{{prompt}}',
      refine_question: false,
      stream: false,
    });
    expect(provider.transformResponse).toBe('json.assistant_message');
    expect(text).toContain('transformVars: "{ ...vars, sessionId: context.uuid }"');
    expect((config.tests as { assert?: unknown }[])[0]!.assert).toEqual([
      { type: 'icontains-all', value: ['2 years'] },
      { type: 'icontains-any', value: ['receipt', 'invoice'] },
      { type: 'not-icontains-any', value: ['lifetime'] },
      { type: 'regex', value: '\\d+ years' },
      { type: 'latency', threshold: 4000 },
      { type: 'llm-rubric', value: 'Says when it starts' },
    ]);
    expect(notes).toEqual([
      'cites_document: no promptfoo assertion of this meaning (kept in metadata)',
      'relevant_documents: not run by promptfoo (kept in metadata)',
      'repeat: not run by promptfoo (kept in metadata)',
    ]);
  });

  it('comes back as the same cases and settings (export → YAML → import)', () => {
    const { config } = suiteToPromptfoo(suite, { baseUrl: 'https://kc.example/api' });
    const back = promptfooToSuite(parseYaml(stringify(config)), { name: 'ignored' });
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.notes).toEqual([]);
    // The space comes from the provider's URL; the cases and settings from the tests and metadata.
    expect(back.file).toEqual(suite);
  });
});

describe('promptfooToSuite on hostile configs', () => {
  it('refuses text that YAML aliases expand past the cap, in one line', () => {
    const big = 'x'.repeat(1024 * 1024);
    const yaml = `prompts: ['{{question}}']\nbig: &b "${big}"\ntests:\n${Array.from({ length: 6 }, () => '  - vars: {question: q, unused: *b}').join('\n')}\n`;
    const r = promptfooToSuite(parseYaml(yaml), { name: 'n', spaceId: '101' });
    expect(r.ok ? [] : r.errors).toEqual([
      expect.stringMatching(/^\(file\): holds more than 5,242,880 characters of text once read/),
    ]);
  });
});
