import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runSuite, useSandboxAndDir } from './test-support/suite-cli';
import { median, shardOfCase } from '../src/suite-engine';

/**
 * `npm run suite -- --shard i/n` and `npm run suite -- merge` against the real sandbox; `--dry-run`,
 * `--max-total-tokens` and the flaky list against a service that counts what reaches it.
 */
const SLOW = 180_000;
const DEMO = resolve(ROOT, 'src/server/fixtures/demo-suite.json');
const TOKEN = 'shard-secret-1d2c3b';

/** A service that counts completions and answers "yes" and "no" in turn, each reporting 100 tokens. */
let counting: Server;
let countingUrl: string;
let requests = 0;
const at = useSandboxAndDir(TOKEN, 'kc-suite-shard-', 60_000);
beforeAll(async () => {
  counting = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      res.setHeader('content-type', 'application/json');
      const answer = requests % 2 ? 'yes' : 'no';
      res.end(
        JSON.stringify({
          assistant_message: answer,
          document_chunks: [],
          token_usage: { prompt_tokens: 90, completion_tokens: 10, total_tokens: 100 },
        }),
      );
    });
  });
  await new Promise<void>((ok) => counting.listen(0, '127.0.0.1', ok));
  countingUrl = `http://127.0.0.1:${(counting.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => counting?.close(ok));
});

const cli = (args: string[]) => runSuite(args, { KC_TOKEN: TOKEN });

interface RunJson {
  run: {
    only?: string[];
    shard?: { index: number; count: number };
    status: string;
    attempts: { turns: { latencyMs?: number }[] }[];
  };
  metrics: Record<string, number | null>;
  summary: { total: number; passed: number; notRun: number; flaky: number };
  cases: { caseId: string; variantId: string; status: string }[];
  flaky: { caseId: string; passed: number; done: number }[];
  gates?: { name: string; ok: boolean }[];
}
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as RunJson;
const keysOf = (j: RunJson) => j.cases.map((c) => `${c.caseId} [${c.variantId}]`);

describe('npm run suite --shard and merge, against the sandbox', () => {
  const part = (i: number) => join(at.dir, `part-${i}.json`);
  const full = () => join(at.dir, 'full.json');

  it(
    'three shards run every case once, and their merge gives the unsharded run’s figures, gate and verdicts',
    async () => {
      const base = [DEMO, '--base-url', at.sandbox.baseUrl, '--concurrency', '2'];
      const outs = await Promise.all([
        cli([...base, '--json', full()]),
        ...[1, 2, 3].map((i) => cli([...base, '--shard', `${i}/3`, '--json', part(i)])),
      ]);
      for (const o of outs) expect(o.code, o.stderr).toBe(0);
      expect(outs[1]!.stdout).toMatch(/^shard 1\/3: \d of 7 case\(s\)$/m);
      const whole = readJson(full());
      const parts = [1, 2, 3].map((i) => readJson(part(i)));
      // Each part is a valid run of its cases only; together, every case × variant exactly once.
      const all = parts.flatMap(keysOf);
      expect(all.sort()).toEqual(keysOf(whole).sort());
      expect(new Set(all).size).toBe(14);
      parts.forEach((p, i) => expect(p.run.shard).toEqual({ index: i + 1, count: 3 }));

      const merged = join(at.dir, 'merged.json');
      const junit = join(at.dir, 'merged.xml');
      const html = join(at.dir, 'merged.html');
      const out = await cli([
        'merge',
        ...[3, 1, 2].map(part),
        '--json',
        merged,
        '--junit',
        junit,
        '--html',
        html,
        '--baseline',
        full(),
        '--fail-on-regression',
        '--min-pass-rate',
        '1',
      ]);
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      expect(out.stdout).toContain('merged 3 part(s) (3 of 3 shards) of suite "Beacon support answers": 14 session(s)');
      expect(out.stdout).toContain('14 case(s): 14 passed, 0 failed, 0 error(s), 0 not run · pass rate 100.0%');
      expect(out.stdout).toContain('regressions (0)');
      const m = readJson(merged);
      // The sandbox answers the same question the same way: every figure but latency equals the unsharded run's.
      for (const name of ['pass_rate', 'hit_rate', 'mrr', 'recall_at_k', 'total_tokens'])
        expect(m.metrics[name], name).toBe(whole.metrics[name]);
      expect(m.cases.map((c) => [c.caseId, c.variantId, c.status])).toEqual(
        whole.cases.map((c) => [c.caseId, c.variantId, c.status]),
      );
      expect(m.run.only).toBeUndefined();
      // Latency over the whole suite: the median of every part's sessions, not a mean of the parts' medians.
      const latencies = parts.flatMap((p) =>
        p.run.attempts.map((a) => a.turns.reduce((n, t) => n + (t.latencyMs ?? 0), 0)),
      );
      expect(m.metrics.median_latency_ms).toBe(median(latencies));
      expect(m.gates).toEqual([expect.objectContaining({ name: 'min_pass_rate', ok: true })]);
      expect(readFileSync(junit, 'utf8')).toMatch(/<testsuites name="Beacon support answers" tests="14" failures="0"/);
      expect(readFileSync(html, 'utf8')).toContain('The gate holds.');
    },
    SLOW,
  );

  it(
    'a case added to the suite moves no other case to another shard (--dry-run --shard: nothing sent)',
    async () => {
      const grown = join(at.dir, 'grown.json');
      const demo = JSON.parse(readFileSync(DEMO, 'utf8'));
      demo.cases.push({ id: 'added-later', question: 'Is there a warranty?' });
      writeFileSync(grown, JSON.stringify(demo));
      const outs = await Promise.all([1, 2, 3].map((i) => cli([grown, '--dry-run', '--shard', `${i}/3`])));
      const planned = outs.map((o) => {
        expect(o.code, o.stderr).toBe(0);
        return o.stdout.split('\n').flatMap((line) => /^(\S+ \[\w+\]) {2,}\d/.exec(line)?.[1] ?? []);
      });
      planned.forEach((lines, i) => {
        const before = keysOf(readJson(part(i + 1)));
        expect(lines.filter((k) => !k.startsWith('added-later ')).sort()).toEqual(before.sort());
      });
      expect(planned.flat().filter((k) => k.startsWith('added-later '))).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'refuses parts of another revision of the suite, a shard given twice, or a missing part file (exit 2, nothing written)',
    async () => {
      const edited = readJson(part(2)) as RunJson & { run: { suite: { cases: { question: string }[] } } };
      edited.run.suite.cases[1]!.question = 'A question edited between the shards';
      const revised = join(at.dir, 'part-2-edited.json');
      writeFileSync(revised, JSON.stringify(edited));
      const out = join(at.dir, 'refused.json');
      const [other, missing] = await Promise.all([
        cli(['merge', part(1), revised, part(3), '--json', out]),
        cli(['merge', part(1), join(at.dir, 'nowhere.json'), '--json', out]),
      ]);
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(
        /suite merge: .*part-1\.json and .*part-2-edited\.json ran different revisions of the suite "Beacon support answers" \(case "plus-price" differs\)/,
      );
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('nowhere.json: ENOENT');
      const copy = join(at.dir, 'part-2-copy.json');
      const again = readJson(part(2)) as RunJson & { run: { id: string } };
      again.run.id = 'run-another-id';
      writeFileSync(copy, JSON.stringify(again));
      const dup = await cli(['merge', part(1), part(2), copy, part(3), '--json', out]);
      expect(dup.code).toBe(2);
      expect(dup.stderr).toMatch(/part-2\.json and .*part-2-copy\.json are both shard 2\/3: each shard once/);
      expect(existsSync(out)).toBe(false);
    },
    SLOW,
  );

  it(
    'parts handed over without their answers files still merge: figures and gate from the run files, said on stderr',
    async () => {
      const bare = mkdtempSync(join(at.dir, 'bare-'));
      for (const i of [1, 2, 3]) copyFileSync(part(i), join(bare, `part-${i}.json`));
      const html = join(bare, 'merged.html');
      const out = await cli([
        'merge',
        ...[1, 2, 3].map((i) => join(bare, `part-${i}.json`)),
        '--html',
        html,
        '--junit',
        join(bare, 'merged.xml'),
      ]);
      expect(out.code, out.stderr).toBe(0);
      expect(out.stderr).toMatch(/part-1\.json: \d+ session\(s\) without their answers file/);
      expect(out.stdout).toContain('14 case(s): 14 passed, 0 failed, 0 error(s), 0 not run · pass rate 100.0%');
      expect(readFileSync(html, 'utf8')).toContain('Beacon support answers');
    },
    SLOW,
  );

  it(
    'a missing shard leaves its cases not run: could not judge, exit 3',
    async () => {
      const out = await cli(['merge', part(1), part(3)]);
      expect(out.code).toBe(3);
      expect(out.stderr).toMatch(/shard\(s\) 2\/3 missing from the merge: their \d+ case\(s\) not run/);
    },
    SLOW,
  );
});

describe('npm run suite --dry-run, --max-total-tokens and flaky cases, against a service that counts', () => {
  const suiteFile = (name: string, cases: number, repeat = 1) => {
    const path = join(at.dir, `${name}.json`);
    writeFileSync(
      path,
      JSON.stringify({
        name,
        space_id: '7',
        cases: Array.from({ length: cases }, (_, i) => ({
          id: `q${i + 1}`,
          question: 'Yes?',
          repeat,
          expect: { contains: ['yes'] },
        })),
      }),
    );
    return path;
  };

  it(
    '--dry-run checks the file, prints the plan and the tokens estimated from a previous run, and sends nothing',
    async () => {
      requests = 0;
      const out = await cli([
        DEMO,
        '--dry-run',
        '--base-url',
        countingUrl,
        '--estimate-from',
        join(at.dir, 'full.json'),
      ]);
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      expect(requests).toBe(0);
      expect(out.stdout).toMatch(/^battery-life \[json\] +1 +2 +\d+$/m);
      expect(out.stdout).toContain('total: 14 case × variant(s), 14 session(s), 16 completion(s)');
      // Each case estimated by its own tokens in that run: the estimate is that run's total.
      expect(out.stdout).toContain(`tokens: about ${readJson(join(at.dir, 'full.json')).metrics.total_tokens} (from `);
      const broken = join(at.dir, 'broken.json');
      writeFileSync(broken, JSON.stringify({ name: 'x', space_id: '7', cases: [{ question: '' }] }));
      const refused = await cli([broken, '--dry-run']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('is not a valid suite (nothing was run)');
      expect(requests).toBe(0);
    },
    SLOW,
  );

  it(
    'a shard with no case (fewer cases than parts) sends nothing, writes its part and exits 0',
    async () => {
      requests = 0;
      const file = suiteFile('tiny', 1);
      const empty = [1, 2, 3, 4].find((i) => i !== shardOfCase('q1', 4))!;
      const json = join(at.dir, 'empty-part.json');
      const out = await cli([file, '--base-url', countingUrl, '--shard', `${empty}/4`, '--json', json]);
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      expect(out.stdout).toContain(`shard ${empty}/4: 0 of 1 case(s)`);
      expect(requests).toBe(0);
      const j = readJson(json);
      expect(j.run.shard).toEqual({ index: empty, count: 4 });
      expect(j.summary.total).toBe(0);
    },
    SLOW,
  );

  it(
    '--max-total-tokens stops sending once the reported usage reaches it: reports written, exit 3',
    async () => {
      requests = 0;
      const json = join(at.dir, 'budget.json');
      const junit = join(at.dir, 'budget.xml');
      const out = await cli([
        suiteFile('budget', 10),
        '--base-url',
        countingUrl,
        '--concurrency',
        '1',
        '--max-total-tokens',
        '300',
        '--json',
        json,
        '--junit',
        junit,
      ]);
      expect(out.code).toBe(3);
      expect(requests).toBe(3);
      expect(out.stderr).toContain('could not judge: the service reported 300 tokens, --max-total-tokens 300 reached');
      const j = readJson(json);
      expect(j.run.status).toBe('stopped');
      expect(j.summary).toMatchObject({ total: 10, notRun: 7 });
      expect(readFileSync(junit, 'utf8')).toMatch(/tests="10" failures="\d+" errors="0" skipped="7"/);
    },
    SLOW,
  );

  it(
    'lists the cases whose repetitions disagreed in the summary, the JSON and the HTML report',
    async () => {
      requests = 0;
      const json = join(at.dir, 'flaky.json');
      const html = join(at.dir, 'flaky.html');
      const out = await cli([
        suiteFile('flaky', 2, 2),
        '--base-url',
        countingUrl,
        '--concurrency',
        '1',
        '--json',
        json,
        '--html',
        html,
      ]);
      expect(out.code).toBe(1);
      expect(out.stdout).toContain('flaky (2): q1 (1 of 2 passed), q2 (1 of 2 passed)');
      expect(readJson(json).flaky).toEqual([
        { caseId: 'q1', variantId: 'default', passed: 1, done: 2 },
        { caseId: 'q2', variantId: 'default', passed: 1, done: 2 },
      ]);
      expect(readFileSync(html, 'utf8')).toContain('<h2>Flaky cases</h2>');
      expect(readFileSync(html, 'utf8')).toContain('<li><span class="flaky">q1</span>: 1 of 2 passed</li>');
    },
    SLOW,
  );
});
