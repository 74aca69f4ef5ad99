import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoViolations } from './support/axe';
import { importSuite, suiteShots } from './support/suites';

/**
 * Flaky cases in the console: a run lists the cases whose repetitions disagreed (each opens its detail), and the
 * trend marks the cases whose verdict flips from run to run. The runs are CLI `--json` outputs (e2e/support/
 * cli-run.json, a real run against the sandbox) with some verdicts turned, as a service that answers differently
 * from one try to the next would leave them, imported through the runs tab.
 */
const SLOW = { timeout: 30_000 };

interface Turn {
  status: string;
  assertions: { ok: boolean; detail: string }[];
}
interface CliRun {
  run: {
    startedAt: number;
    suite: { name: string };
    attempts: { caseId: string; repetition: number; status: string; turns: Turn[] }[];
  };
}
const template = readFileSync(new URL('./support/cli-run.json', import.meta.url), 'utf8');

/** The CLI run with these attempts (case, repetition) failing their first check, started `at` ms after the first. */
function runWith(at: number, failing: [string, number][]): string {
  const cli = JSON.parse(template) as CliRun;
  cli.run.startedAt += at;
  for (const a of cli.run.attempts) {
    if (!failing.some(([id, rep]) => id === a.caseId && rep === a.repetition)) continue;
    a.status = 'fail';
    a.turns[0]!.status = 'fail';
    a.turns[0]!.assertions[0] = { ...a.turns[0]!.assertions[0]!, ok: false, detail: 'missing the expected words' };
  }
  return JSON.stringify(cli);
}

async function importRun(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import a run…' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
}

test('a run lists its flaky cases; the trend marks the cases that flip from run to run', async ({ page }) => {
  test.setTimeout(90_000);
  const suite = (JSON.parse(template) as CliRun).run.suite;
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./suites');
  await expect(page.getByRole('heading', { level: 1, name: 'Test suites' })).toBeVisible(SLOW);
  await importSuite(page, 'support.json', JSON.stringify(suite));
  await expect(page.getByRole('heading', { level: 1, name: suite.name })).toBeVisible(SLOW);
  await page.getByRole('tab', { name: 'Runs' }).click();

  // battery-life: pass, fail, pass. return-window fails in all three (it never flips). In the last run, plus-price's
  // two repetitions disagree.
  await importRun(page, 'run-1.json', runWith(0, []));
  await expect(page.getByTestId('run-row')).toHaveCount(1, SLOW);
  await importRun(page, 'run-2.json', runWith(60_000, [['battery-life', 1]]));
  await expect(page.getByTestId('run-row')).toHaveCount(2, SLOW);
  // One change is a regression, not a flip: nothing is marked yet.
  await expect(page.getByTestId('flipping-cases')).toHaveCount(0);
  await importRun(page, 'run-3.json', runWith(120_000, [['plus-price', 2]]));
  await expect(page.getByTestId('run-row')).toHaveCount(3, SLOW);

  const flipping = page.getByTestId('flipping-cases');
  await expect(flipping).toContainText('Cases that flip from run to run (1)');
  await expect(flipping.getByTestId('flipping-case')).toHaveCount(1);
  const battery = flipping.getByTestId('flipping-case');
  await expect(battery).toContainText('battery-life');
  await expect(battery).toContainText('2 flips');
  await expect(battery.locator('.mantine-Badge-label')).toHaveText(['pass', 'fail', 'pass']);
  await expectNoViolations(page, 'runs with flipping cases');
  await suiteShots(page, 'trend-flipping');

  // The newest run: plus-price passed once of twice.
  await page.getByTestId('run-row').first().getByRole('link').click();
  const flaky = page.getByTestId('flaky-cases');
  await expect(flaky).toContainText('Flaky cases (1)', SLOW);
  await expect(flaky.getByTestId('flaky-case')).toHaveText(['plus-price · 1 of 2 passed']);
  await expectNoViolations(page, 'run page with a flaky case');
  await suiteShots(page, 'run-flaky');
  await flaky.getByRole('button', { name: 'plus-price' }).click();
  await expect(page.getByRole('dialog')).toContainText('plus-price', SLOW);

  // An older run whose repetitions agreed lists none.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: `← ${suite.name}` }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(3, SLOW);
  await page.getByTestId('run-row').last().getByRole('link').click();
  await expect(page.getByTestId('run-summary')).toBeVisible(SLOW);
  await expect(page.getByTestId('flaky-cases')).toHaveCount(0);
});
