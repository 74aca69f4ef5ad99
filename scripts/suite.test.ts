import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../e2e/support/sandbox';

/**
 * `npm run suite` as CI runs it: a child process against a real sandbox (also a child process). Each run starts
 * tsx afresh (seconds on a loaded machine), so the runs are few and the time limits generous.
 */
const SLOW = 120_000;
const root = resolve(import.meta.dirname, '..');
const DEMO = resolve(root, 'src/server/fixtures/demo-suite.json');
const TOKEN = 'cli-secret-7f3a9c-token';

let sandbox: SandboxHandle;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox(['--token', TOKEN, '--stream-delay-ms', '1']);
  dir = mkdtempSync(join(tmpdir(), 'kc-suite-cli-'));
}, 40_000);
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function suite(args: string[], env: Record<string, string> = { KC_TOKEN: TOKEN }): Promise<Outcome> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/suite.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

const seen: string[] = [];
const record = (o: Outcome) => (seen.push(o.stdout, o.stderr), o);

describe('npm run suite', () => {
  it(
    'exits 0 on the demo suite, prints a line per case and a summary, writes JUnit and JSON',
    async () => {
      const junit = join(dir, 'out.xml');
      const json = join(dir, 'out.json');
      const out = record(
        await suite([DEMO, '--base-url', sandbox.baseUrl, '--concurrency', '4', '--junit', junit, '--json', json]),
      );
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      expect(out.stdout).toMatch(/, \d+ session\(s\), \d+ completion\(s\) \(at most 20000\), concurrency 4,/);
      expect(out.stdout).toMatch(/^PASS {2}battery-life \[json\] · \d+ ms · \d+ tokens$/m);
      expect(out.stdout).toMatch(/^PASS {2}battery-zh \[streamed\]/m);
      expect(out.stdout.match(/^PASS /gm)).toHaveLength(14);
      expect(out.stdout).toMatch(/14 case\(s\): 14 passed, 0 failed, 0 error\(s\), 0 not run · pass rate 100\.0%/);
      const xml = readFileSync(junit, 'utf8');
      expect(xml).toMatch(/<testsuites name="Beacon support answers" tests="14" failures="0" errors="0" skipped="0">/);
      seen.push(xml, readFileSync(json, 'utf8'));
      expect(JSON.parse(readFileSync(json, 'utf8')).summary).toMatchObject({ total: 14, passed: 14 });
    },
    SLOW,
  );

  it(
    'exits 1 when a case fails (or 0 when the pass rate is enough), naming the failed assertion',
    async () => {
      const file = join(dir, 'failing.json');
      writeFileSync(
        file,
        JSON.stringify({
          name: 'One wrong',
          space_id: '101',
          cases: [
            { id: 'right', question: 'How much does Beacon Plus cost per month?', expect: { contains: ['$4.99'] } },
            { id: 'wrong', question: 'How much does Beacon Plus cost per month?', expect: { contains: ['$1.99'] } },
          ],
        }),
      );
      const [failed, enough, refused] = (
        await Promise.all([
          suite([file, '--base-url', sandbox.baseUrl]),
          suite([file, '--base-url', sandbox.baseUrl, '--min-pass-rate', '0.5']),
          // A refused token is an error of every case, not a pass.
          suite([file, '--base-url', sandbox.baseUrl], { KC_TOKEN: 'wrong-token' }),
        ])
      ).map(record) as [Outcome, Outcome, Outcome];
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(/^FAIL {2}wrong · \d+ ms/m);
      expect(failed.stdout).toContain('question: contains: missing "$1.99"');
      expect(failed.stdout).toContain('2 case(s): 1 passed, 1 failed');
      expect(enough.code).toBe(0);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/^ERROR right/m);
      expect(refused.stdout).toContain('HTTP 401');
    },
    SLOW,
  );

  it(
    'exits 2 with every message of a broken file, and on bad arguments; nothing is sent',
    async () => {
      const file = join(dir, 'broken.json');
      writeFileSync(
        file,
        JSON.stringify({
          name: 'Broken',
          space_id: '101',
          cases: [
            { id: 'a', question: 'Q' },
            { id: 'b', question: 'Q', expect: { matches: '(' } },
            { id: 'a', question: '' },
          ],
        }),
      );
      const broken = record(await suite([file, '--base-url', sandbox.baseUrl]));
      expect(broken.code).toBe(2);
      expect(broken.stdout).toBe('');
      expect(broken.stderr.split('\n').filter((l) => l.startsWith('  '))).toEqual([
        '  cases[1].expect.matches: not a valid regular expression (case "b")',
        '  cases[2].question: must not be empty (case "a")',
        '  cases[2].id: "a" is already the id of cases[0]',
      ]);
      // Started together: each is a separate process, and none reaches the service.
      const bad = [
        [DEMO],
        [DEMO, '--base-url', sandbox.baseUrl, '--concurrency', '9'],
        [DEMO, '--base-url', sandbox.baseUrl, '--token', TOKEN],
      ];
      const outs = await Promise.all(bad.map((args) => suite(args)));
      outs.forEach((out, i) => expect(record(out).code, bad[i]!.join(' ')).toBe(2));
      const unset = record(await suite([DEMO, '--base-url', sandbox.baseUrl, '--token-env', 'KC_NOT_SET'], {}));
      expect(unset.code).toBe(2);
      expect(unset.stderr).toContain('the environment variable KC_NOT_SET is not set');
    },
    SLOW,
  );

  it(
    'exits 2 with one line before any request: a plan over the completions cap, an unsafe pattern, a file over the size cap',
    async () => {
      let requests = 0;
      const service = createServer((_req, res) => {
        requests++;
        res.writeHead(500).end();
      });
      await new Promise<void>((ready) => service.listen(0, '127.0.0.1', ready));
      const port = (service.address() as { port: number }).port;
      const baseUrl = `http://127.0.0.1:${port}`;
      try {
        const cases = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, question: `Q${i}?` }));
        const overCap = join(dir, 'over-cap.json');
        // 5,000 cases × 8 variants × 20 repetitions: 800,000 completions.
        const variants = Array.from({ length: 8 }, (_, i) => ({ id: `v${i}` }));
        writeFileSync(
          overCap,
          JSON.stringify({ name: 'Huge', space_id: '101', repeat: 20, variants, cases: cases(5000) }),
        );
        const unsafe = join(dir, 'unsafe.json');
        writeFileSync(
          unsafe,
          JSON.stringify({
            name: 'Unsafe',
            space_id: '101',
            cases: [{ id: 'nested', question: 'Q?', expect: { matches: '(a+)+$' } }],
          }),
        );
        const large = join(dir, 'large.json');
        writeFileSync(
          large,
          `${JSON.stringify({ name: 'Large', space_id: '101', cases: cases(1) })}${' '.repeat(6 * 1024 * 1024)}`,
        );
        const [over, bad, big] = (
          await Promise.all([overCap, unsafe, large].map((f) => suite([f, '--base-url', baseUrl])))
        ).map(record) as [Outcome, Outcome, Outcome];
        expect(over.code).toBe(2);
        expect(over.stdout).toBe('');
        expect(over.stderr.trim()).toBe(
          `suite: ${overCap} plans 800000 completions; at most 20000 per run (nothing was run): fewer cases, variants or repetitions`,
        );
        expect(bad.code).toBe(2);
        expect(bad.stdout).toBe('');
        expect(bad.stderr).toMatch(
          /^ {2}cases\[0\]\.expect\.matches: can backtrack catastrophically .* \(case "nested"\)$/m,
        );
        expect(big.code).toBe(2);
        expect(big.stdout).toBe('');
        expect(big.stderr.trim()).toBe(
          `suite: ${large} is 6.0 MB; suite files are refused over 5.0 MB (nothing was run)`,
        );
        expect(requests).toBe(0);
      } finally {
        await new Promise((closed) => service.close(closed));
      }
    },
    SLOW,
  );

  it('the token appears in no output', () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const text of seen) expect(text).not.toContain(TOKEN);
  });

  it(
    'the sandbox serves the same demo suite for the console',
    async () => {
      const served = await (await fetch(`${sandbox.baseUrl}/__sandbox/demo-suite`)).json();
      expect(served).toEqual(JSON.parse(readFileSync(DEMO, 'utf8')));
    },
    SLOW,
  );
});
