import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPACE } from '../e2e/support/demo-ids.mjs';
import { readRunFileAt } from './suite-answers';
import { startSandbox, type SandboxHandle } from '../e2e/support/sandbox';

/**
 * `npm run suite` with the streaming and abstention checks, as CI runs it: a child process against a real sandbox
 * (a child process too), whose stream control gives the first token late.
 */
const SLOW = 120_000;
const root = resolve(import.meta.dirname, '..');
const TOKEN = 'cli-checks-token';

let sandbox: SandboxHandle;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox(['--token', TOKEN, '--stream-delay-ms', '1']);
  dir = mkdtempSync(join(tmpdir(), 'kc-suite-checks-'));
}, 40_000);
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function suite(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/suite.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', KC_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((settle, fail) => {
    child.on('error', fail);
    child.on('exit', (code) => settle({ code, stdout, stderr }));
  });
}

const PRICE = 'How much does Beacon Plus cost per month?';

describe('npm run suite: streaming and abstention checks', () => {
  it(
    'measures time to first text of a streamed answer and whether the answer abstains; exits 1 naming each failure',
    async () => {
      const put = await fetch(`${sandbox.secondaryUrl}/__sandbox/stream-behaviour`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ first_text_delay_ms: 300 }),
      });
      expect(put.status).toBe(200);
      const file = join(dir, 'checks.json');
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
      const json = join(dir, 'checks-run.json');
      const out = await suite([file, '--base-url', sandbox.baseUrl, '--json', json]);
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
