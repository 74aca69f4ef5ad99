import { describe, expect, it } from 'vitest';
import type { SuiteFile } from './suite-file';
import { runToHtml } from './report-html';
import type { SuiteRun } from './types';

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
