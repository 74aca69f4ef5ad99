import { describe, expect, it } from 'vitest';
import { runToJunit } from './export';
import { cutAnswer, REPORT_ANSWER_CHARS } from './report-case';
import { runToHtml } from './report-html';
import type { SuiteFile } from './suite-file';
import type { SuiteRun, TurnResult } from './types';

const QUESTION = 'Is <b>the</b> "return" window & refund 30 days?';
// Hostile text from the service: markup that would run, and more than a report shows.
const HEAD = `</pre></td><script>alert(1)</script><img src=x onerror=alert(2)> & 'quoted'`;
const ANSWER = `${HEAD}${'x'.repeat(REPORT_ANSWER_CHARS - HEAD.length)}TAIL-NOT-SHOWN${'y'.repeat(86)}`;

const file: SuiteFile = {
  name: 'Reports',
  space_id: '101',
  cases: [
    {
      id: 'returns',
      question: QUESTION,
      expect: { contains: ['30 days'] },
      follow_ups: [{ question: 'And for <i>opened</i> kits?' }],
    },
    { id: 'battery', question: 'How long?' },
  ],
};

const turn = (question: string, answer: string, cited: string[], ok: boolean): TurnResult => ({
  question,
  request: { method: 'POST', url: 'u', body: { session_id: 's', message: question } },
  status: ok ? 'pass' : 'fail',
  answer,
  sources: cited.map((document_id) => ({ document_id, score: 0.5 })),
  assertions: [{ key: 'contains', ok, detail: ok ? 'all found' : 'missing "30 days"' }],
});

const run: SuiteRun = {
  id: 'r',
  suiteId: 's',
  profileId: 'p',
  service: { profileName: 'p', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
  startedAt: 0,
  status: 'done',
  concurrency: 1,
  suite: file,
  planned: 2,
  attempts: [
    {
      caseId: 'returns',
      variantId: 'default',
      repetition: 1,
      status: 'fail',
      sessionId: 's1',
      startedAt: 0,
      finishedAt: 1,
      turns: [
        turn(QUESTION, ANSWER, ['831506272047403', '831506272047404', '831506272047403'], false),
        turn('And for <i>opened</i> kits?', 'Opened kits: 14 days.', [], true),
      ],
    },
    {
      caseId: 'battery',
      variantId: 'default',
      repetition: 1,
      status: 'pass',
      sessionId: 's2',
      startedAt: 0,
      finishedAt: 1,
      turns: [turn('How long?', 'About 14 days.', ['7'], true)],
    },
  ],
};

describe('what a report says of each case', () => {
  it('HTML: the question, the answer cut with its note, the cited ids and the failed assertion, all escaped', () => {
    const page = runToHtml(run);
    expect(page).toContain('Is &lt;b&gt;the&lt;/b&gt; &quot;return&quot; window &amp; refund 30 days?');
    expect(page).toContain(
      '&lt;/pre&gt;&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &#39;quoted&#39;',
    );
    expect(page).not.toContain('TAIL-NOT-SHOWN');
    expect(page).toContain(`… (cut at ${REPORT_ANSWER_CHARS} characters of ${ANSWER.length})`);
    expect(page).toContain(`Answers are shown up to ${REPORT_ANSWER_CHARS} characters`);
    expect(page).toContain('Cited documents: 831506272047403, 831506272047404');
    expect(page).toContain('question: contains: missing &quot;30 days&quot;');
    // The follow-up and the passing case are there too.
    expect(page).toContain('<b>follow-up 1</b>: And for &lt;i&gt;opened&lt;/i&gt; kits?');
    expect(page).toContain('About 14 days.');
    expect(page).toContain('Cited documents: 7');
    expect(page).not.toMatch(/<script|<img|<i>|<[^>]*\s(?:src|href|on\w+)=/i);
  });

  it('JUnit: each testcase’s <system-out> has the question, the cut answer, the cited ids and what failed', () => {
    const xml = runToJunit(run);
    const outs = [...xml.matchAll(/<system-out>([^<]*)<\/system-out>/g)].map((m) => m[1]!);
    expect(outs).toHaveLength(2);
    const [returns, battery] = outs;
    expect(returns).toContain('question: Is &lt;b&gt;the&lt;/b&gt; &quot;return&quot; window &amp; refund 30 days?');
    expect(returns).toContain('answer: &lt;/pre&gt;&lt;/td&gt;&lt;script&gt;');
    expect(returns).not.toContain('TAIL-NOT-SHOWN');
    expect(returns).toContain(`… (cut at ${REPORT_ANSWER_CHARS} characters of ${ANSWER.length})`);
    expect(returns).toContain('cited documents: 831506272047403, 831506272047404');
    expect(returns).toContain('follow-up 1: And for &lt;i&gt;opened&lt;/i&gt; kits?');
    expect(returns).toContain('failed:\nrepetition 1: contains: missing &quot;30 days&quot;');
    expect(battery).toBe('question: How long?\nanswer: About 14 days.\ncited documents: 7');
    // In its testcase, after the failure.
    expect(xml).toMatch(/<testcase name="returns"[^>]*>\s*<failure[^>]*>[^<]*<\/failure>\s*<system-out>/);
  });

  it('cuts an answer at REPORT_ANSWER_CHARS, never in half a surrogate pair', () => {
    expect(cutAnswer('short')).toEqual({ text: 'short', cut: false });
    const emoji = `${'a'.repeat(REPORT_ANSWER_CHARS - 1)}😀tail`;
    const { text, cut } = cutAnswer(emoji);
    expect(cut).toBe(true);
    expect(text).toBe('a'.repeat(REPORT_ANSWER_CHARS - 1));
    // And XML never carries half a pair the service sent.
    const lone = {
      ...run,
      attempts: [{ ...run.attempts[1]!, turns: [turn('How long?', 'bad \ud83d end', [], true)] }],
    };
    expect(runToJunit(lone)).toContain('answer: bad \ufffd end');
  });
});
