import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { shoot } from './support/looks';
import { importSuite, loseBatteryDocument } from './support/suites';
import { SCREENSHOTS_TAG } from './support/target';
import { DOC, SPACE } from './support/demo-ids.mjs';

/**
 * The suite as a release gate, for a person to look at: a run's summary with retrieval figures, and a run compared
 * with its baseline (deltas, a regression, an edited case), light and dark. Behaviour is checked by suites.spec.ts.
 */
const SUITE = {
  name: 'Beacon release gate',
  space_id: SPACE.support,
  repeat: 2,
  pass_at_least: 1,
  gate: { min_pass_rate: 0.6, min_hit_rate: 0.5 },
  cases: [
    {
      id: 'battery-life',
      question: 'How long does the Beacon battery last on a full charge?',
      relevant_documents: [DOC.battery.id],
      expect: { contains: ['14 days'], cites_document: [DOC.battery.id] },
    },
    {
      id: 'plus-price',
      question: 'How much does Beacon Plus cost per month?',
      relevant_documents: [DOC.pricing.id],
      expect: { similar_to: { text: 'Beacon Plus costs $4.99 per month.', min: 0.1 } },
    },
    {
      id: 'return-window',
      question: 'How many days do I have to return a Beacon kit for a full refund?',
      relevant_documents: [DOC.returns.id],
      expect: { contains: ['30 days'] },
    },
  ],
};
const SLOW = { timeout: 30_000 };

async function run(page: Page) {
  await page.getByTestId('run-suite').click();
  await expect(page).toHaveURL(/\/runs\/run-/, SLOW);
  await expect(page.getByTestId('run-summary').locator('[data-run-status="done"]')).toBeVisible(SLOW);
}

/** Light and dark at 1280 × 860, and the light page's content alone (no header, no nav) for docs/images. */
async function both(page: Page, name: string, height: number) {
  // Before any switch of scheme: the page is settled in light (a switch animates colours for a moment).
  const dir = resolve(process.env.SHOTS_DIR ?? 'test-results/screenshots');
  await page.screenshot({ path: resolve(dir, `${name}-docs.png`), clip: { x: 232, y: 60, width: 1048, height } });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await shoot(page, `${name}-${scheme}`, { fullPage: false });
  }

  await page.emulateMedia({ colorScheme: 'light' });
}

test(
  'screenshots of the release gate: run summary and baseline comparison',
  { tag: SCREENSHOTS_TAG },
  async ({ page, sandbox }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('./suites');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
    await importSuite(page, 'gate.json', JSON.stringify(SUITE));
    await expect(page.getByRole('heading', { level: 1, name: SUITE.name })).toBeVisible(SLOW);
    const suiteUrl = page.url();
    await run(page);
    await expect(page.getByTestId('hit-rate')).toBeVisible();
    await both(page, 'suite-gate-run', 590);
    await page.getByTestId('mark-baseline').click();
    await expect(page.getByTestId('is-baseline')).toBeVisible();
    // The service loses the battery document (a regression); the suite's return-window check is corrected (edited).
    await loseBatteryDocument(sandbox, SUITE.cases[0]!.question);
    await page.goto(suiteUrl);
    await page.getByRole('textbox', { name: 'Contains, case 3' }).fill('45 days');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await run(page);
    await page.getByTestId('compare-baseline').click();
    await expect(page.getByTestId('baseline-report').getByTestId('regressions')).toContainText('battery-life', SLOW);
    await both(page, 'suite-gate-compare', 560);
  },
);
