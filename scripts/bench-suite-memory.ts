/**
 * The suite CLI's memory and report size as a run grows (issue 36 item 9: flat is the goal). `npm run suite` runs
 * N sessions (N/2 cases × 2 variants, one JSON and one streamed, concurrency 8) against a sandbox in its own process,
 * writing --json (and its answers file), --junit, --csv and --html; its peak RSS is read as it exits
 * (scripts/perf/max-rss.mjs). Printed per run and per 1,000 sessions.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox } from '../e2e/support/sandbox';
import { DOC, SPACE } from '../e2e/support/demo-ids.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const TOKEN = 'bench-memory-token';
const QUESTIONS: [string, string, string][] = [
  ['How long does the Beacon battery last on a full charge?', '14 days', DOC.battery.id],
  ['How much does Beacon Plus cost per month?', '$4.99', DOC.pricing.id],
  ['How many days do I have to return a Beacon kit for a full refund?', '45 days', DOC.returns.id],
];

function suiteOf(sessions: number) {
  return {
    name: `Memory ${sessions}`,
    space_id: SPACE.support,
    defaults: { stream: false },
    variants: [{ id: 'json' }, { id: 'streamed', options: { stream: true } }],
    cases: Array.from({ length: sessions / 2 }, (_, i) => {
      const [question, fact, doc] = QUESTIONS[i % QUESTIONS.length]!;
      return { id: `case-${i + 1}`, question, expect: { contains: [fact], cites_document: [doc] } };
    }),
  };
}

interface Measured {
  sessions: number;
  seconds: number;
  maxRssMb: number;
  bytes: Record<'json' | 'answers' | 'junit' | 'csv' | 'html', number>;
  code: number | null;
}

async function measure(sessions: number, baseUrl: string, dir: string): Promise<Measured> {
  const file = join(dir, `suite-${sessions}.json`);
  writeFileSync(file, JSON.stringify(suiteOf(sessions)));
  const out = (ext: string) => join(dir, `run-${sessions}.${ext}`);
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './scripts/perf/max-rss.mjs',
      'scripts/suite.ts',
      file,
      '--base-url',
      baseUrl,
      '--concurrency',
      '8',
      '--json',
      out('json'),
      '--junit',
      out('xml'),
      '--csv',
      out('csv'),
      '--html',
      out('html'),
    ],
    { cwd: ROOT, env: { PATH: process.env.PATH ?? '', KC_TOKEN: TOKEN }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const code = await new Promise<number | null>((ok) => child.on('exit', ok));
  const rss = /max-rss-kb (\d+)/.exec(stderr);
  if (!rss) throw new Error(`no peak memory reported (exit ${code}):\n${stderr}`);
  const size = (p: string) => statSync(p).size;
  return {
    sessions,
    seconds: (performance.now() - t0) / 1000,
    maxRssMb: Number(rss[1]) / 1024,
    bytes: {
      json: size(out('json')),
      answers: size(join(dir, `run-${sessions}.answers.jsonl`)),
      junit: size(out('xml')),
      csv: size(out('csv')),
      html: size(out('html')),
    },
    code,
  };
}

export async function benchSuiteMemory(sizes = [1000, 5000, 10000]): Promise<void> {
  const sandbox = await startSandbox(['--token', TOKEN, '--stream-delay-ms', '1']);
  const dir = mkdtempSync(join(tmpdir(), 'kc-bench-memory-'));
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  console.log(
    `\nsuite CLI memory and report size (N/2 cases × 2 variants, concurrency 8, against the sandbox; --json + answers, --junit, --csv, --html)`,
  );
  console.log('  sessions   time     peak RSS   RSS/1k   run file/1k   answers/1k   JUnit+CSV+HTML/1k');
  try {
    for (const sessions of sizes) {
      const m = await measure(sessions, sandbox.baseUrl, dir);
      const k = sessions / 1000;
      const other = m.bytes.junit + m.bytes.csv + m.bytes.html;
      console.log(
        `  ${String(sessions).padStart(8)}  ${m.seconds.toFixed(0).padStart(4)} s  ${m.maxRssMb.toFixed(0).padStart(6)} MB  ${(m.maxRssMb / k).toFixed(1).padStart(6)} MB  ${mb(m.bytes.json / k).padStart(8)} MB  ${mb(m.bytes.answers / k).padStart(8)} MB  ${mb(other / k).padStart(10)} MB${m.code === 0 ? '' : `  (exit ${m.code})`}`,
      );
    }
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0 && n % 2 === 0);
  await benchSuiteMemory(sizes.length ? sizes : undefined);
}
