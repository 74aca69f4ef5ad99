import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SPACE } from '../e2e/support/demo-ids.mjs';
import { readRunFileAt } from './suite-answers';
import { ROOT, runSuite, useSandboxAndDir } from './test-support/suite-cli';

/**
 * `npm run suite` on other tools' files, against a real sandbox (a child process): a promptfoo config (inline tests,
 * defaultTest, a CSV with __expected columns beside it), Ragas samples, and a suite exported to promptfoo and run back.
 */
const SLOW = 120_000;
const DEMO = resolve(ROOT, 'src/server/fixtures/demo-suite.json');
const TOKEN = 'cli-import-secret-51c2e8';

const at = useSandboxAndDir(TOKEN, 'kc-suite-import-');

const suite = (args: string[]) => runSuite(args, { KC_TOKEN: TOKEN });

// promptfoo's documented format: prompts, defaultTest, tests with vars and assert, and a tests CSV with __expected.
const CONFIG = `
description: Beacon from promptfoo
prompts:
  - '{{question}}'
providers:
  - openai:gpt-4.1-mini
defaultTest:
  assert:
    - type: latency
      threshold: 20000
tests:
  - description: battery
    vars:
      question: How long does the Beacon battery last on a full charge?
    assert:
      - type: icontains
        value: 14 days
      - type: regex
        value: '\\b14\\s+days\\b'
      - type: not-contains
        value: nothing was found
      - type: similar
        value: The battery lasts fourteen days
        threshold: 0.8
  - file://beacon-tests.csv
`;
const CSV = [
  'question,__expected1,__expected2,__description',
  '"How much does Beacon Plus cost per month?","contains: $4.99 per month","javascript: output.length < 2000",plus-price',
  '"When does pairing mode time out on the Display?","contains-any: 10 minutes,ten minutes",,pairing',
].join('\n');

describe('npm run suite on other tools’ files', () => {
  it(
    'runs a promptfoo config with --space-id and prints each assertion it skipped on its own line',
    async () => {
      const config = join(at.dir, 'promptfooconfig.yaml');
      writeFileSync(config, CONFIG);
      writeFileSync(join(at.dir, 'beacon-tests.csv'), CSV);
      const json = join(at.dir, 'promptfoo-run.json');
      const out = await suite([config, '--base-url', at.sandbox.baseUrl, '--space-id', SPACE.support, '--json', json]);
      expect(out.stderr).toBe('');
      expect(out.stdout).toContain('read as a promptfoo config (8 assertions mapped)');
      expect(out.stdout).toContain(
        "  battery: similar skipped — promptfoo's similar is an embedding cosine; the suite's similar_to is lexical",
      );
      expect(out.stdout).toContain('  plus-price: javascript skipped — code assertions are not run by the console');
      expect(out.stdout).toMatch(/^PASS {2}battery · /m);
      expect(out.stdout).toMatch(/^PASS {2}plus-price · /m);
      expect(out.stdout).toMatch(/^PASS {2}pairing · /m);
      expect(out.code).toBe(0);
      const run = JSON.parse(readFileSync(json, 'utf8'));
      expect(run.summary).toMatchObject({ total: 3, passed: 3 });
      // Asked of the sandbox's space, with the prompt rendered from the vars (the request is kept in the answers file).
      const read = readRunFileAt(json, readFileSync(json, 'utf8'));
      if (!read.ok) throw new Error(read.error);
      expect(read.run.attempts[0]!.turns[0]!.request.url).toBe(
        `${at.sandbox.baseUrl}/v1/spaces/completions/${SPACE.support}`,
      );
    },
    SLOW,
  );

  it(
    'refuses a config of several prompts, naming them, before anything is sent',
    async () => {
      const config = join(at.dir, 'two-prompts.yaml');
      writeFileSync(config, CONFIG.replace("  - '{{question}}'", "  - '{{question}}'\n  - 'Briefly: {{question}}'"));
      const out = await suite([config, '--base-url', at.sandbox.baseUrl, '--space-id', SPACE.support]);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('prompts: has 2 prompts ("{{question}}", "Briefly: {{question}}")');
    },
    SLOW,
  );

  it(
    'exports the demo suite to promptfoo (token as an env reference) and runs the export back: the same cases pass',
    async () => {
      const out = join(at.dir, 'exported.yaml');
      const exported = await suite([DEMO, '--base-url', at.sandbox.baseUrl, '--export-promptfoo', out]);
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain('wrote');
      expect(exported.stdout).toContain('not checked by promptfoo: cites_document');
      const text = readFileSync(out, 'utf8');
      expect(text).not.toContain(TOKEN);
      expect(text).toContain('Bearer {{env.KC_TOKEN}}');
      const config = parseYaml(text);
      expect(config.providers[0].config.url).toBe(`${at.sandbox.baseUrl}/v1/spaces/completions/${SPACE.support}`);
      const back = await suite([out, '--base-url', at.sandbox.baseUrl, '--concurrency', '4']);
      expect(back.stderr).toBe('');
      expect(back.stdout).not.toContain(' skipped — ');
      expect(back.stdout).toMatch(/14 case\(s\): 14 passed, 0 failed/);
      expect(back.code).toBe(0);
    },
    SLOW,
  );

  it(
    'runs Ragas samples (JSONL) as cases with relevant_documents and measures hit rate',
    async () => {
      const samples = join(at.dir, 'ragas.jsonl');
      writeFileSync(
        samples,
        `${JSON.stringify({
          user_input: 'How long does the Beacon battery last on a full charge?',
          reference: 'About 14 days on a full charge.',
          reference_context_ids: ['831506272047403'],
        })}\n`,
      );
      const json = join(at.dir, 'ragas-run.json');
      const out = await suite([samples, '--base-url', at.sandbox.baseUrl, '--space-id', SPACE.support, '--json', json]);
      expect(out.stdout).toContain('read as Ragas/DeepEval samples');
      expect(out.code).toBe(0);
      const run = JSON.parse(readFileSync(json, 'utf8'));
      expect(run.run.suite.cases[0].relevant_documents).toEqual(['831506272047403']);
      expect(run.metrics.hit_rate).toBe(1);
    },
    SLOW,
  );
});
