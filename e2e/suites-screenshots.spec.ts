import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { LOOKS, lookPreferences, shoot } from './support/looks';
import { SCREENSHOTS_TAG } from './support/target';
import { DOC, SPACE } from './support/demo-ids.mjs';
import { importSuite } from './support/suites';

/**
 * The suite pages (list, editor, runs, a run) in light and dark, English and Chinese, 1280 and 420 px wide, written
 * to test-results/screenshots/ for a person to look at. Their behaviour is checked by suites.spec.ts.
 */
const SUITE = {
  name: 'Beacon answers',
  space_id: SPACE.support,
  cases: [
    {
      id: 'battery-life',
      question: 'How long does the Beacon battery last on a full charge?',
      expect: { contains: ['14 days'], cites_document: [DOC.battery.id] },
    },
    { id: 'plus-price', question: 'How much does Beacon Plus cost per month?', expect: { contains: ['$4.99'] } },
    { id: 'return-window', question: 'How many days do I have to return a Beacon kit?', expect: { contains: ['30'] } },
  ],
};

const SLOW = { timeout: 30_000 };

async function run(page: Page) {
  await page.getByTestId('run-suite').click();
  await expect(page).toHaveURL(/\/runs\/run-/, SLOW);
  await expect(page.getByTestId('run-summary').locator('[data-run-status="done"]')).toBeVisible(SLOW);
}

for (const look of LOOKS) {
  test(`screenshots of the suite pages: ${look.scheme}, ${look.locale}`, { tag: SCREENSHOTS_TAG }, async ({ page }) => {
    test.setTimeout(150_000);
    await lookPreferences(page, look);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('./suites');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
    await importSuite(page, 'beacon.json', JSON.stringify(SUITE));
    await expect(page.getByRole('heading', { level: 1, name: SUITE.name })).toBeVisible(SLOW);
    const suiteUrl = page.url();
    await run(page);
    await page.goto(suiteUrl);
    await run(page);
    const runUrl = page.url();
    for (const width of [1280, 420]) {
      await page.setViewportSize({ width, height: 900 });
      const tag = `${look.scheme}-${look.locale}-${width}`;
      await page.goto('./suites');
      await expect(page.getByTestId('suite-list')).toBeVisible(SLOW);
      await shoot(page, `suite-list-${tag}`);
      await page.goto(suiteUrl);
      await expect(page.getByTestId('case-row')).toHaveCount(3, SLOW);
      await page.getByTestId('case-row').first().getByRole('textbox').first().fill('battery');
      await shoot(page, `suite-editor-${tag}`);
      await page.goto('./suites/new');
      await expect(page.getByTestId('run-blocked')).toBeVisible(SLOW);
      await shoot(page, `suite-new-${tag}`);
      await page.goto(`${suiteUrl}?tab=runs`);
      await expect(page.getByTestId('trend-chart').locator('canvas')).toBeVisible(SLOW);
      await shoot(page, `suite-runs-${tag}`);
      await page.goto(runUrl);
      await expect(page.getByTestId('result-row').first()).toBeVisible(SLOW);
      await shoot(page, `suite-run-${tag}`);
    }
  });
}
