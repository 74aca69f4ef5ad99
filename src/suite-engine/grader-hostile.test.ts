import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../lib/test-support/http-server';
import { gradeRubric, parseVerdict, rubricOutcome } from './grader';

/** The grader as a hostile service may answer it: a reply of 300,000 `{`, one that never ends, one that echoes. */
let server: TestServer | undefined;
afterEach(() => server?.close());

const input = { question: 'q', answer: 'a', rubric: 'r' };

describe('the grader against hostile replies', () => {
  it('parses a reply of 300,000 `{` (or of backticks) in one pass: no verdict, no quadratic scan', () => {
    expect(parseVerdict('{'.repeat(300_000))).toBeUndefined();
    expect(parseVerdict('```'.repeat(100_000))).toBeUndefined();
    // The same verdicts as before are still found: bare, fenced, amid prose.
    expect(parseVerdict('{"pass": true, "reason": "ok"}')).toEqual({ pass: true, reason: 'ok' });
    expect(parseVerdict('Sure.\n```json\n{"pass": false, "reason": "no"}\n```')).toEqual({ pass: false, reason: 'no' });
    expect(parseVerdict('I think {"pass": "true", "reason": "x"} is right')).toEqual({ pass: true, reason: 'x' });
  });

  it('stops reading a reply over READ_BOUNDS.graderReplyBytes, naming the cap, against a local test server', async () => {
    let closed = false;
    server = await startServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.on('close', () => (closed = true));
      const piece = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (res.write(piece)) if (closed) return;
        if (!closed) res.once('drain', pump);
      };
      pump();
    });
    await expect(gradeRubric({ url: server.url, model: 'm' }, input)).rejects.toThrow(
      "the grader's reply is over 4 MB: the reading stopped there (READ_BOUNDS)",
    );
  });

  it('masks the key and a password in the grader URL in what the assertion keeps, against a local test server', async () => {
    server = await startServer((req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`denied ${req.headers.authorization}`);
    });
    const url = new URL(server.url);
    url.username = 'u';
    url.password = 'url-PASS-1';
    const outcome = await rubricOutcome({ url: url.href, model: 'm', key: 'KEY-99' }, input);
    expect(JSON.stringify(outcome)).not.toMatch(/url-PASS-1|KEY-99/);
  });
});
