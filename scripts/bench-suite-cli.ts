/**
 * The suite CLI's own time per case, without the service: every attempt of a 5,000-case × 8-variant suite finished
 * at once (a zero-latency answer), fed through the CLI's per-case bookkeeping (scripts/suite-progress.ts) and then
 * the end of the run (outcomes, summary, JSON). It must stay flat as cases grow; the old way (every outcome rebuilt
 * after each case) is timed on 500 cases only: it is quadratic, minutes at 5,000.
 */
import {
  checkSuite,
  caseOutcomes,
  outcomeKey,
  planAttempts,
  runToJson,
  summarize,
  type AttemptResult,
  type SuiteRun,
} from '../src/suite-engine';
import { CaseProgress } from './suite-progress';

const VARIANTS = 8;

function fixture(cases: number) {
  const file = {
    name: `bench ${cases}`,
    space_id: '101',
    variants: Array.from({ length: VARIANTS }, (_, i) => ({ id: `v${i + 1}` })),
    cases: Array.from({ length: cases }, (_, i) => ({
      id: `case-${i + 1}`,
      question: `Question ${i + 1}?`,
      relevant_documents: ['831506272047403'],
      expect: { contains: ['14 days'], min_sources: 1 },
    })),
  };
  const checked = checkSuite(file);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  const planned = planAttempts(checked.suite);
  const attempts = planned.map((p): AttemptResult => ({
    ...p,
    status: 'pass',
    sessionId: 's',
    startedAt: 0,
    finishedAt: 0,
    turns: [
      {
        question: 'q',
        request: { method: 'POST', url: 'http://svc', body: { session_id: 's', message: 'q' } },
        status: 'pass',
        answer: 'About 14 days.',
        sources: [{ document_id: '831506272047403', score: 0.8 }],
        assertions: [
          { key: 'contains', ok: true, detail: 'all found' },
          { key: 'min_sources', ok: true, detail: '1 source' },
        ],
        latencyMs: 0,
        totalTokens: 100,
      },
    ],
  }));
  const run: SuiteRun = {
    id: 'bench',
    suiteId: 'bench',
    profileId: 'p',
    service: { profileName: 'p', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
    startedAt: 0,
    status: 'done',
    concurrency: 8,
    suite: file,
    planned: planned.length,
    attempts: [],
  };
  return { suite: checked.suite, planned, attempts, run };
}

function timeNew(cases: number): { perCaseUs: number; endMs: number } {
  const { suite, planned, attempts, run } = fixture(cases);
  const t0 = performance.now();
  const progress = new CaseProgress(suite, planned);
  let lines = 0;
  for (const a of attempts) {
    run.attempts.push(a);
    if (progress.add(a)) lines++;
  }
  const t1 = performance.now();
  summarize(caseOutcomes(suite, run.attempts));
  runToJson({ ...run, status: 'done' });
  const t2 = performance.now();
  if (lines !== cases * VARIANTS) throw new Error(`expected ${cases * VARIANTS} lines, got ${lines}`);
  return { perCaseUs: ((t1 - t0) * 1000) / lines, endMs: t2 - t1 };
}

function timeOld(cases: number): number {
  const { suite, planned, attempts, run } = fixture(cases);
  const remaining = new Map<string, number>();
  for (const p of planned)
    remaining.set(outcomeKey(p.caseId, p.variantId), (remaining.get(outcomeKey(p.caseId, p.variantId)) ?? 0) + 1);
  const t0 = performance.now();
  let lines = 0;
  for (const a of attempts) {
    run.attempts.push(a);
    const key = outcomeKey(a.caseId, a.variantId);
    const left = (remaining.get(key) ?? 1) - 1;
    remaining.set(key, left);
    if (left > 0) continue;
    caseOutcomes(suite, run.attempts, [key]);
    lines++;
  }
  return ((performance.now() - t0) * 1000) / lines;
}

export function benchSuiteCli(): void {
  console.log(`\nsuite CLI, its own time per case × variant (${VARIANTS} variants, zero-latency answers, no network)`);
  for (const cases of [500, 5000]) {
    const { perCaseUs, endMs } = timeNew(cases);
    console.log(
      `  ${cases.toLocaleString('en')} cases × ${VARIANTS}: ${perCaseUs.toFixed(1)} µs per case line; end of run (outcomes, summary, JSON) ${endMs.toFixed(0)} ms`,
    );
  }
  console.log(
    `  before (every outcome rebuilt after each case), 500 cases × ${VARIANTS}: ${timeOld(500).toFixed(1)} µs per case line`,
  );
}
