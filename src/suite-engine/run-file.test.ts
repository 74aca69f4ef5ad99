import { describe, expect, it } from 'vitest';
import { readBaselineJson } from './baseline';
import { runJsonChunks, runToJson } from './export';
import { GraderCache, graderCacheKey, graderCacheOf } from './grader-cache';
import { checkSuite, type SuiteFile } from './suite-file';
import { regradeRun } from './regrade';
import { answersFileOf, linesOf, readRunFile, RUN_FILE_VERSION, splitAttempt } from './run-file';
import type { AttemptResult, SuiteRun } from './types';

const file: SuiteFile = {
  name: 'Kept',
  space_id: '101',
  cases: [
    { id: 'price', question: 'Price?', expect: { contains: ['$4.99'] } },
    { id: 'graded', question: 'Battery?', expect: { rubric: 'Says "14 days".' } },
  ],
};

const attempt = (caseId: string, question: string, answer: string, rubric?: 'pass' | 'fail'): AttemptResult => ({
  caseId,
  variantId: 'default',
  repetition: 1,
  status: 'pass',
  sessionId: `s-${caseId}`,
  startedAt: 1,
  finishedAt: 2,
  turns: [
    {
      question,
      request: { method: 'POST', url: 'http://svc/c', body: { session_id: 's', message: question } },
      status: 'pass',
      answer,
      response: JSON.stringify({ answer }),
      sources: [{ document_id: '7', score: 0.8 }],
      assertions: rubric
        ? [{ key: 'rubric', ok: rubric === 'pass', verdict: rubric, reason: 'r', detail: `${rubric}: r` }]
        : [{ key: 'contains', ok: true, detail: 'all found' }],
      latencyMs: 50,
    },
  ],
});

const run = (
  attempts = [attempt('price', 'Price?', 'It is $4.99.'), attempt('graded', 'Battery?', '14 days', 'pass')],
): SuiteRun => ({
  id: 'run-1',
  suiteId: 's',
  profileId: 'p',
  service: { profileName: 'p', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
  startedAt: 1,
  status: 'done',
  concurrency: 1,
  suite: file,
  planned: 2,
  attempts,
  grader: { model: 'judge-1' },
});

/** The run as the CLI writes it: light attempts in the run file, each one's details a line of the answers file. */
function written(r: SuiteRun) {
  const split = r.attempts.map(splitAttempt);
  const text = [
    ...runJsonChunks(
      { ...r, attempts: split.map((s) => s.light) },
      { version: RUN_FILE_VERSION, answers: 'out.answers.jsonl' },
    ),
  ].join('');
  return { text, answers: split.map((s) => JSON.stringify(s.details)).join('\n') };
}

describe('the run file reader', () => {
  it('reads a version-1 file (every answer inside) as it was written', () => {
    const read = readRunFile(runToJson(run()));
    expect(read.ok && read.run.attempts).toEqual(run().attempts);
    expect(read.ok && read.withoutAnswers).toBe(0);
  });

  it('reads a version-2 file with its answers file back to the same run, and without it, its answers missing', () => {
    const { text, answers } = written(run());
    // The run file holds no answer, request or response; its answers file does.
    expect(text).not.toContain('It is $4.99.');
    expect(answers).toContain('It is $4.99.');
    const whole = readRunFile(text, linesOf(answers));
    expect(whole.ok && whole.run.attempts).toEqual(run().attempts);
    expect(whole.ok && whole.answersFile).toBe('out.answers.jsonl');
    const alone = readRunFile(text);
    expect(alone.ok && alone.withoutAnswers).toBe(2);
    expect(alone.ok && alone.run.attempts[0]!.turns[0]!.assertions).toEqual(run().attempts[0]!.turns[0]!.assertions);
    // A line cut by a crash is skipped, not a refusal.
    const cut = readRunFile(text, linesOf(`${answers.slice(0, -5)}`));
    expect(cut.ok && cut.withoutAnswers).toBe(1);
    expect(readRunFile('{"format":"other"}')).toMatchObject({ ok: false });
    expect(answersFileOf('dir/out.json')).toBe('dir/out.answers.jsonl');
  });

  it('gives a baseline its answers from the answers file, so an edited case is judged again', () => {
    const { text, answers } = written(run());
    expect(readBaselineJson(text, linesOf(answers))).toMatchObject({ ok: true });
    const side = readBaselineJson(text, linesOf(answers));
    expect(side.ok && side.side.cases.map((c) => c.status)).toEqual(['pass', 'pass']);
  });
});

describe('grader verdicts kept for a re-grade', () => {
  it('keys a verdict by model, rubric, question and answer', () => {
    const g = { model: 'm', rubric: 'r', question: 'q', answer: 'a' };
    expect(graderCacheKey(g)).toBe(graderCacheKey({ ...g }));
    for (const other of [{ model: 'm2' }, { rubric: 'r2' }, { question: 'q2' }, { answer: 'a2' }])
      expect(graderCacheKey({ ...g, ...other })).not.toBe(graderCacheKey(g));
    const cache = new GraderCache();
    cache.put(g, { key: 'rubric', ok: false, verdict: 'error', detail: 'grader error' });
    expect(cache.size).toBe(0);
  });

  it("holds a run's graded answers when the run names its grader model, and none when it does not", () => {
    const cache = graderCacheOf(run());
    expect(cache.size).toBe(1);
    expect(
      cache.get({ model: 'judge-1', rubric: 'Says "14 days".', question: 'Battery?', answer: '14 days' }),
    ).toMatchObject({ verdict: 'pass' });
    expect(graderCacheOf({ ...run(), grader: undefined }).size).toBe(0);
  });

  it('re-grades without the grader for an unchanged rubric, and "not graded" for a changed one without a grader', async () => {
    const now = checkSuite({
      ...file,
      cases: [{ ...file.cases[0]!, expect: { contains: ['$1.99'] } }, file.cases[1]!],
    });
    if (!now.ok) throw new Error(now.errors.join());
    const same = await regradeRun({ saved: run(), suite: now.suite });
    expect(same.graderCalls).toBe(0);
    expect(same.cachedVerdicts).toBe(1);
    expect(same.attempts.find((a) => a.caseId === 'price')!.status).toBe('fail');
    expect(same.attempts.find((a) => a.caseId === 'graded')!.status).toBe('pass');
    const edited = checkSuite({
      ...file,
      cases: [file.cases[0]!, { ...file.cases[1]!, expect: { rubric: 'Says "2 days".' } }],
    });
    if (!edited.ok) throw new Error(edited.errors.join());
    const changed = await regradeRun({ saved: run(), suite: edited.suite });
    expect(changed.attempts.find((a) => a.caseId === 'graded')!.turns[0]!.assertions[0]).toMatchObject({
      verdict: 'not_graded',
    });
  });
});
