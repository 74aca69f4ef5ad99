import { afterEach, describe, expect, it } from 'vitest';
import { checkSuite, SUITE_BOUNDS, type Suite, type SuiteFile } from './suite-file';
import {
  closedPortUrl,
  json,
  profileFor,
  startServer,
  type Received,
  type TestServer,
} from '../lib/test-support/http-server';
import { runToCsv, runToJson, runToJunit } from './export';
import { GRADER_BOUNDS, parseVerdict, retryWaitMs } from './grader';
import { newRun } from './new-run';
import { runToHtml } from './report-html';
import { caseOutcomes } from './results';
import { runSuite } from './run';
import type { AssertionOutcome } from './types';

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

const KEY = 'grader-KEY-never-shown-42';

const FILE = {
  name: 'Graded',
  space_id: '101',
  defaults: { stream: false },
  cases: [
    { id: 'right', question: 'How long does the battery last?', expect: { rubric: 'Says the battery lasts 14 days.' } },
    { id: 'wrong', question: 'How long is the warranty?', expect: { rubric: 'Says the warranty is two years.' } },
  ],
};
const suite = (() => {
  const checked = checkSuite(FILE);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.suite as Suite;
})();

/** The knowledge service: an answer per question. */
async function service(): Promise<TestServer> {
  const s = await startServer((req, res) => {
    const message = (JSON.parse(req.body) as { message: string }).message;
    json(res, 200, {
      message_id: '1',
      user_message: message,
      assistant_message: message.includes('battery') ? 'It lasts about 14 days.' : 'One year.',
      document_chunks: [],
    });
  });
  servers.push(s);
  return s;
}

/** A local OpenAI-compatible grader: passes an answer that mentions "14 days", in the reply shape `reply` makes. */
async function graderServer(reply: (pass: boolean, req: Received) => { status: number; body: unknown }) {
  const s = await startServer((req, res) => {
    const body = JSON.parse(req.body) as { messages: { role: string; content: string }[] };
    const user = body.messages.find((m) => m.role === 'user')!.content;
    const r = reply(/Answer:\n.*14 days/s.test(user), req);
    json(res, r.status, r.body);
  });
  servers.push(s);
  return s;
}

const chat = (content: string) => ({ choices: [{ index: 0, message: { role: 'assistant', content } }] });
const verdictReply = (pass: boolean) => ({
  status: 200,
  body: chat(JSON.stringify({ pass, reason: pass ? 'It says 14 days.' : 'It does not say two years.' })),
});

async function run(grader?: { url: string; model: string; key?: string; timeoutMs?: number }) {
  const svc = await service();
  const profile = profileFor(svc.url);
  const out = await runSuite({ suite, profile, concurrency: 1, grader });
  const outcomes = caseOutcomes(suite, out.attempts);
  const rubric = (id: string) =>
    outcomes.find((o) => o.caseId === id)!.attempts[0]!.turns[0]!.assertions.find((a) => a.key === 'rubric')!;
  return { out, outcomes, rubric, profile };
}

const status = (outcomes: { caseId: string; status: string }[], id: string) =>
  outcomes.find((o) => o.caseId === id)!.status;

describe('expect.rubric graded by an LLM', () => {
  it('the suite file takes a rubric as a non-empty string of at most SUITE_BOUNDS.rubricMaxLength characters', () => {
    const withRubric = (rubric: unknown) =>
      checkSuite({ ...FILE, cases: [{ id: 'a', question: 'q', expect: { rubric } }] });
    expect(withRubric('Names the return window.').ok).toBe(true);
    const long = withRubric('x'.repeat(SUITE_BOUNDS.rubricMaxLength + 1));
    expect(long.ok ? [] : long.errors).toEqual([
      `cases[0].expect.rubric: must be at most ${SUITE_BOUNDS.rubricMaxLength} characters (case "a")`,
    ]);
    const empty = withRubric('');
    expect(empty.ok ? [] : empty.errors).toEqual(['cases[0].expect.rubric: must not be empty (case "a")']);
  });

  it('passes and fails on the verdict, keeping verdict and reason, against a local OpenAI-compatible test server', async () => {
    const g = await graderServer(verdictReply);
    const { outcomes, rubric } = await run({ url: `${g.url}/v1`, model: 'judge-1', key: KEY });
    expect(status(outcomes, 'right')).toBe('pass');
    expect(status(outcomes, 'wrong')).toBe('fail');
    expect(rubric('right')).toMatchObject<Partial<AssertionOutcome>>({
      ok: true,
      verdict: 'pass',
      reason: 'It says 14 days.',
    });
    expect(rubric('wrong')).toMatchObject({ ok: false, verdict: 'fail', reason: 'It does not say two years.' });
    // The request: the chat completions path, the model, temperature 0, the key as a bearer token.
    const sent = g.received[0]!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = JSON.parse(sent.body) as { model: string; temperature: number; messages: { content: string }[] };
    expect(body).toMatchObject({ model: 'judge-1', temperature: 0 });
    expect(body.messages[0]!.content).toMatch(/"pass"/);
    expect(body.messages[1]!.content).toContain('Says the battery lasts 14 days.');
  });

  it('without a grader a rubric is "not graded" and the case fails, never passes', async () => {
    const { outcomes, rubric } = await run();
    expect(status(outcomes, 'right')).toBe('fail');
    expect(rubric('right')).toMatchObject({ ok: false, verdict: 'not_graded', detail: 'not graded (no grader)' });
  });

  it("a grader error is that assertion's error naming the cause, against a local OpenAI-compatible test server", async () => {
    const down = await graderServer(() => ({ status: 500, body: { error: { message: 'model crashed' } } }));
    let r = await run({ url: down.url, model: 'm' });
    expect(r.rubric('right')).toMatchObject({ ok: false, verdict: 'error' });
    expect(r.rubric('right').detail).toMatch(/grader error: the grader answered HTTP 500: .*model crashed/);
    // The grader's outage is the case's error (it could not be judged), never its failure.
    expect(status(r.outcomes, 'right')).toBe('error');
    expect(r.outcomes.find((o) => o.caseId === 'right')!.attempts[0]!.turns[0]!.error).toMatchObject({
      kind: 'grader',
    });
    // A 500 is not asked again: one call per case.
    expect(down.received).toHaveLength(2);

    const prose = await graderServer(() => ({ status: 200, body: chat('I think it is fine.') }));
    r = await run({ url: prose.url, model: 'm' });
    expect(r.rubric('right').detail).toMatch(/holds no \{"pass", "reason"\} verdict: I think it is fine/);

    r = await run({ url: await closedPortUrl(), model: 'm' });
    expect(r.rubric('right').detail).toMatch(
      /grader error: the grader could not be reached \(http:\/\/127\.0\.0\.1:\d+\/chat\/completions\)/,
    );
  });

  it('a 429 or 503 is asked again after its Retry-After, 3 calls at most, against a local OpenAI-compatible test server', async () => {
    // Busy once per question, then a verdict: both cases judged as if the grader had never been busy.
    let calls = 0;
    const busyOnce = await startServer((req, res) => {
      calls++;
      if (calls % 2 === 1) {
        res.setHeader('retry-after', '0');
        return json(res, 429, { error: { message: 'rate limited' } });
      }
      const user = (JSON.parse(req.body) as { messages: { content: string }[] }).messages[1]!.content;
      json(res, 200, verdictReply(/Answer:\n.*14 days/s.test(user)).body);
    });
    servers.push(busyOnce);
    let r = await run({ url: busyOnce.url, model: 'm' });
    expect([status(r.outcomes, 'right'), status(r.outcomes, 'wrong')]).toEqual(['pass', 'fail']);
    expect(busyOnce.received).toHaveLength(4);
    // Busy every time: three calls per case, then the case's error naming it.
    const busy = await startServer((_req, res) => {
      res.setHeader('retry-after', '0');
      json(res, 503, { error: { message: 'overloaded' } });
    });
    servers.push(busy);
    r = await run({ url: busy.url, model: 'm' });
    expect(busy.received).toHaveLength(6);
    expect(status(r.outcomes, 'right')).toBe('error');
    expect(r.rubric('right').detail).toMatch(/answered HTTP 503 3 times: .*overloaded/);
  });

  it('Retry-After is read in seconds or as a date and capped at a minute; without it 1 s, then 2 s', () => {
    expect(retryWaitMs('2', 1)).toBe(2000);
    expect(retryWaitMs('3600', 1)).toBe(GRADER_BOUNDS.maxWaitMs);
    expect(retryWaitMs(new Date(10_000).toUTCString(), 1, 5_000)).toBe(5000);
    expect(retryWaitMs(null, 1)).toBe(1000);
    expect(retryWaitMs(null, 2)).toBe(2000);
    expect(GRADER_BOUNDS).toMatchObject({ tries: 3, timeoutMs: 30_000 });
  });

  it('a grader that never answers is a timeout error of the assertion, against a local OpenAI-compatible test server', async () => {
    const silent = await startServer(() => {});
    servers.push(silent);
    const { rubric } = await run({ url: silent.url, model: 'm', timeoutMs: 200 });
    expect(rubric('right')).toMatchObject({ ok: false, verdict: 'error' });
    expect(rubric('right').detail).toMatch(/did not answer within 0.2 s/);
  });

  it('reads a verdict in a ```json fence or amid prose, against a local OpenAI-compatible test server', async () => {
    const g = await graderServer((pass) => ({
      status: 200,
      body: chat(`Here is my verdict:\n\`\`\`json\n{"pass": ${pass}, "reason": "fenced"}\n\`\`\`\nDone.`),
    }));
    const { rubric } = await run({ url: g.url, model: 'm' });
    expect(rubric('right')).toMatchObject({ ok: true, verdict: 'pass', reason: 'fenced' });
    expect(rubric('wrong')).toMatchObject({ ok: false, verdict: 'fail', reason: 'fenced' });
    expect(parseVerdict('{"pass": true, "reason": "bare"}')).toEqual({ pass: true, reason: 'bare' });
    expect(parseVerdict('Verdict: {"pass": false, "reason": "inline"} — end')).toEqual({
      pass: false,
      reason: 'inline',
    });
    expect(parseVerdict('```\n{"pass": "true", "reason": "string bool"}\n```')).toEqual({
      pass: true,
      reason: 'string bool',
    });
    expect(parseVerdict('no verdict here')).toBeUndefined();
    expect(parseVerdict('{"reason": "no pass"}')).toBeUndefined();
  });

  it('a key the grader echoes back is redacted from the assertion, against a local OpenAI-compatible test server', async () => {
    const echo = await graderServer((_pass, req) => ({
      status: 401,
      body: { error: { message: `bad key: ${req.headers.authorization}` } },
    }));
    const { rubric } = await run({ url: echo.url, model: 'm', key: KEY });
    expect(rubric('right').detail).toContain('bad key: Bearer [grader key]');
    expect(JSON.stringify(rubric('right'))).not.toContain(KEY);
  });

  it('every report carries the verdict and reason and never the key, against a local OpenAI-compatible test server', async () => {
    const g = await graderServer(verdictReply);
    const { out, profile } = await run({ url: g.url, model: 'judge-1', key: KEY });
    const kept = newRun({
      suiteId: 's',
      file: FILE as unknown as SuiteFile,
      profile,
      concurrency: 1,
      planned: out.planned.length,
    });
    kept.attempts.push(...out.attempts);
    kept.status = 'done';
    const reports = { json: runToJson(kept), csv: runToCsv(kept), junit: runToJunit(kept), html: runToHtml(kept) };
    for (const [name, text] of Object.entries(reports)) {
      expect(text, name).not.toContain(KEY);
      expect(text, name).toContain('It does not say two years.');
    }
    for (const name of ['json', 'csv', 'junit', 'html'] as const)
      expect(reports[name], name).toContain('It says 14 days.');
    expect(reports.junit).toContain('<property name="rubric_verdict" value="pass"/>');
    expect(reports.csv.split('\n')[0]).toMatch(/,rubric,rubric_verdict,rubric_reason/);
  });
});
