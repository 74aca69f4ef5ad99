import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPACE } from '../e2e/support/demo-ids.mjs';
import { readRunFileAt } from './suite-answers';
import { runSuite, useSandboxAndDir } from './test-support/suite-cli';

/**
 * `npm run suite` with the streaming and abstention checks, as CI runs it: a child process against a real sandbox
 * (a child process too), whose stream control gives the first token late.
 */
const SLOW = 120_000;
const TOKEN = 'cli-checks-token';

const at = useSandboxAndDir(TOKEN, 'kc-suite-checks-');

const suite = (args: string[]) => runSuite(args, { KC_TOKEN: TOKEN });

const PRICE = 'How much does Beacon Plus cost per month?';

describe('npm run suite: streaming and abstention checks', () => {
  it(
    'measures time to first text of a streamed answer and whether the answer abstains; exits 1 naming each failure',
    async () => {
      const put = await fetch(`${at.sandbox.secondaryUrl}/__sandbox/stream-behaviour`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ first_text_delay_ms: 300 }),
      });
      expect(put.status).toBe(200);
      const file = join(at.dir, 'checks.json');
      writeFileSync(
        file,
        JSON.stringify({
          name: 'Streams and abstention',
          space_id: SPACE.support,
          abstention_phrases: { en: ['could not find anything'] },
          cases: [
            { id: 'ttft-ok', question: PRICE, expect: { max_ttft_ms: 20_000, stream_completes: true } },
            { id: 'ttft-late', question: PRICE, expect: { max_ttft_ms: 100 } },
            { id: 'declines', question: 'zebra xylophone quasar', expect: { abstains: true } },
            { id: 'should-decline', question: PRICE, expect: { abstains: true } },
          ],
        }),
      );
      const json = join(at.dir, 'checks-run.json');
      const out = await suite([file, '--base-url', at.sandbox.baseUrl, '--json', json]);
      expect(out.stderr).toBe('');
      expect(out.code).toBe(1);
      expect(out.stdout).toMatch(/^PASS {2}ttft-ok /m);
      expect(out.stdout).toMatch(/^FAIL {2}ttft-late /m);
      expect(out.stdout).toMatch(/question: max_ttft_ms: first text after \d+ ms > 100 ms/);
      expect(out.stdout).toMatch(/^PASS {2}declines /m);
      expect(out.stdout).toMatch(/^FAIL {2}should-decline /m);
      expect(out.stdout).toMatch(/question: abstains: cites \d+ sources?/);
      expect(out.stdout).toContain('4 case(s): 2 passed, 2 failed');
      // The JSON report keeps each turn's time to first text and how its stream ended.
      // Read with its answers file (run file version 2): the requests sent are kept there.
      const read = readRunFileAt(json, readFileSync(json, 'utf8'));
      if (!read.ok) throw new Error(read.error);
      const { run } = read;
      const late = run.attempts.find((a) => a.caseId === 'ttft-late')!.turns[0]!;
      expect((late.request.body as { stream?: boolean }).stream).toBe(true);
      expect(late.firstTextMs).toBeGreaterThanOrEqual(300);
      expect(late.streamEnd).toBe('complete');
      const declines = run.attempts.find((a) => a.caseId === 'declines')!.turns[0]!;
      expect((declines.request.body as { stream?: boolean }).stream).toBeUndefined();
    },
    SLOW,
  );
});
