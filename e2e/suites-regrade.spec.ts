import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { shoot } from './support/looks';
import { importSuite } from './support/suites';
import { DOC, SPACE } from './support/demo-ids.mjs';
import { runJsonChunks, RUN_FILE_VERSION, splitAttempt, type AttemptResult, type SuiteRun } from '../src/suite-engine';

/**
 * A kept run judged again with the suite as it is now ("Re-grade with the current suite"): a new run, no
 * completion sent; and a large CLI run (300 cases, the answers in their own file) imported.
 */
const SUITE = {
  name: 'E2E regrade',
  space_id: SPACE.support,
  defaults: { stream: false },
  cases: [
    {
      id: 'battery-life',
      question: 'How long does the Beacon battery last on a full charge?',
      expect: { contains: ['14 days'], cites_document: [DOC.battery.id] },
    },
    { id: 'plus-price', question: 'How much does Beacon Plus cost per month?', expect: { contains: ['$4.99'] } },
  ],
};
const SLOW = { timeout: 30_000 };
const row = (page: Page, id: string) => page.locator(`[data-testid="result-row"][data-case="${id}"]`);

test('re-grade a kept run with an edited expectation: the verdict changes, nothing is sent to the service', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Every completion the page asks the service for (the console is the sandbox's only client here).
  let completions = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/completions/')) completions++;
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./suites');
  await expect(page.getByRole('heading', { level: 1, name: 'Test suites' })).toBeVisible(SLOW);
  await importSuite(page, 'regrade.json', JSON.stringify(SUITE));
  await expect(page.getByRole('heading', { level: 1, name: SUITE.name })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/\/runs\/run-/, SLOW);
  await expect(page.getByTestId('run-summary')).toContainText('done', SLOW);
  await expect(page.getByTestId('count-pass')).toHaveText('2');
  expect(completions).toBe(2);
  const firstRun = page.url();

  // The price expected changes in the editor; the kept run is judged again against it.
  await page.getByRole('link', { name: `← ${SUITE.name}` }).click();
  await page.getByRole('tab', { name: 'Cases' }).click();
  await page.getByRole('textbox', { name: 'Contains, case 2' }).fill('$1.99');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.goto(firstRun);
  await expect(page.getByTestId('run-summary')).toContainText('done', SLOW);
  await page.getByTestId('regrade-run').click();
  await expect(page).not.toHaveURL(firstRun, SLOW);
  await expect(page.getByTestId('regrade-of')).toContainText('nothing was sent to the service');
  await expect(page.getByTestId('count-pass')).toHaveText('1', SLOW);
  await expect(row(page, 'plus-price').locator('td[data-status="fail"]')).toBeVisible();
  await expect(row(page, 'battery-life').locator('td[data-status="pass"]')).toBeVisible();
  // Its case shows the kept answer judged by the new expectation.
  await row(page, 'plus-price').getByRole('button').click();
  const detail = page.getByTestId('case-detail');
  await expect(detail.getByTestId('assertions')).toContainText('missing "$1.99"');
  await expect(detail).toContainText('$4.99');
  await page.keyboard.press('Escape');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await shoot(page, `suites-regraded-${scheme}`);
  }
  expect(completions).toBe(2);
  // Kept as a run of the suite beside the first.
  await page.getByRole('link', { name: `← ${SUITE.name}` }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(2, SLOW);
});

/** A CLI run of `cases` cases as --json writes it (version 2): the run file and its answers file. */
function cliRun(cases: number): { run: string; answers: string; whole: string } {
  const file = {
    name: SUITE.name,
    space_id: SPACE.support,
    cases: Array.from({ length: cases }, (_, i) => ({ id: `case-${i + 1}`, question: `Question ${i + 1}?` })),
  };
  const attempts: AttemptResult[] = file.cases.map((c, i) => ({
    caseId: c.id,
    variantId: 'default',
    repetition: 1,
    status: 'pass',
    sessionId: `s-${i}`,
    startedAt: 1,
    finishedAt: 2,
    turns: [
      {
        question: c.question,
        request: {
          method: 'POST',
          url: 'http://svc/v1/spaces/completions/101',
          body: { session_id: 's', message: c.question },
        },
        status: 'pass',
        answer: `Answer ${i + 1}.`,
        // A service's response as stored (sources with their text): most of a real run's weight.
        response: JSON.stringify({ answer: `Answer ${i + 1}.`, padding: 'x'.repeat(20_000) }),
        sources: [],
        assertions: [{ key: 'answered', ok: true, detail: 'answered' }],
        latencyMs: 10,
      },
    ],
  }));
  const run: SuiteRun = {
    id: 'run-cli',
    suiteId: 'regrade.json',
    profileId: 'command-line',
    service: { profileName: 'command line', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
    startedAt: Date.now(),
    finishedAt: Date.now(),
    status: 'done',
    concurrency: 8,
    suite: file,
    planned: cases,
    attempts,
  };
  const split = attempts.map(splitAttempt);
  return {
    run: [
      ...runJsonChunks(
        { ...run, attempts: split.map((s) => s.light) },
        { version: RUN_FILE_VERSION, answers: 'big.answers.jsonl' },
      ),
    ].join(''),
    answers: split.map((s) => JSON.stringify(s.details)).join('\n'),
    whole: [...runJsonChunks(run)].join(''),
  };
}

test('a 300-case CLI run imports with its answers file (its whole JSON would be over 5 MB)', async ({ page }) => {
  test.setTimeout(120_000);
  const big = cliRun(300);
  // Version 1 would have been one file over the old 5 MB cap; version 2's run file is a small part of it.
  expect(big.whole.length).toBeGreaterThan(5 * 1024 * 1024);
  expect(big.run.length).toBeLessThan(1024 * 1024);
  const file = {
    ...SUITE,
    cases: Array.from({ length: 300 }, (_, i) => ({ id: `case-${i + 1}`, question: `Question ${i + 1}?` })),
  };
  await page.goto('./suites');
  await expect(page.getByRole('heading', { level: 1, name: 'Test suites' })).toBeVisible(SLOW);
  await importSuite(page, 'big.json', JSON.stringify(file));
  await expect(page.getByRole('heading', { level: 1, name: SUITE.name })).toBeVisible(SLOW);
  await page.getByRole('tab', { name: 'Runs' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import a run…' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(big.run) },
    { name: 'big.answers.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(big.answers) },
  ]);
  await expect(page.getByTestId('run-row')).toHaveCount(1, SLOW);
  await expect(page.getByTestId('run-row')).toContainText('300 of 300');
  await expect(page.getByTestId('import-run-no-answers')).toHaveCount(0);
  await page.getByTestId('run-row').getByRole('link').first().click();
  await expect(page.getByTestId('count-pass')).toHaveText('300', SLOW);
  // A case's answer comes from the answers file.
  await row(page, 'case-2').getByRole('button').click();
  await expect(page.getByTestId('case-detail')).toContainText('Answer 2.', SLOW);
});
