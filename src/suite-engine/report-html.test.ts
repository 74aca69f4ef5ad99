import { describe, expect, it } from 'vitest';
import { checkSuite, type SuiteFile } from './suite-file';
import { compareWithBaseline, VERDICTS, type BaselineSide } from './compare';
import { runMetrics } from './export';
import { runToHtml } from './report-html';
import { caseOutcomes, summarize } from './results';
import type { AttemptResult, AttemptStatus, SuiteRun, TurnResult } from './types';

describe('the HTML report', () => {
  it('escapes what a suite or an answer can carry and needs nothing from outside', () => {
    const file: SuiteFile = {
      name: '<script>alert(1)</script>',
      space_id: '101',
      cases: [{ id: '"><img src=x onerror=alert(1)>', question: 'q' }],
    };
    const run: SuiteRun = {
      id: 'r',
      suiteId: 's',
      profileId: 'p',
      service: { profileName: 'p', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
      startedAt: 0,
      status: 'done',
      concurrency: 1,
      suite: file,
      planned: 1,
      attempts: [
        {
          caseId: file.cases[0]!.id!,
          variantId: 'default',
          repetition: 1,
          status: 'fail',
          sessionId: 's',
          startedAt: 0,
          finishedAt: 1,
          turns: [
            {
              question: 'q',
              request: { method: 'POST', url: 'u', body: { session_id: 's', message: 'q' } },
              status: 'fail',
              answer: '<b>x</b>',
              sources: [],
              assertions: [{ key: 'contains', ok: false, detail: 'missing "<link href=//evil>"' }],
            },
          ],
        },
      ],
    };
    const page = runToHtml(run);
    expect(page).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(page).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('contains: missing &quot;&lt;link href=//evil&gt;&quot;');
    expect(page).not.toMatch(/<script|<img|<link|<[^>]*\s(?:src|href)=/i);
    expect(page).toMatch(/^<!doctype html>/);
  });
});

describe("the HTML report's baseline comparison", () => {
  const suiteOf = (file: SuiteFile) => {
    const checked = checkSuite(file);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    return checked.suite;
  };
  const attempt = (caseId: string, status: AttemptStatus, answer: string): AttemptResult => ({
    caseId,
    variantId: 'default',
    repetition: 1,
    status,
    sessionId: 's',
    startedAt: 0,
    finishedAt: 1,
    turns: [
      {
        question: 'q',
        request: { method: 'POST', url: 'http://svc', body: { session_id: 's', message: 'q' } },
        status: status === 'pass' || status === 'fail' ? status : 'error',
        answer,
        sources: [],
        assertions: [],
        latencyMs: 100,
        ...(status === 'error' ? { error: { message: 'HTTP 503' } } : {}),
      } as TurnResult,
    ],
  });
  const side = (file: SuiteFile, attempts: AttemptResult[]): BaselineSide => {
    const suite = suiteOf(file);
    const cases = caseOutcomes(suite, attempts);
    return { cases, metrics: runMetrics(summarize(cases)), suite };
  };
  /** The section a verdict's cases are listed in, and the case ids in it. */
  const listed = (page: string, verdict: string) => {
    const m = new RegExp(`<section data-verdict="${verdict}">(.*?)</section>`, 's').exec(page);
    return m
      ? { html: m[1]!, rows: [...m[1]!.matchAll(/<tr data-verdict="[^"]+"><td>([^<]*)/g)].map((x) => x[1]!.trim()) }
      : undefined;
  };

  it('lists each case under its one verdict: a regression (edited, judged again), an error, still failing', () => {
    const then: SuiteFile = {
      name: 'verdicts',
      space_id: '101',
      cases: [
        { id: 'price', question: 'How much is shipping?', expect: { contains: ['$4.99'] } },
        { id: 'down<i>', question: 'Returns?', expect: { contains: ['14 days'] } },
        { id: 'still', question: 'Hours?', expect: { contains: ['9 to 5'] } },
        { id: 'reworded', question: 'Where?', expect: { contains: ['Berlin'] } },
      ],
    };
    // price's expectation is now $5.99: the baseline's kept answer (which failed $4.99) passes it when judged again.
    const now: SuiteFile = {
      ...then,
      cases: [
        { ...then.cases[0]!, expect: { contains: ['$5.99'] } },
        then.cases[1]!,
        then.cases[2]!,
        { ...then.cases[3]!, question: 'Where is the office?' },
      ],
    };
    const baseline = compareWithBaseline(
      side(then, [
        attempt('price', 'fail', 'Shipping is $5.99'),
        attempt('down<i>', 'pass', '14 days'),
        attempt('still', 'fail', 'closed'),
        attempt('reworded', 'pass', 'Berlin'),
      ]),
      side(now, [
        attempt('price', 'fail', 'Shipping is $4.99'),
        attempt('down<i>', 'error', ''),
        attempt('still', 'fail', 'closed'),
        attempt('reworded', 'pass', 'Berlin'),
      ]),
    );
    const run: SuiteRun = {
      id: 'r',
      suiteId: 's',
      profileId: 'p',
      service: { profileName: 'p', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
      startedAt: 0,
      status: 'done',
      concurrency: 1,
      suite: now,
      planned: 4,
      attempts: [],
    };
    const page = runToHtml(run, { baseline });

    const regressions = listed(page, 'regression')!;
    expect(regressions.rows).toEqual(['price']);
    // Marked edited, with its baseline outcome judged again under today's expectation.
    expect(regressions.html).toContain('<span class="edited">edited</span>');
    expect(regressions.html).toContain('ran fail, judged again pass');
    expect(regressions.html).toContain('Regressions (1)');

    // The error is listed apart and escaped; it is not a regression.
    expect(listed(page, 'error')!.rows).toEqual(['down&lt;i&gt;']);
    expect(listed(page, 'error')!.html).toContain('never a regression');
    expect(listed(page, 'still_failing')!.rows).toEqual(['still']);
    // Edited and not judged again: its own section, with why.
    expect(listed(page, 'edited')!.rows).toEqual(['reworded']);
    expect(listed(page, 'edited')!.html).toContain('its question changed');
    expect(listed(page, 'improvement')!.rows).toEqual([]);
    expect(listed(page, 'unchanged')!.rows).toEqual([]);
    // Empty verdicts other than those always shown are left out.
    expect(listed(page, 'not_run')).toBeUndefined();

    // Each case in exactly one section.
    const all = VERDICTS.flatMap((v) => listed(page, v)?.rows ?? []).sort();
    expect(all).toEqual(['down&lt;i&gt;', 'price', 'reworded', 'still']);
    expect(page).toContain('1 regression(s)');
    expect(page).toContain('1 error(s): not judged, listed apart.');
    expect(page).not.toContain('<i>');
  });
});
