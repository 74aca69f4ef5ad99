/**
 * Peak memory of writing a suite report for a large run: 5,000 cases, each answer 60 KB (300 MB of answers in the
 * JSON and CSV), every report (--json, --csv, --junit, --html) written the old way (the whole report built as one
 * string, then written) and the new way (the engine's pieces streamed to the file with backpressure, as
 * scripts/suite.ts does). Each (report, way) runs in a child process of its own, so each peak (max RSS) is its own.
 * Figures, not a test: `npm run bench -- suite-reports`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkSuite,
  planAttempts,
  runCsvChunks,
  runHtmlChunks,
  runJsonChunks,
  runJunitChunks,
  type AttemptResult,
  type SuiteRun,
} from '../src/suite-engine';
import { writeReport } from './suite-reports';

const CASES = 5000;
const ANSWER_CHARS = 60_000;
const REPORTS = { json: runJsonChunks, csv: runCsvChunks, junit: runJunitChunks, html: runHtmlChunks } as const;
type ReportName = keyof typeof REPORTS;

function bigRun(): SuiteRun {
  const file = {
    name: 'bench reports',
    space_id: '101',
    cases: Array.from({ length: CASES }, (_, i) => ({
      id: `case-${i + 1}`,
      question: `Question ${i + 1}: how long does the battery last?`,
      relevant_documents: ['831506272047403'],
      expect: { contains: ['14 days'] },
    })),
  };
  const checked = checkSuite(file);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  const attempts = planAttempts(checked.suite).map((p, i): AttemptResult => ({
    ...p,
    status: i % 10 ? 'pass' : 'fail',
    sessionId: `s${i}`,
    startedAt: 0,
    finishedAt: 1,
    turns: [
      {
        question: file.cases[i]!.question,
        request: { method: 'POST', url: 'http://svc', body: { session_id: 's', message: 'q' } },
        status: i % 10 ? 'pass' : 'fail',
        // Each answer its own flat string (as a run read back from the store has them), 60 KB of text: built through
        // a Buffer, so the report's first read does not flatten a rope (which would be counted as the report's).
        answer: Buffer.from(`${i} `.padEnd(ANSWER_CHARS, 'About 14 days on a full charge. ')).toString(),
        sources: [{ document_id: '831506272047403', score: 0.8 }],
        assertions: [{ key: 'contains', ok: i % 10 !== 0, detail: i % 10 ? 'all found' : 'missing "14 days"' }],
        latencyMs: 100,
        totalTokens: 100,
      },
    ],
  }));
  return {
    id: 'bench',
    suiteId: 'bench',
    profileId: 'p',
    service: { profileName: 'p', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
    startedAt: 0,
    status: 'done',
    concurrency: 2,
    suite: file,
    planned: attempts.length,
    attempts,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** In the child: build the run, note the memory, write one report one way, print the figures as JSON. */
async function child(report: ReportName, way: 'whole' | 'streamed', path: string) {
  const run = bigRun();
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  try {
    if (way === 'whole') writeFileSync(path, [...REPORTS[report](run)].join(''));
    else await writeReport(path, REPORTS[report](run));
  } catch (error) {
    console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    return;
  }
  const ms = performance.now() - t0;
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ before, peak, ms, bytes: statSync(path).size }));
}

function parent() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-reports-'));
  console.log(
    `\nsuite reports: ${CASES.toLocaleString('en')} cases, ${ANSWER_CHARS / 1000} KB answers — peak memory (max RSS) writing each report`,
  );
  const results: Record<string, unknown> = {};
  try {
    for (const report of Object.keys(REPORTS) as ReportName[]) {
      for (const way of ['whole', 'streamed'] as const) {
        const out = spawnSync(
          process.execPath,
          ['--expose-gc', '--import', 'tsx', import.meta.filename, 'child', report, way, join(dir, `${report}-${way}`)],
          { encoding: 'utf8', maxBuffer: 1 << 20, timeout: 600_000 },
        );
        const line = out.stdout.trim().split('\n').at(-1) ?? '';
        let r: { before?: number; peak?: number; ms?: number; bytes?: number; error?: string } = {};
        try {
          r = JSON.parse(line);
        } catch {
          r = {
            error: `exit ${out.status}${out.signal ? ` (${out.signal})` : ''}: ${out.stderr.trim().split('\n').at(-1)}`,
          };
        }
        results[`${report}-${way}`] = r;
        const label = `${report.padEnd(6)} ${way === 'whole' ? 'before (one string)' : 'now (streamed)     '}`;
        console.log(
          r.error
            ? `  ${label}: failed — ${r.error}`
            : `  ${label}: peak ${mb(r.peak!)} (run in memory ${mb(r.before!)}, report adds ${mb(r.peak! - r.before!)}) · ${(r.ms! / 1000).toFixed(1)} s · file ${mb(r.bytes!)}`,
        );
        rmSync(join(dir, `${report}-${way}`), { force: true });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[2] === 'child') {
  await child(process.argv[3] as ReportName, process.argv[4] as 'whole' | 'streamed', process.argv[5]!);
} else {
  const results = parent();
  const { mkdirSync } = await import('node:fs');
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/suite-reports.json', `${JSON.stringify(results, null, 2)}\n`);
}
