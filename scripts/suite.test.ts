import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPACE } from '../e2e/support/demo-ids.mjs';
import { startSandbox, type SandboxHandle } from '../e2e/support/sandbox';
import { readCsv } from '../src/lib/csv';
import { readRunFileAt } from './suite-answers';
import { startSuite as startSuiteCli, type Outcome } from './test-support/suite-cli';
import { VERDICT_TABLE, type CaseStatus, type EditState, type SideStatus } from '../src/suite-engine';

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

/** The CLI started, with what it printed so far; `done` settles when it exits. */
const startSuite = (args: string[], env: Record<string, string> = { KC_TOKEN: TOKEN }) => startSuiteCli(args, env);

const suite = (args: string[], env?: Record<string, string>): Promise<Outcome> => startSuite(args, env).done;

/** A --json output read as the engine reads it (run-file.ts): its attempts joined with their answers file. */
// oxlint-disable-next-line no-explicit-any -- the tests read the file's fields as a CI script would
function readRunJson(path: string): any {
  const read = readRunFileAt(path, readFileSync(path, 'utf8'));
  if (!read.ok) throw new Error(read.error);
  return { ...read.raw, run: read.run };
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
          space_id: SPACE.support,
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
          // A refused token stops the run (exit 2): an error, never a pass, and nothing more sent.
          suite([file, '--base-url', sandbox.baseUrl], { KC_TOKEN: 'wrong-token' }),
        ])
      ).map(record) as [Outcome, Outcome, Outcome];
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(/^FAIL {2}wrong · \d+ ms/m);
      expect(failed.stdout).toContain('question: contains: missing "$1.99"');
      expect(failed.stdout).toContain('2 case(s): 1 passed, 1 failed');
      expect(enough.code).toBe(0);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toMatch(/^ERROR (right|wrong)/m);
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
          space_id: SPACE.support,
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
    '--csv writes one row per case with a UTF-8 BOM, formulas defused and Chinese intact',
    async () => {
      const file = join(dir, 'steered.json');
      const csvFile = join(dir, 'out.csv');
      const questions = ['=1+1 How much does Beacon Plus cost per month?', '  @SUM(A1) Returns?', '电池能用多久？'];
      writeFileSync(
        file,
        JSON.stringify({
          name: 'Steered',
          space_id: SPACE.support,
          cases: questions.map((question) => ({ question })),
        }),
      );
      const out = record(await suite([file, '--base-url', sandbox.baseUrl, '--csv', csvFile]));
      expect(out.code, out.stderr).toBe(0);
      const bytes = readFileSync(csvFile);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      seen.push(text);
      const [header, ...rows] = readCsv(text).rows.map((r) => r.cells);
      const column = (name: string) => rows.map((r) => r[header!.indexOf(name)]);
      expect(column('question')).toEqual([
        "'=1+1 How much does Beacon Plus cost per month?",
        "'  @SUM(A1) Returns?",
        '电池能用多久？',
      ]);
      expect(column('status')).toEqual(['pass', 'pass', 'pass']);
      expect(text).toContain(',"\'=1+1 How much does Beacon Plus cost per month?",');
    },
    SLOW,
  );

  it(
    'exits 2 with one line before any request: a plan over the completions cap, a pattern RE2 cannot run, a file over the size cap',
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
          JSON.stringify({ name: 'Huge', space_id: SPACE.support, repeat: 20, variants, cases: cases(5000) }),
        );
        const unsafe = join(dir, 'unsafe.json');
        writeFileSync(
          unsafe,
          JSON.stringify({
            name: 'Unsafe',
            space_id: SPACE.support,
            cases: [{ id: 'nested', question: 'Q?', expect: { matches: '(x)\\1' } }],
          }),
        );
        const large = join(dir, 'large.json');
        writeFileSync(
          large,
          `${JSON.stringify({ name: 'Large', space_id: SPACE.support, cases: cases(1) })}${' '.repeat(6 * 1024 * 1024)}`,
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
          /^ {2}cases\[0\]\.expect\.matches: \\1 at character 4: a backreference .* \(case "nested"\)$/m,
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

  it(
    'exits 2 with one line before any request: YAML aliases expanding a large text ~100×, a lone surrogate in space_id, nesting too deep',
    async () => {
      let requests = 0;
      const service = createServer((_req, res) => {
        requests++;
        res.writeHead(500).end();
      });
      await new Promise<void>((ready) => service.listen(0, '127.0.0.1', ready));
      const baseUrl = `http://127.0.0.1:${(service.address() as { port: number }).port}`;
      try {
        // 4 MB once, 99 aliases of it: under the file's 5 MB and the YAML reader's alias limit, 400 MB once read.
        const bomb = join(dir, 'bomb.yaml');
        const aliases = Array.from({ length: 99 }, () => '*big').join(', ');
        writeFileSync(
          bomb,
          `name: Bomb\nspace_id: "${SPACE.support}"\nbig: &big "${'x'.repeat(4_000_000)}"\ncases:\n  - question: Q\n    expect: {contains: [${aliases}]}\n`,
        );
        const surrogate = join(dir, 'surrogate.json');
        writeFileSync(surrogate, '{"name":"S","space_id":"10\\ud800","cases":[{"question":"Q"}]}');
        const deep = join(dir, 'deep.json');
        const nest = 50_000;
        writeFileSync(
          deep,
          `{"name":"S","space_id":"1","defaults":{"context_params":{"x":${'['.repeat(nest)}${']'.repeat(nest)}}},"cases":[{"question":"Q"}]}`,
        );
        const [b, l, d] = (
          await Promise.all(
            [bomb, surrogate, deep].map((f) =>
              suite([f, '--base-url', baseUrl, '--json', join(dir, 'x.json'), '--csv', join(dir, 'x.csv')]),
            ),
          )
        ).map(record) as [Outcome, Outcome, Outcome];
        for (const o of [b, l, d]) {
          expect(o.code).toBe(2);
          expect(o.stdout).toBe('');
        }
        expect(b.stderr).toMatch(/^ {2}\(file\): holds more than 5,242,880 characters of text once read/m);
        expect(l.stderr).toMatch(/^ {2}space_id: holds a lone surrogate \(U\+D800 at character 3\)/m);
        expect(d.stderr).toMatch(/^ {2}defaults\.context_params\.x(\[0\])+: nested more than 32 levels deep$/m);
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

  it(
    "--version prints package.json's version (the console's) and exits 0, with no file, token or service",
    async () => {
      const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
      const out = await suite(['--version'], {});
      expect(out).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    },
    SLOW,
  );

  it(
    "docs/suite-ci.yml's steps run as written, each job in a fresh checkout: the shards, then their merge; the first run without a baseline, the next against the accepted one",
    async () => {
      const workflow = readFileSync(resolve(root, 'docs/suite-ci.yml'), 'utf8');
      interface Job {
        needs?: string;
        strategy?: { matrix: { shard: number[] } };
        steps: { run?: string; uses?: string; with?: Record<string, unknown>; env?: Record<string, string> }[];
      }
      const jobs = (parseYaml(workflow) as { jobs: { shards: Job; merge: Job } }).jobs;
      const runsOf = (job: Job) => job.steps.filter((step) => step.run !== undefined);
      expect(runsOf(jobs.shards).map((step) => step.run!.split(/\s/)[0])).toEqual(['npm', 'mkdir', 'code=0']);
      expect(runsOf(jobs.merge).map((step) => step.run!.split(/\s/)[0])).toEqual(['npm', 'mkdir', 'baseline=()']);
      expect(jobs.merge.needs).toBe('shards');
      const matrix = jobs.shards.strategy!.matrix.shard;
      expect(matrix.length).toBeGreaterThan(1);
      // The merge job downloads every shard's upload into parts/.
      const upload = jobs.shards.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!;
      const download = jobs.merge.steps.find((step) => step.uses?.startsWith('actions/download-artifact@'))!;
      expect(upload.with).toMatchObject({ name: 'suite-part-${{ matrix.shard }}', path: 'reports/' });
      expect(download.with).toMatchObject({ pattern: 'suite-part-*', 'merge-multiple': true, path: 'parts/' });
      const shardEnv = runsOf(jobs.shards)[2]!.env!;
      expect(shardEnv).toMatchObject({ SHARD: '${{ matrix.shard }}', SHARDS: '${{ strategy.job-total }}' });
      // `npm ci` is this repository's node_modules already; `npm run suite --` is the CLI itself.
      const bin = mkdtempSync(join(dir, 'bin-'));
      const loader = pathToFileURL(resolve(root, 'node_modules/tsx/dist/loader.mjs')).href;
      writeFileSync(
        join(bin, 'npm'),
        `#!/bin/sh\ncase "$1" in\n  ci) exit 0 ;;\n  run) [ "$2" = suite ] && [ "$3" = -- ] || exit 64; shift 3; exec "${process.execPath}" --import "${loader}" "${resolve(root, 'scripts/suite.ts')}" "$@" ;;\nesac\nexit 64\n`,
        { mode: 0o755 },
      );
      const tokenEnv = 'KC_STAGING_TOKEN';
      expect(workflow).toContain(`${tokenEnv}: \${{ secrets.${tokenEnv} }}`);
      const env = {
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        KC_BASE_URL: sandbox.baseUrl,
        KC_SECONDARY_URL: sandbox.secondaryUrl,
        [tokenEnv]: TOKEN,
      };
      /** A fresh checkout: the suite file, and the accepted baseline when there is one (no reports/ folder). */
      const checkout = (baseline?: string) => {
        const ci = mkdtempSync(join(dir, 'ci-'));
        mkdirSync(join(ci, 'suites'));
        copyFileSync(DEMO, join(ci, 'suites/support.json'));
        if (baseline) copyFileSync(baseline, join(ci, 'suites/baseline.json'));
        return ci;
      };
      // GitHub Actions runs each `run:` with `bash -e {0}`; a job stops at its first failing step.
      const runSteps = async (job: Job, ci: string, more: Record<string, string> = {}) => {
        const outs: Outcome[] = [];
        for (const step of runsOf(job)) {
          const child = spawn('bash', ['-e', '-c', step.run!], {
            cwd: ci,
            env: { ...env, ...more },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
          child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
          const code = await new Promise<number | null>((ok) => child.on('exit', ok));
          outs.push(record({ code, stdout, stderr }));
          if (code !== 0) break;
        }
        return outs;
      };
      const workflowRun = async (baseline?: string) => {
        const shardDirs = matrix.map(() => checkout(baseline));
        const shards = await Promise.all(
          matrix.map((shard, i) =>
            runSteps(jobs.shards, shardDirs[i]!, { SHARD: String(shard), SHARDS: String(matrix.length) }),
          ),
        );
        for (const outs of shards) expect(outs.map((o) => o.code)).toEqual([0, 0, 0]);
        // download-artifact: every shard's reports/ into the merge job's parts/.
        const ci = checkout(baseline);
        mkdirSync(join(ci, 'parts'));
        // Each part with its answers file (the run file names it, beside it).
        for (const shardDir of shardDirs)
          for (const name of readdirSync(join(shardDir, 'reports')))
            copyFileSync(join(shardDir, 'reports', name), join(ci, 'parts', name));
        const merge = await runSteps(jobs.merge, ci);
        return { ci, merge };
      };
      const first = await workflowRun();
      expect(
        first.merge.map((o) => o.code),
        first.merge.at(-1)?.stderr,
      ).toEqual([0, 0, 0]);
      expect(first.merge[2]!.stdout).toContain(
        `merged ${matrix.length} part(s) (${matrix.length} of ${matrix.length} shards) of suite "Beacon support answers": 14 session(s)`,
      );
      expect(first.merge[2]!.stdout).toContain('14 case(s): 14 passed');
      expect(first.merge[2]!.stdout).not.toContain('against the baseline');
      for (const report of ['suite-junit.xml', 'suite.json', 'suite.csv', 'suite.html']) {
        expect(workflow).toContain(`reports/${report}`);
        expect(existsSync(join(first.ci, 'reports', report)), report).toBe(true);
      }
      // Accepting a run, as the workflow's header says: its JSON becomes suites/baseline.json.
      const next = await workflowRun(join(first.ci, 'reports/suite.json'));
      expect(next.merge.map((o) => o.code)).toEqual([0, 0, 0]);
      expect(next.merge[2]!.stdout).toContain('against the baseline (over the 14 case(s) both runs ran)');
      expect(next.merge[2]!.stdout).toContain('regressions (0)');
      expect(workflow).toMatch(
        /upload-artifact@v\d+\n\s+if: always\(\)\n\s+with:\n\s+name: suite-reports\n\s+path: reports\//,
      );
      // The README section the workflow names exists.
      expect(readFileSync(resolve(root, 'README.md'), 'utf8')).toContain('\n## Test suites in CI\n');
      expect(workflow).toContain('README: "Test suites in CI"');
    },
    SLOW * 2,
  );
});

describe('npm run suite when the service stalls', () => {
  // A sandbox that sends a streamed answer's first words, then nothing for 60 s (its longest delta pause).
  let stalling: SandboxHandle;
  beforeAll(async () => {
    stalling = await startSandbox(['--token', TOKEN, '--stream-delay-ms', '60000']);
  }, 40_000);
  afterAll(() => stalling?.stop());

  const PRICE = 'How much does Beacon Plus cost per month?';
  function suiteFile(name: string, cases: { id: string; stream: boolean }[]): string {
    const file = join(dir, `${name}.json`);
    const options = (stream: boolean) => ({ stream });
    writeFileSync(
      file,
      JSON.stringify({
        name,
        space_id: SPACE.support,
        cases: cases.map((c) => ({
          id: c.id,
          question: PRICE,
          options: options(c.stream),
          expect: { contains: ['$4.99'] },
        })),
      }),
    );
    return file;
  }
  const outputs = (name: string) => {
    const json = join(dir, `${name}.out.json`);
    const junit = join(dir, `${name}.out.xml`);
    return {
      args: ['--json', json, '--junit', junit],
      read: () => ({ json: readRunJson(json), xml: readFileSync(junit, 'utf8') }),
    };
  };

  it(
    'a stalled stream ends its case as an error naming the idle limit; --timeout-ms ends the run as timed out; both write their reports',
    async () => {
      const file = suiteFile('stalls', [{ id: 'stalls', stream: true }]);
      const idle = outputs('idle');
      const overall = outputs('overall');
      const started = Date.now();
      const [stalled, timedOut] = (
        await Promise.all([
          suite([file, '--base-url', stalling.baseUrl, '--idle-timeout-ms', '500', ...idle.args]),
          suite([file, '--base-url', stalling.baseUrl, '--timeout-ms', '1500', ...overall.args]),
        ])
      ).map(record) as [Outcome, Outcome];
      // Both ended long before the sandbox's 60 s silence would have.
      expect(Date.now() - started).toBeLessThan(45_000);

      // An error, not a failure: the run could not judge it (exit 3).
      expect(stalled.code).toBe(3);
      expect(stalled.stdout).toMatch(/^ERROR stalls · \d+ ms$/m);
      expect(stalled.stdout).toContain('question: No data for 0.5 s: the stream stalled.');
      const a = idle.read();
      expect(a.json.run.status).toBe('done');
      expect(a.json.cases[0]).toMatchObject({ caseId: 'stalls', status: 'error' });
      const turn = a.json.run.attempts[0].turns[0];
      expect(turn.error).toEqual({ kind: 'timeout', message: 'No data for 0.5 s: the stream stalled.' });
      // The words that arrived before the stall are kept; the stall ended the read within the limit.
      expect(turn.answer).not.toBe('');
      expect(turn.latencyMs).toBeGreaterThanOrEqual(500);
      expect(turn.latencyMs).toBeLessThan(10_000);
      expect(a.xml).toMatch(/errors="1" skipped="0"/);
      expect(a.xml).toMatch(
        /<error message="0 of 1 passed" type="service-error">[^<]*No data for 0\.5 s: the stream stalled\./,
      );

      expect(timedOut.code).toBe(3);
      expect(timedOut.stderr).toContain('suite: could not judge: the run passed --timeout-ms 1500 (1.5 s)');
      const b = overall.read();
      expect(b.json.run).toMatchObject({
        status: 'timed_out',
        endReason: expect.stringContaining('--timeout-ms 1500'),
      });
      expect(b.json.summary).toMatchObject({ total: 1, notRun: 1 });
      expect(b.xml).toMatch(/skipped="1"/);
      expect(b.xml).toContain('not run (0 of 1 finished; could not judge: the run passed --timeout-ms 1500 (1.5 s)');
    },
    SLOW,
  );

  it(
    'an output path it cannot write exits 2 with one line, before any request is sent',
    async () => {
      let requests = 0;
      const counter = createServer((_, res) => {
        requests++;
        res.writeHead(500).end();
      });
      await new Promise<void>((ok) => counter.listen(0, '127.0.0.1', ok));
      const url = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
      try {
        const file = suiteFile('unwritable', [{ id: 'a', stream: true }]);
        const missing = join(dir, 'no-such-folder', 'out.json');
        const [noFolder, aFolder] = (
          await Promise.all([
            suite([file, '--base-url', url, '--json', missing]),
            suite([file, '--base-url', url, '--json', join(dir, 'ok.json'), '--junit', dir]),
          ])
        ).map(record) as [Outcome, Outcome];
        expect(noFolder.code).toBe(2);
        expect(noFolder.stdout).toBe('');
        expect(noFolder.stderr).toBe(
          `suite: cannot write --json ${missing}: the folder ${join(dir, 'no-such-folder')} does not exist\n`,
        );
        expect(aFolder.code).toBe(2);
        expect(aFolder.stderr).toBe(`suite: cannot write --junit ${dir}: ${dir} is a folder\n`);
        expect(existsSync(join(dir, 'ok.json'))).toBe(false);
        expect(requests).toBe(0);
      } finally {
        counter.closeAllConnections();
        await new Promise((ok) => counter.close(ok));
      }
    },
    SLOW,
  );

  it(
    'SIGTERM and SIGINT mid-run write the partial reports (what finished, the rest not run) and exit 143 / 130',
    async () => {
      const file = suiteFile('signalled', [
        { id: 'quick', stream: false },
        { id: 'stalls', stream: true },
        { id: 'never', stream: false },
      ]);
      const runs = (['SIGTERM', 'SIGINT'] as const).map(async (signal) => {
        const out = outputs(signal);
        const cli = startSuite([file, '--base-url', stalling.baseUrl, '--concurrency', '1', ...out.args]);
        // The first case has passed: the second is in its stalled stream (60 s of silence, the default idle limit).
        await expect.poll(cli.stdout, { timeout: 60_000 }).toMatch(/^PASS {2}quick/m);
        cli.child.kill(signal);
        return { signal, outcome: record(await cli.done), ...out.read() };
      });
      for (const { signal, outcome, json, xml } of await Promise.all(runs)) {
        expect(outcome.code, signal).toBe(signal === 'SIGTERM' ? 143 : 130);
        expect(outcome.stderr).toContain(`suite: stopped by ${signal}`);
        expect(json.run).toMatchObject({ status: 'stopped', endReason: `stopped by ${signal}` });
        expect(json.cases.map((c: { caseId: string; status: string }) => [c.caseId, c.status])).toEqual([
          ['quick', 'pass'],
          ['stalls', 'not_run'],
          ['never', 'not_run'],
        ]);
        expect(xml).toMatch(/tests="3" failures="0" errors="0" skipped="2"/);
        expect(xml).toContain(`not run (0 of 1 finished; stopped by ${signal})`);
      }
    },
    SLOW,
  );
});

describe('npm run suite as a release gate (YAML suite, gates, baseline, HTML)', () => {
  const YAML_DEMO = resolve(root, 'src/server/fixtures/demo-suite.yaml');

  it(
    'exits 0 on the YAML demo with every gate holding, then 0 against itself as the baseline with --fail-on-regression',
    async () => {
      const prev = join(dir, 'prev.json');
      const first = record(
        await suite([YAML_DEMO, '--base-url', sandbox.baseUrl, '--concurrency', '4', '--json', prev]),
      );
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(
        /^PASS {2}battery-life 2 of 2 passed · \d+ ms · \d+ tokens · similarity 0\.\d+ · hit@\d+ 1 · RR 1$/m,
      );
      expect(first.stdout).toContain('gate holds: min_hit_rate 0.75, measured 1');
      const metrics = JSON.parse(readFileSync(prev, 'utf8')).metrics;
      expect(Object.keys(metrics)).toEqual([
        'pass_rate',
        'hit_rate',
        'mrr',
        'recall_at_k',
        'median_latency_ms',
        'p95_latency_ms',
        'total_tokens',
      ]);
      expect(metrics).toMatchObject({ pass_rate: 1, hit_rate: 1, mrr: 1, recall_at_k: 1 });
      // The "Done when" command, as written.
      const json = join(dir, 'out.json');
      const html = join(dir, 'out.html');
      const out = record(
        await suite([
          YAML_DEMO,
          '--base-url',
          sandbox.baseUrl,
          '--json',
          json,
          '--html',
          html,
          '--baseline',
          prev,
          '--fail-on-regression',
        ]),
      );
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toMatch(/^ {2}pass_rate {10}1 → 1 \(0\)$/m);
      expect(out.stdout).toContain('regressions (0)\nimprovements (0)\nunchanged (4)');
      const page = readFileSync(html, 'utf8');
      seen.push(page);
      expect(page).toContain('<h1>Beacon release gate</h1>');
      expect(page).toContain('<h2>Against the baseline</h2>');
      // Self-contained: nothing fetched, nothing run.
      expect(page).not.toMatch(/<script|<link|\ssrc=|href=|@import|url\(/i);
      expect(JSON.parse(readFileSync(json, 'utf8')).baseline.unchanged).toHaveLength(4);
    },
    SLOW,
  );

  it(
    "exits 1 when a gate fails (the suite file's or a flag's); an edited expectation the kept answer fails too is still failing, not a regression",
    async () => {
      const prev = join(dir, 'gate-prev.json');
      const yaml = (priceContains: string, relevant: string) =>
        [
          'name: Gate',
          'space_id: "101"',
          'gate: { min_hit_rate: 0.75 }',
          'cases:',
          '  - id: plus-price',
          '    question: How much does Beacon Plus cost per month?',
          `    relevant_documents: ["${relevant}"]`,
          `    expect: { contains: ["${priceContains}"] }`,
          '  - id: pairing-timeout',
          '    question: When does pairing mode time out on the Display?',
          '    relevant_documents: ["831506272047402"]',
        ].join('\n');
      const good = join(dir, 'gate-good.yaml');
      const missed = join(dir, 'gate-missed.yml');
      const regressed = join(dir, 'gate-regressed.yaml');
      writeFileSync(good, yaml('$4.99', '831506272047407'));
      writeFileSync(missed, yaml('$4.99', '999'));
      writeFileSync(regressed, yaml('$1.99', '831506272047407'));
      expect(record(await suite([good, '--base-url', sandbox.baseUrl, '--json', prev])).code).toBe(0);
      const [byFile, byFlag, overridden, regression, noFlag] = (
        await Promise.all([
          suite([missed, '--base-url', sandbox.baseUrl]),
          suite([
            good,
            '--base-url',
            sandbox.baseUrl,
            '--min-mrr',
            '1.0',
            '--min-hit-rate',
            '1',
            '--filter',
            'pairing',
          ]),
          suite([missed, '--base-url', sandbox.baseUrl, '--min-hit-rate', '0.5']),
          suite([
            regressed,
            '--base-url',
            sandbox.baseUrl,
            '--min-pass-rate',
            '0',
            '--baseline',
            prev,
            '--fail-on-regression',
          ]),
          suite([regressed, '--base-url', sandbox.baseUrl, '--min-pass-rate', '0', '--baseline', prev]),
        ])
      ).map(record) as [Outcome, Outcome, Outcome, Outcome, Outcome];
      expect(byFile.code).toBe(1);
      expect(byFile.stdout).toContain('GATE FAILS: min_hit_rate 0.75, measured 0.5');
      expect(byFlag.code, byFlag.stderr).toBe(0);
      expect(byFlag.stdout).toContain('1 case(s): 1 passed');
      expect(overridden.code).toBe(0);
      // $4.99 → $1.99 with the same service: the baseline's kept answer fails the new expectation too.
      expect(regression.code, regression.stderr).toBe(0);
      expect(regression.stdout).toContain('regressions (0)');
      expect(regression.stdout).toContain('still failing (1):\n  plus-price: pass, judged again fail → fail (edited)');
      expect(noFlag.code).toBe(0);
    },
    SLOW,
  );

  it(
    'exits 2 on an invalid YAML suite, a CSV suite without --space-id, bad gate flags, a bad baseline, or a gate nothing can measure; nothing is sent',
    async () => {
      const broken = join(dir, 'broken.yaml');
      writeFileSync(
        broken,
        'name: Broken\nspace_id: "101"\ngate: { min_mrr: 2 }\ncases:\n  - question: Q\n    pass_at_least: 3\n    expect: { similar_to: { text: x } }\n',
      );
      const notYaml = join(dir, 'not.yaml');
      writeFileSync(notYaml, 'name: [unclosed\n');
      const badBaseline = join(dir, 'bad-baseline.json');
      writeFileSync(badBaseline, '{"format":"something else"}');
      const plain = join(dir, 'plain.yaml');
      writeFileSync(plain, 'name: Plain\nspace_id: "101"\ncases:\n  - question: Q\n');
      const csv = join(dir, 'cases.csv');
      writeFileSync(csv, 'id,question,contains\nplus-price,How much does Beacon Plus cost per month?,$4.99\n');
      const runs = [
        [csv, '--base-url', sandbox.baseUrl],
        [broken, '--base-url', sandbox.baseUrl],
        [notYaml, '--base-url', sandbox.baseUrl],
        [YAML_DEMO, '--base-url', sandbox.baseUrl, '--min-mrr', '2'],
        [YAML_DEMO, '--base-url', sandbox.baseUrl, '--fail-on-regression'],
        [YAML_DEMO, '--base-url', sandbox.baseUrl, '--baseline', badBaseline],
        [YAML_DEMO, '--base-url', sandbox.baseUrl, '--filter', 'no-such-case'],
        [plain, '--base-url', sandbox.baseUrl, '--min-hit-rate', '0.5'],
      ];
      const outs = (await Promise.all(runs.map((args) => suite(args)))).map(record);
      outs.forEach((out, i) => {
        expect(out.code, runs[i]!.join(' ')).toBe(2);
        expect(out.stdout, runs[i]!.join(' ')).toBe('');
      });
      const csvOut = record(await suite([csv, '--base-url', sandbox.baseUrl, '--space-id', '101']));
      expect(csvOut.code, csvOut.stderr).toBe(0);
      expect(csvOut.stdout).toMatch(/^PASS {2}plus-price · /m);
      expect(outs.shift()!.stderr).toContain('a CSV suite names no space: give --space-id');
      expect(outs[0]!.stderr.split('\n').filter((l) => l.startsWith('  '))).toEqual([
        '  gate.min_mrr: must be from 0 to 1',
        '  cases[0].expect.similar_to.min: must be a number from 0 to 1',
      ]);
      expect(outs[1]!.stderr).toContain('not valid YAML');
      expect(outs[2]!.stderr).toContain('--min-mrr must be a number from 0 to 1, not "2"');
      expect(outs[3]!.stderr).toContain('--fail-on-regression needs --baseline');
      expect(outs[4]!.stderr).toContain('is not a run written by --json');
      expect(outs[5]!.stderr).toContain('--filter no-such-case matches no case id');
      expect(outs[6]!.stderr).toContain('a hit-rate or MRR gate needs cases with relevant_documents');
    },
    SLOW,
  );
});

describe('npm run suite with expect.rubric graded by an LLM', () => {
  const KEY = 'grader-key-5e1d-never-printed';
  let grader: { url: string; received: { auth?: string; body: string }[]; close(): Promise<void> };
  beforeAll(async () => {
    // A local OpenAI-compatible grader: passes an answer that holds the rubric's quoted phrase.
    const received: { auth?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body });
        const user = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages[1]!.content;
        const phrase = /Rubric:\n[^"]*"([^"]+)"/.exec(user)?.[1] ?? '\u0000';
        const pass = user.split('\nAnswer:\n')[1]!.includes(phrase);
        const content = `\`\`\`json\n${JSON.stringify({ pass, reason: pass ? `It says ${phrase}.` : `It never says ${phrase}.` })}\n\`\`\``;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    grader = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      received,
      close: () => new Promise<void>((r) => server.close(() => r())),
    };
  });
  afterAll(() => grader?.close());

  let files = 0;
  const rubricSuite = (priceRubric: string) => {
    const path = join(dir, `rubric-${++files}.json`);
    writeFileSync(
      path,
      JSON.stringify({
        name: 'Graded',
        space_id: SPACE.support,
        defaults: { stream: false },
        cases: [
          {
            id: 'battery-life',
            question: 'How long does the Beacon battery last on a full charge?',
            expect: { rubric: 'The answer must say "14 days".' },
          },
          {
            id: 'plus-price',
            question: 'How much does Beacon Plus cost per month?',
            expect: { rubric: priceRubric },
          },
        ],
      }),
    );
    return path;
  };
  it(
    'exits 0 when the grader passes every rubric and 1 when one fails; every report has the verdict and reason, never the key, against a local OpenAI-compatible test server',
    async () => {
      const env = { KC_TOKEN: TOKEN, GRADER_KEY: KEY };
      const flags = ['--grader-url', grader.url, '--grader-model', 'judge-1', '--grader-key-env', 'GRADER_KEY'];
      const passing = record(
        await suite([rubricSuite('The answer must say "$4.99".'), '--base-url', sandbox.baseUrl, ...flags], env),
      );
      expect(passing.code, passing.stderr).toBe(0);
      expect(passing.stdout).toMatch(/^PASS {2}battery-life · .*\n {6}question: rubric: pass: It says 14 days\.$/m);
      expect(grader.received[0]!.auth).toBe(`Bearer ${KEY}`);
      expect(JSON.parse(grader.received[0]!.body)).toMatchObject({ model: 'judge-1', temperature: 0 });

      const out = {
        junit: join(dir, 'r.xml'),
        json: join(dir, 'r.json'),
        csv: join(dir, 'r.csv'),
        html: join(dir, 'r.html'),
      };
      const failing = record(
        await suite(
          [
            rubricSuite('The answer must say "free of charge".'),
            '--base-url',
            sandbox.baseUrl,
            ...flags,
            ...Object.entries(out).flatMap(([flag, path]) => [`--${flag}`, path]),
          ],
          env,
        ),
      );
      expect(failing.code, failing.stderr).toBe(1);
      expect(failing.stdout).toMatch(
        /^FAIL {2}plus-price · .*\n {6}question: rubric: fail: It never says free of charge\.$/m,
      );
      for (const [name, path] of Object.entries(out)) {
        const text = readFileSync(path, 'utf8');
        seen.push(text);
        expect(text, name).toContain('It says 14 days.');
        expect(text, name).toContain('It never says free of charge.');
      }
      expect(readFileSync(out.junit, 'utf8')).toContain('<property name="rubric_verdict" value="fail"/>');
      const json = JSON.parse(readFileSync(out.json, 'utf8'));
      expect(json.run.attempts.find((a: { caseId: string }) => a.caseId === 'plus-price').turns[0].assertions).toEqual([
        {
          key: 'rubric',
          ok: false,
          verdict: 'fail',
          reason: 'It never says free of charge.',
          detail: 'fail: It never says free of charge.',
        },
      ]);
      for (const text of [passing.stdout, passing.stderr, failing.stdout, failing.stderr, ...seen])
        expect(text).not.toContain(KEY);
    },
    SLOW,
  );

  it(
    'without --grader-url a rubric is "not graded" and fails the gate (exit 1); a grader without a model is a usage error (exit 2)',
    async () => {
      const ungraded = record(
        await suite([rubricSuite('The answer must say "$4.99".'), '--base-url', sandbox.baseUrl]),
      );
      expect(ungraded.code).toBe(1);
      expect(ungraded.stderr).toContain('no --grader-url: every expect.rubric is "not graded" and its case fails');
      expect(ungraded.stdout).toMatch(/^FAIL {2}battery-life · .*\n {6}question: rubric: not graded \(no grader\)$/m);
      expect(ungraded.stdout).toMatch(/2 case\(s\): 0 passed, 2 failed/);
      const half = record(
        await suite([rubricSuite('x "y"'), '--base-url', sandbox.baseUrl, '--grader-url', grader.url]),
      );
      expect(half.code).toBe(2);
      expect(half.stderr).toContain('--grader-url needs --grader-model');
    },
    SLOW,
  );
});

/** A local knowledge service answering each question by `answer` (its text and pieces); counts what it was sent. */
async function fakeService(answer: (message: string) => { status?: number; text?: string; chunks?: object[] }) {
  let received = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      received++;
      const message = (JSON.parse(body) as { message: string }).message;
      const a = answer(message);
      const status = a.status ?? 200;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          status === 200
            ? {
                message_id: '1',
                user_message: message,
                assistant_message: a.text ?? '',
                document_chunks: a.chunks ?? [],
                token_usage: { total_tokens: 10 },
              }
            : { detail: status === 401 ? 'Invalid token' : 'Internal Server Error' },
        ),
      );
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

describe('npm run suite: verdicts a release can be bet on', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(() => Promise.all(closers.map((close) => close())));
  const service = async (answer: Parameters<typeof fakeService>[0]) => {
    const s = await fakeService(answer);
    closers.push(s.close);
    return s;
  };
  let n = 0;
  const write = (ext: string, text: string) => {
    const path = join(dir, `verdicts-${++n}.${ext}`);
    writeFileSync(path, text);
    return path;
  };
  const shipping = (price: string, extra = '') =>
    [
      `name: Verdicts${extra ? ' renamed' : ''}`,
      'space_id: "101"',
      extra,
      'cases:',
      '  - id: price',
      '    question: How much is shipping?',
      `    expect: { contains: ["${price}"] }`,
      '  - id: returns',
      '    question: How long do I have to return it?',
      '    expect: { contains: ["14 days"] }',
    ].join('\n');
  type Row = {
    caseId: string;
    baseline: SideStatus;
    current: SideStatus;
    rejudged?: CaseStatus;
    edit: EditState;
    verdict: string;
  };
  /** Each row's verdict is the golden table's for its (baseline — re-judged when edited —, current, edit). */
  const checkTable = (rows: Row[]) => {
    for (const r of rows) expect(r.verdict, r.caseId).toBe(VERDICT_TABLE[r.edit][r.rejudged ?? r.baseline][r.current]);
  };

  it(
    'an edited case now failing is a regression (edited, exit 1 with --fail-on-regression); an edited expectation the old answer fails too is still failing (exit 0); suite-wide edits mark no case',
    async () => {
      // The baseline's service named both prices; today's lost the $5.99 one and says 30 days for returns.
      const then = await service((m) => ({
        text: m.includes('shipping') ? 'Shipping is $5.99 ($4.99 for members).' : 'You have 14 days.',
      }));
      const now = await service((m) => ({ text: m.includes('shipping') ? 'Shipping is $4.99.' : 'You have 30 days.' }));
      const baseline = join(dir, 'verdicts-baseline.json');
      const first = record(await suite([write('yaml', shipping('$4.99')), '--base-url', then.url, '--json', baseline]));
      expect(first.code, first.stderr).toBe(0);
      // Today: the price expectation edited to $5.99; the name and the gate changed (suite-wide: no case edited).
      const edited = write('yaml', shipping('$5.99', 'gate: { min_pass_rate: 0 }'));
      const json = join(dir, 'verdicts-now.json');
      const [gated, unchangedService] = (
        await Promise.all([
          suite([edited, '--base-url', now.url, '--baseline', baseline, '--fail-on-regression', '--json', json]),
          // The $4.99 → $6.99 edit against the same service: the kept answer fails it too. Not a regression.
          suite([
            write('yaml', shipping('$6.99', 'gate: { min_pass_rate: 0 }')),
            '--base-url',
            then.url,
            '--baseline',
            baseline,
            '--fail-on-regression',
          ]),
        ])
      ).map(record) as [Outcome, Outcome];
      expect(gated.code, gated.stderr).toBe(1);
      expect(gated.stdout).toContain(
        'regressions (2):\n  price: pass, judged again pass → fail (edited)\n  returns: pass → fail\n',
      );
      expect(gated.stderr).toContain('2 regression(s): passed in the baseline, fail now');
      const rows = JSON.parse(readFileSync(json, 'utf8')).baseline.rows as Row[];
      expect(rows.map((r) => [r.caseId, r.verdict, r.edit])).toEqual([
        ['price', 'regression', 'rejudged'],
        ['returns', 'regression', 'none'],
      ]);
      checkTable(rows);
      expect(unchangedService.code, unchangedService.stderr).toBe(0);
      expect(unchangedService.stdout).toContain('still failing (1):\n  price: pass, judged again fail → fail (edited)');
      expect(unchangedService.stdout).toContain('regressions (0)');
    },
    SLOW,
  );

  it(
    'errors are never failures: an outage of every case exits 3 (could not judge), --max-errors allows a few, a refused token stops at once (exit 2)',
    async () => {
      const down = await service(() => ({ status: 500 }));
      const oneDown = await service((m) => (m.includes('shipping') ? { status: 502 } : { text: 'You have 14 days.' }));
      const refusing = await service(() => ({ status: 401 }));
      const many = write(
        'json',
        JSON.stringify({
          name: 'Many',
          space_id: '101',
          cases: Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, question: `Q${i}?` })),
        }),
      );
      const file = write('yaml', shipping('$4.99'));
      const [outage, allowed, refused] = (
        await Promise.all([
          suite([file, '--base-url', down.url]),
          suite([file, '--base-url', oneDown.url, '--max-errors', '1']),
          suite([many, '--base-url', refusing.url, '--concurrency', '2']),
        ])
      ).map(record) as [Outcome, Outcome, Outcome];
      expect(outage.code).toBe(3);
      expect(outage.stdout).toContain('2 case(s): 0 passed, 0 failed, 2 error(s)');
      expect(outage.stdout).toContain('errors (2, not judged): price, returns');
      expect(outage.stderr).toContain('suite: could not judge: 2 case(s) were errors');
      // One error allowed; the pass-rate gate is over the one case judged.
      expect(allowed.code, allowed.stdout + allowed.stderr).toBe(0);
      // A refused token: the run stops after the first refusals (at most the sessions in flight), exit 2, one line.
      expect(refused.code).toBe(2);
      expect(refusing.received()).toBeLessThanOrEqual(2);
      const lines = refused.stderr.split('\n').filter((l) => l.includes('refused the token'));
      expect(lines).toEqual([
        'suite: the service refused the token (HTTP 401): check the environment variable KC_TOKEN; nothing more was sent',
      ]);
    },
    SLOW,
  );

  it(
    'ranks documents, not pieces, with numeric ids; --filter compares only the cases both runs ran',
    async () => {
      // Two pieces of document 1 and two of 2 ahead of the relevant one: rank 3 by document (1/5 by piece).
      const chunks = [
        { document_id: 1 },
        { document_id: 1 },
        { document_id: 2 },
        { document_id: '2' },
        { document_id: '831506272047403' },
      ];
      const svc = await service((m) => ({ text: m.includes('shipping') ? 'Shipping is $4.99.' : 'No idea.', chunks }));
      const file = write(
        'yaml',
        [
          'name: Ranks',
          'space_id: "101"',
          'cases:',
          '  - id: price',
          '    question: How much is shipping?',
          '    relevant_documents: [831506272047403]',
          '    expect: { contains: ["$4.99"], cites_document: [831506272047403] }',
          '  - id: returns',
          '    question: How long do I have to return it?',
          '    expect: { contains: ["14 days"] }',
        ].join('\n'),
      );
      const whole = join(dir, 'ranks.json');
      const first = record(await suite([file, '--base-url', svc.url, '--min-pass-rate', '0.5', '--json', whole]));
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/^PASS {2}price · \d+ ms · 10 tokens · hit@3 1 · RR 0\.3333$/m);
      const price = JSON.parse(readFileSync(whole, 'utf8')).cases.find((c: { caseId: string }) => c.caseId === 'price');
      expect(price.retrieval).toEqual({
        k: 3,
        hitAtK: 1,
        reciprocalRank: 1 / 3,
        recallAtK: 1,
        ranked: ['1', '2', '831506272047403'],
        relevant: ['831506272047403'],
      });
      // The whole baseline passed 1 of 2; the filtered run passes its 1 of 1: over the case both ran, no change.
      const filtered = record(await suite([file, '--base-url', svc.url, '--filter', 'price', '--baseline', whole]));
      expect(filtered.code, filtered.stderr).toBe(0);
      expect(filtered.stdout).toContain('against the baseline (deltas over the 1 case(s) both runs ran)');
      expect(filtered.stdout).toMatch(/^ {2}pass_rate {10}1 → 1 \(0\)$/m);
      expect(filtered.stdout).not.toContain('removed');
    },
    SLOW,
  );
});

describe('npm run suite when the grader is down, stalls or is busy', () => {
  let calls = 0;
  let grader: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    // /down answers 500; /stall never answers; /busy answers 429 (Retry-After: 0) once per question, then a verdict.
    const busySeen = new Set<string>();
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        calls++;
        if (req.url!.startsWith('/down')) return void res.writeHead(500).end('{"error":"boom"}');
        if (req.url!.startsWith('/stall')) return;
        const user = (JSON.parse(body) as { messages: { content: string }[] }).messages[1]!.content;
        if (!busySeen.has(user)) {
          busySeen.add(user);
          return void res.writeHead(429, { 'retry-after': '0' }).end('{"error":"slow down"}');
        }
        const content = JSON.stringify({ pass: true, reason: 'Fine.' });
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    grader = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => {
        server.closeAllConnections();
        return new Promise<void>((r) => server.close(() => r()));
      },
    };
  });
  afterAll(() => grader?.close());

  it(
    'a grader 500 or stall makes the case an error (exit 3), never a failure; 429 then a verdict passes (exit 0); --timeout-ms keeps the answers received',
    async () => {
      const file = join(dir, 'graded-outage.json');
      writeFileSync(
        file,
        JSON.stringify({
          name: 'Graded',
          space_id: SPACE.support,
          defaults: { stream: false },
          cases: [
            {
              id: 'plus-price',
              question: 'How much does Beacon Plus cost per month?',
              expect: { rubric: 'Names a price.' },
            },
          ],
        }),
      );
      const flags = (path: string) => ['--grader-url', `${grader.url}${path}`, '--grader-model', 'judge'];
      const timedJson = join(dir, 'graded-timeout.json');
      const [down, stalled, busy, timedOut] = (
        await Promise.all([
          suite([file, '--base-url', sandbox.baseUrl, ...flags('/down')]),
          suite([file, '--base-url', sandbox.baseUrl, ...flags('/stall'), '--grader-timeout-ms', '300']),
          suite([file, '--base-url', sandbox.baseUrl, ...flags('/busy')]),
          suite([file, '--base-url', sandbox.baseUrl, ...flags('/stall'), '--timeout-ms', '4000', '--json', timedJson]),
        ])
      ).map(record) as [Outcome, Outcome, Outcome, Outcome];
      expect(down.code).toBe(3);
      expect(down.stdout).toMatch(/^ERROR plus-price/m);
      expect(down.stdout).toContain('grader error: the grader answered HTTP 500');
      expect(down.stdout).toContain('1 case(s): 0 passed, 0 failed, 1 error(s)');
      expect(stalled.code).toBe(3);
      expect(stalled.stdout).toContain('the grader did not answer within 0.3 s');
      expect(busy.code, busy.stdout + busy.stderr).toBe(0);
      expect(busy.stdout).toMatch(/^PASS {2}plus-price/m);
      // Ended by its time limit while the grader was silent: the service's answer is kept, the case an error.
      expect(timedOut.code).toBe(3);
      expect(timedOut.stderr).toContain('could not judge: the run passed --timeout-ms 4000');
      const kept = readRunJson(timedJson);
      expect(kept.run.status).toBe('timed_out');
      expect(kept.cases[0].status).toBe('error');
      expect(kept.run.attempts[0].turns[0].answer).toContain('$4.99');
      expect(calls).toBeGreaterThan(0);
    },
    SLOW,
  );
});
