import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { parseSuiteCsv, type SuiteFile } from '../src/suite-engine';
import { expectNoViolations } from './support/axe';
import { shoot } from './support/looks';
import { importSuite } from './support/suites';
import { DOC, SPACE } from './support/demo-ids.mjs';

/**
 * The run page says whether the release may go (the suite's gate, judged as `npm run suite` judges it), and the
 * run's Export gives the CLI's HTML report. Screenshots of the gate in light and dark, at 1280 and 420 px.
 */
const SLOW = { timeout: 30_000 };

const suiteWith = (gate: Record<string, number>, returnsExpect: string) => ({
  name: `Gate ${returnsExpect}`,
  space_id: SPACE.support,
  gate,
  cases: [
    {
      id: 'battery-life',
      question: 'How long does the Beacon battery last on a full charge?',
      relevant_documents: [DOC.battery.id],
      expect: { contains: ['14 days'], cites_document: [DOC.battery.id] },
    },
    {
      id: 'return-window',
      question: 'How many days do I have to return a Beacon kit for a full refund?',
      relevant_documents: [DOC.returns.id],
      expect: { contains: [returnsExpect] },
    },
  ],
});

async function importAndRun(page: Page, suite: ReturnType<typeof suiteWith>) {
  await page.goto('./suites');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
  await importSuite(page, 'gate.json', JSON.stringify(suite));
  await expect(page.getByRole('heading', { level: 1, name: suite.name })).toBeVisible(SLOW);
  await page.getByTestId('run-suite').click();
  await expect(page).toHaveURL(/\/runs\/run-/, SLOW);
  await expect(page.getByTestId('run-summary').locator('[data-run-status="done"]')).toBeVisible(SLOW);
}

async function shots(page: Page, name: string) {
  for (const width of [1280, 420]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await page.getByTestId('run-gate').scrollIntoViewIfNeeded();
      await shoot(page, `suites-${name}-${width}-${scheme}`, { fullPage: false });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the run page shows the gate holding, and Export gives the HTML report with each case', async ({ page }) => {
  test.setTimeout(120_000);
  await importAndRun(page, suiteWith({ min_pass_rate: 0.5, min_hit_rate: 0.5, min_mrr: 0.5 }, '45 days'));
  const gate = page.getByTestId('run-gate');
  await expect(gate).toHaveAttribute('data-gate', 'holds');
  await expect(gate.getByTestId('gate-verdict')).toHaveText('Gate holds');
  // Each required figure, the measured one, holds.
  await expect(gate.locator('[data-gate-figure="min_pass_rate"]')).toContainText(
    /Pass rate\s*at least 50%\s*100%\s*holds/,
  );
  await expect(gate.locator('[data-gate-figure="min_hit_rate"]')).toContainText(
    /Hit rate\s*at least 50%\s*100%\s*holds/,
  );
  await expect(gate.locator('[data-gate-figure="min_mrr"]')).toContainText(/MRR\s*at least 0\.5\s*1\s*holds/);
  await expectNoViolations(page, 'the run page with its gate', '[data-testid="run-gate"]');
  await shots(page, 'gate-holds');

  const download = page.waitForEvent('download');
  await page.getByTestId('run-export').click();
  await page.getByTestId('export-html').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Gate-45-days-.*\.html$/);
  const report = readFileSync((await file.path())!, 'utf8');
  expect(report).toMatch(/^<!doctype html>/);
  expect(report).toContain('<h1>Gate 45 days</h1>');
  expect(report).toContain('<p class="pass">The gate holds.</p>');
  expect(report).toContain('How many days do I have to return a Beacon kit for a full refund?');
  expect(report).toMatch(/Cited documents: [^<]*\b/);
  expect(report).toContain(DOC.battery.id);
  // Self-contained: nothing it would fetch, nothing it would run.
  expect(report).not.toMatch(/<script|<link|<img|<[^>]*\s(?:src|href)=/i);
});

test('the run page shows the gate failing, naming the figure that fails', async ({ page }) => {
  test.setTimeout(120_000);
  // The returns FAQ says 45 days: a case expecting 30 fails.
  await importAndRun(page, suiteWith({ min_hit_rate: 0.5 }, '30 days'));
  const gate = page.getByTestId('run-gate');
  await expect(gate).toHaveAttribute('data-gate', 'fails');
  await expect(gate.getByTestId('gate-verdict')).toHaveText('Gate fails');
  // No pass rate in the suite's gate: every case must pass, as in the CLI. One of two failed.
  await expect(gate.locator('[data-gate-figure="min_pass_rate"]')).toContainText(/at least 100%\s*50%\s*fails/);
  await expect(gate.locator('[data-gate-figure="min_hit_rate"]')).toContainText(/at least 50%\s*100%\s*holds/);
  await shots(page, 'gate-fails');
});

test('a suite exported as CSV (every field) imports back as the same suite', async ({ page }) => {
  test.setTimeout(90_000);
  const suite: SuiteFile = {
    ...suiteWith({ min_pass_rate: 0.5, min_mrr: 0.4 }, '45 days'),
    name: 'CSV round trip',
    repeat: 2,
    pass_at_least: 1,
  };
  suite.cases[0] = {
    ...suite.cases[0]!,
    follow_ups: [{ question: 'And always on, at full brightness?', expect: { contains: ['2 days'] } }],
    k: 3,
  };
  await page.goto('./suites');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
  await importSuite(page, 'round-trip.json', JSON.stringify(suite));
  await expect(page.getByRole('heading', { level: 1, name: suite.name })).toBeVisible(SLOW);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Suite actions' }).click();
  await page.getByTestId('export-suite-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const back = parseSuiteCsv(readFileSync((await file.path())!, 'utf8'), {
    name: suite.name,
    space_id: String(suite.space_id),
  });
  if (!back.ok) throw new Error(back.errors.join('\n'));
  expect(back.file).toEqual(suite);
});
