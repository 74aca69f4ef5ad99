import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../src/lib/csv';
import { readRunFileAt } from './suite-answers';
import type { TestServer } from '../src/lib/test-support/http-server';
import { HOSTILE_BEHAVIOURS, startHostileService } from '../src/api/test-support/hostile-service';

/**
 * `npm run suite` against a hostile service (src/api/test-support/hostile-service.ts): it echoes the token (split
 * across two deltas, in an `error` event, in answers and error bodies), sends endless lines, endless bodies and
 * streams, stalls, trickles, and writes terminal escapes; its grader echoes its key amid 300,000 `{` or never ends.
 * Each run ends within its limit, every report is readable, and no report or printed line holds a secret.
 */
const SLOW = 180_000;
const root = resolve(import.meta.dirname, '..');
const TOKEN = 'hostile-token-5b1e77c2a9';
const PASSWORD = 'url-pass-93kd0';
const GRADER_KEY = 'grader-key-0c44f1e8';

let service: TestServer;
let dir: string;
beforeAll(async () => {
  service = await startHostileService();
  dir = mkdtempSync(join(tmpdir(), 'kc-suite-hostile-'));
}, 20_000);
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a command with the CLI's environment; `onLine` sees stdout as it comes. */
function start(command: string, args: string[], onStdout?: (text: string, pid: number) => void) {
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', KC_TOKEN: TOKEN, GRADER_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    onStdout?.(stdout, child.pid!);
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Outcome>((settle, fail) => {
    child.on('error', fail);
    // 'close', not 'exit': npm may exit before the runner it started has written its last line.
    child.on('close', (code, signal) => settle({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

const cli = (args: string[]) => start(process.execPath, ['--import', 'tsx', 'scripts/suite.ts', ...args]).done;

function writeSuite(name: string, cases: { id: string; question: string; [k: string]: unknown }[]): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, space_id: '7', defaults: { stream: true }, cases }));
  return file;
}

const reportArgs = (name: string) => [
  '--json',
  join(dir, `${name}.json.out`),
  '--junit',
  join(dir, `${name}.xml`),
  '--csv',
  join(dir, `${name}.csv`),
  '--html',
  join(dir, `${name}.html`),
];

/** Every report is there and readable as its format; none holds a secret. Returns the JSON report. */
function readReports(name: string): {
  status: string;
  attempts: { caseId: string; turns: { answer: string; error?: { message: string } }[] }[];
} {
  // The answers file beside the JSON (run-file.ts) holds the answers: no secret in it either.
  const texts = [
    `${name}.json.out`,
    `${name}.xml`,
    `${name}.csv`,
    `${name}.html`,
    `${name}.json.out.answers.jsonl`,
  ].map((f) => readFileSync(join(dir, f), 'utf8'));
  const [json, junit, csv, html] = texts as [string, string, string, string];
  for (const text of texts) for (const secret of [TOKEN, PASSWORD, GRADER_KEY]) expect(text).not.toContain(secret);
  expect(junit).toMatch(/^<\?xml[\s\S]*<\/testsuites>\s*$/);
  expect(html).toMatch(/<\/html>\s*$/);
  expect(readCsv(csv).rows.length).toBeGreaterThan(0);
  const read = readRunFileAt(join(dir, `${name}.json.out`), json);
  if (!read.ok) throw new Error(read.error);
  return read.run as unknown as ReturnType<typeof readReports>;
}

function expectCleanOutput(o: Outcome): void {
  for (const secret of [TOKEN, PASSWORD, GRADER_KEY]) expect(o.stdout + o.stderr).not.toContain(secret);
  // eslint-disable-next-line no-control-regex
  expect(o.stdout + o.stderr).not.toMatch(/[\x1b\x07\r\x9b]/);
}

describe('npm run suite against a hostile service', () => {
  it(
    'ends every case within its limit, writes every report readable, and prints or writes no secret nor escape',
    async () => {
      const cases: { id: string; question: string; [k: string]: unknown }[] = Object.keys(HOSTILE_BEHAVIOURS).map(
        (b) => ({
          id: b,
          question: `Please ${b}`,
          expect: { contains: ['x'] },
        }),
      );
      cases.push({ id: 'grader-braces', question: 'Please echo-json', expect: { rubric: 'braces please' } });
      cases.push({ id: 'grader-endless', question: 'Please echo-json', expect: { rubric: 'endless please' } });
      const file = writeSuite('hostile', cases);
      const t0 = performance.now();
      const o = await cli([
        file,
        '--base-url',
        service.url,
        '--concurrency',
        '8',
        '--idle-timeout-ms',
        '1500',
        '--grader-url',
        `${service.url}/grader`,
        '--grader-model',
        'judge',
        '--grader-key-env',
        'GRADER_KEY',
        ...reportArgs('hostile'),
      ]);
      const seconds = (performance.now() - t0) / 1000;
      expect(o.stderr).not.toMatch(/heap|Invalid string length/i);
      expect(o.code).toBe(3);
      expectCleanOutput(o);
      // The service's escapes and CR are gone from the line; its words stay.
      expect(o.stdout).toContain('The stream reported: invalid credentials: Authorization: Bearer ***');
      const run = readReports('hostile');
      // Every case ended by a cap or a limit of its own: the run itself finished (no --timeout-ms needed).
      expect(run.status).toBe('done');
      expect(run.attempts).toHaveLength(cases.length);
      const turn = (id: string) => run.attempts.find((a) => a.caseId === id)!.turns[0]!;
      // The token, split across two deltas, is masked once they are joined; the escapes stay in the data, not the terminal.
      expect(turn('echo-stream').answer).toContain('Your token is ***');
      expect(turn('echo-stream').error?.message).toContain('Bearer ***');
      expect(turn('echo-json').answer).toContain('You sent Bearer ***');
      // Each read stops at its cap, named.
      expect(turn('endless-line').error?.message).toMatch(/over 8 MB|No complete event for 1\.5 s/);
      // (Under load the run's other floods may hold this one's reads up past the limit: then no byte came in time.)
      expect(turn('trickle').error?.message).toMatch(/No (complete event|data) for 1\.5 s/);
      expect(turn('stall').error?.message).toMatch(/No (data|complete event) for 1\.5 s/);
      expect(turn('huge-json').error?.message).toContain('over 32 MB');
      expect(turn('huge-stream').error?.message).toContain('The stream is over 64 MB');
      expect(turn('endless-error').error?.message).toContain('over 32 MB');
      const graded = (id: string) => JSON.stringify(run.attempts.find((a) => a.caseId === id)!.turns[0]);
      expect(graded('grader-braces')).toContain('[grader key]');
      expect(graded('grader-endless')).toContain("the grader's reply is over 4 MB");
      // The answer of 64 MB is kept at the one documented length, with its note.
      expect(turn('huge-stream').answer.length).toBeLessThan(70_000);
      expect(turn('huge-stream').answer).toMatch(/\[cut: [\d,]+ characters; runs and reports keep the first 64,000\]$/);
      console.log(`hostile run: ${cases.length} cases in ${seconds.toFixed(1)} s`);
    },
    SLOW,
  );

  it(
    'masks a password written into --base-url in every printed line and report',
    async () => {
      const file = writeSuite('password', [{ id: 'any', question: 'Please echo-json', expect: { contains: ['x'] } }]);
      const url = new URL(service.url);
      url.username = 'admin';
      url.password = PASSWORD;
      const o = await cli([file, '--base-url', url.href, ...reportArgs('password')]);
      expect(o.code).toBe(3);
      expect(o.stdout).toContain('admin:***@');
      expectCleanOutput(o);
      const run = readReports('password');
      expect(run.attempts[0]!.turns[0]!.error?.message).toContain('admin:***@');
    },
    SLOW,
  );

  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    it(
      `${signal} to npm run suite ends the runner within two seconds, reports written, no process left`,
      async () => {
        const file = writeSuite(`signal-${signal}`, [{ id: 'stalls', question: 'Please stall', expect: {} }]);
        const name = `signal-${signal}`;
        let sent: number | undefined;
        const npm = start(
          'npm',
          ['run', '--silent', 'suite', '--', file, '--base-url', service.url, ...reportArgs(name)],
          (text, pid) => {
            // The run has started (its first line): the case is waiting on the stalled stream.
            if (sent === undefined && text.includes('suite "')) {
              sent = performance.now();
              process.kill(pid, signal);
            }
          },
        );
        const o = await npm.done;
        const took = performance.now() - sent!;
        expect(took).toBeLessThan(2_000 + 1_500); // two seconds, and the load of a shared machine
        expect(o.stderr, JSON.stringify(o)).toContain(`stopped by ${signal}`);
        expect(o.code).toBe(signal === 'SIGTERM' ? 143 : 130);
        for (const f of [`${name}.json.out`, `${name}.xml`, `${name}.csv`, `${name}.html`])
          expect(existsSync(join(dir, f))).toBe(true);
        readReports(name);
        // npm execs the runner (package.json: exec node …): the signalled process was the runner, and it is gone.
        const left = spawn('pgrep', ['-f', file]);
        const found = await new Promise<string>((settle) => {
          let out = '';
          left.stdout.on('data', (d: Buffer) => (out += d.toString()));
          left.on('exit', () => settle(out.trim()));
        });
        expect(found).toBe('');
      },
      SLOW,
    );

  it(
    '--timeout-ms ends a run whose stream stalls, with every report written',
    async () => {
      const file = writeSuite('timeout', [{ id: 'stalls', question: 'Please stall', expect: {} }]);
      const o = await cli([file, '--base-url', service.url, '--timeout-ms', '1000', ...reportArgs('timeout')]);
      expect(o.code).toBe(3);
      expect(o.stderr).toContain('could not judge: the run passed --timeout-ms 1000');
      readReports('timeout');
    },
    SLOW,
  );
});
