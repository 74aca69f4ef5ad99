import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPACE } from '../e2e/support/demo-ids.mjs';
import { runSuite, useSandboxAndDir } from './test-support/suite-cli';
import { readRunFileAt } from './suite-answers';

/**
 * `npm run suite -- FILE --regrade RUN.json` as CI runs it: a run made through a counting proxy in front of a real
 * sandbox and graded by a local OpenAI-compatible grader, then judged again with the suite edited. The proxy and
 * the grader count what they see: a re-grade sends no completion, and asks the grader only for a changed rubric.
 */
const SLOW = 120_000;
const TOKEN = 'regrade-token-4b1e';

let proxy: Server;
let proxyUrl: string;
let grader: Server;
let graderUrl: string;
const seen = { completions: 0, graded: [] as string[] };

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const at = useSandboxAndDir(TOKEN, 'kc-suite-regrade-');

beforeAll(async () => {
  const target = new URL(at.sandbox.baseUrl);
  // Forwards everything to the sandbox, counting the completions it passes on.
  proxy = createServer((req, res) => {
    if (req.method === 'POST' && /completion/.test(req.url ?? '')) seen.completions++;
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname.replace(/\/$/, '')}${req.url}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  proxyUrl = await listen(proxy);
  // Passes an answer that holds the rubric's quoted phrase; keeps each rubric it was asked about.
  grader = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const user = (JSON.parse(body) as { messages: { content: string }[] }).messages[1]!.content;
      const rubric = /Rubric:\n(.*)\n/.exec(user)?.[1] ?? '';
      seen.graded.push(rubric);
      const phrase = /"([^"]+)"/.exec(rubric)?.[1] ?? '\u0000';
      const pass = user.split('\nAnswer:\n')[1]!.includes(phrase);
      const content = JSON.stringify({ pass, reason: pass ? `It says ${phrase}.` : `It never says ${phrase}.` });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  graderUrl = `${await listen(grader)}/v1`;
}, 40_000);
afterAll(async () => {
  await Promise.all([proxy, grader].map((s) => s && new Promise((r) => s.close(r))));
});

const suite = (args: string[]) => runSuite(args, { KC_TOKEN: TOKEN });

const file = (
  name: string,
  price: string,
  rubric: string,
  returnQuestion = 'How many days do I have to return a Beacon kit for a full refund?',
) => {
  const path = join(at.dir, name);
  writeFileSync(
    path,
    JSON.stringify({
      name: 'Regraded',
      space_id: SPACE.support,
      defaults: { stream: false },
      variants: [{ id: 'json' }, { id: 'streamed', options: { stream: true } }],
      cases: [
        {
          id: 'battery-life',
          question: 'How long does the Beacon battery last on a full charge?',
          expect: { rubric: 'The answer must say "14 days".' },
        },
        { id: 'plus-price', question: 'How much does Beacon Plus cost per month?', expect: { contains: [price] } },
        {
          id: 'return-window',
          question: returnQuestion,
          expect: { contains: ['45 days'], rubric },
        },
      ],
    }),
  );
  return path;
};
const GRADER = ['--grader-url', '', '--grader-model', 'judge-1'];
const graderFlags = () => ((GRADER[1] = graderUrl), GRADER);
const readRun = (path: string) => {
  const read = readRunFileAt(path, readFileSync(path, 'utf8'));
  if (!read.ok) throw new Error(read.error);
  return read;
};

describe('npm run suite --regrade', () => {
  it(
    'judges the saved answers against the edited suite: no completion sent, no grader call for unchanged rubrics, a changed expectation changes the verdict',
    async () => {
      const first = join(at.dir, 'first.json');
      const made = await suite([
        file('suite.json', '$4.99', 'The answer must say "45 days".'),
        '--base-url',
        proxyUrl,
        '--json',
        first,
        ...graderFlags(),
      ]);
      expect(made.code, made.stdout + made.stderr).toBe(0);
      const sent = seen.completions;
      expect(sent).toBe(6);
      expect(seen.graded).toHaveLength(4);
      // Version 2: the answers beside the run file, the run file without them.
      expect(readFileSync(first, 'utf8')).not.toContain('$4.99 per month');
      expect(readFileSync(join(at.dir, 'first.answers.jsonl'), 'utf8')).toContain('$4.99 per month');

      // The price expected is now another: judged again on the kept answers, it fails; nothing else is asked.
      const regraded = join(at.dir, 'regraded.json');
      const html = join(at.dir, 'regraded.html');
      const out = await suite([
        file('edited.json', '$1.99', 'The answer must say "45 days".'),
        '--regrade',
        first,
        '--json',
        regraded,
        '--html',
        html,
        ...graderFlags(),
      ]);
      expect(out.code, out.stdout + out.stderr).toBe(1);
      expect(seen.completions).toBe(sent);
      expect(seen.graded).toHaveLength(4);
      expect(out.stdout).toContain('nothing is sent to the service');
      expect(out.stdout).toContain('grader asked for 0 rubric(s), 4 answered by kept verdicts');
      expect(out.stdout).toMatch(/^FAIL {2}plus-price \[json\]/m);
      expect(out.stdout).toContain('question: contains: missing "$1.99"');
      expect(out.stdout).toMatch(/^PASS {2}battery-life \[streamed\]/m);
      const run = readRun(regraded);
      expect(run.run.regradeOf).toBe(readRun(first).run.id);
      expect(run.raw.summary).toMatchObject({ total: 6, passed: 4, failed: 2 });
      // A normal run: its answers kept beside it, its report showing them.
      expect(run.run.attempts.find((a) => a.caseId === 'plus-price')!.turns[0]!.answer).toContain('$4.99 per month');
      expect(readFileSync(html, 'utf8')).toContain('$4.99 per month');

      // Judged again with the first run as baseline: the edited case is a regression of the expectation, named.
      const gated = await suite([
        file('edited.json', '$1.99', 'The answer must say "45 days".'),
        '--regrade',
        regraded,
        '--baseline',
        first,
        ...graderFlags(),
      ]);
      expect(gated.stdout).toContain('against the baseline');
      expect(seen.completions).toBe(sent);
      expect(seen.graded).toHaveLength(4);
    },
    SLOW,
  );

  it(
    'asks the grader only for a changed rubric, and leaves a case whose question changed not run, said so',
    async () => {
      const first = join(at.dir, 'second.json');
      const made = await suite([
        file('suite2.json', '$4.99', 'The answer must say "45 days".'),
        '--base-url',
        proxyUrl,
        '--json',
        first,
        ...graderFlags(),
      ]);
      expect(made.code, made.stdout + made.stderr).toBe(0);
      const sent = seen.completions;
      const graded = seen.graded.length;
      const out = await suite([
        file('rubric.json', '$4.99', 'The answer must say "30 days".'),
        '--regrade',
        first,
        ...graderFlags(),
      ]);
      expect(seen.completions).toBe(sent);
      // Two variants of the changed rubric: two calls, both about it; the unchanged rubric's verdicts were kept.
      expect(seen.graded.slice(graded)).toEqual(['The answer must say "30 days".', 'The answer must say "30 days".']);
      expect(out.stdout).toContain('grader asked for 2 rubric(s), 2 answered by kept verdicts');
      expect(out.stdout).toMatch(/^FAIL {2}return-window \[json\]/m);
      expect(out.code).toBe(1);

      // Another question: the kept answers answer the old one, so the case is not run (and not graded).
      const asked = await suite([
        file('question.json', '$4.99', 'The answer must say "45 days".', 'Can I return an opened Beacon kit?'),
        '--regrade',
        first,
      ]);
      expect(asked.stdout).toContain('NOT RE-GRADED return-window [json]: its question changed');
      expect(asked.stdout).toContain('2 not run');
      expect(asked.stderr).toContain('could not judge: 2 case(s) could not be re-graded from the saved answers');
      expect(asked.code).toBe(3);
      expect(seen.completions).toBe(sent);
    },
    SLOW,
  );
});
