import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { test, expect } from './fixtures';
import { shoot } from './support/looks';
import { importSuite } from './support/suites';
import { SCREENSHOTS_TAG } from './support/target';
import { SPACE } from './support/demo-ids.mjs';

/**
 * A promptfoo config imported in the console: its tests (inline and from the CSV it names, picked alongside), the
 * report naming each assertion that did not carry over before anything is kept, then the suite, which runs.
 */
const CONFIG = `
description: Beacon from promptfoo
prompts:
  - '{{question}}'
providers:
  - openai:gpt-4.1-mini
defaultTest:
  assert:
    - type: latency
      threshold: 20000
tests:
  - description: battery
    vars:
      question: How long does the Beacon battery last on a full charge?
    assert:
      - type: icontains
        value: 14 days
      - type: similar
        value: The battery lasts fourteen days
        threshold: 0.8
  - file://beacon-tests.csv
`;
const CSV = [
  'question,__expected1,__expected2,__description',
  '"How much does Beacon Plus cost per month?","contains: $4.99 per month","javascript: output.length < 2000",plus-price',
  '"When does pairing mode time out on the Display?","contains-any: 10 minutes,ten minutes","is-json",pairing',
].join('\n');
const SLOW = { timeout: 30_000 };

async function openConfig(page: Page) {
  await page.goto('./suites');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
  await importSuite(page, 'promptfooconfig.yaml', CONFIG, 'application/yaml');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('promptfooconfig.yaml');
  // The config names a CSV the browser was not given: the dialog says so and lets it be picked.
  await expect(dialog.getByTestId('other-import-problems')).toContainText(
    '"file://beacon-tests.csv" could not be read',
  );
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByTestId('other-import-files').click();
  await (await chooser).setFiles({ name: 'beacon-tests.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await dialog.getByTestId('other-import-space').fill(SPACE.support);
  return dialog;
}

test('a promptfoo config imports with the report of skipped assertions, runs, and exports back to promptfoo', async ({
  page,
  sandbox,
}) => {
  const dialog = await openConfig(page);
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('3 cases, 6 assertions mapped');
  const skipped = report.getByTestId('import-skipped').getByRole('listitem');
  await expect(skipped).toHaveCount(3);
  await expect(skipped.nth(0)).toContainText("battery · similar — promptfoo's similar is an embedding cosine");
  await expect(skipped.nth(1)).toContainText('plus-price · javascript — code assertions are not run by the console');
  await expect(skipped.nth(2)).toContainText('pairing · is-json — no assertion of this meaning in the suite');
  await dialog.getByTestId('other-import-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beacon from promptfoo' })).toBeVisible(SLOW);
  await expect(page.getByText(`Space ${SPACE.support} · cases: 3`)).toBeVisible();
  await page.getByTestId('run-suite').click();
  await expect(page).toHaveURL(/\/runs\/run-/, SLOW);
  await expect(page.getByTestId('run-summary').locator('[data-run-status="done"]')).toBeVisible(SLOW);
  await expect(page.getByTestId('count-pass')).toContainText('3');
  await expect(page.getByTestId('count-fail')).toContainText('0 / 0');

  // Back out to promptfoo: the provider posts to the profile's service, the token only as an env reference.
  await page.goto('./suites');
  await page.getByRole('button', { name: 'More actions for Beacon from promptfoo' }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-promptfoo').click();
  const text = readFileSync((await (await download).path())!, 'utf8');
  expect(text).not.toContain(sandbox.token);
  const config = parseYaml(text);
  expect(config.providers[0].config.url).toBe(`${sandbox.baseUrl}/v1/spaces/completions/${SPACE.support}`);
  expect(config.providers[0].config.headers.Authorization).toBe('Bearer {{env.KC_TOKEN}}');
  expect(config.tests.map((t: { description: string }) => t.description)).toEqual(['battery', 'plus-price', 'pairing']);
  expect(config.tests[2].assert).toEqual(
    expect.arrayContaining([
      { type: 'latency', threshold: 20000 },
      { type: 'icontains-any', value: ['10 minutes', 'ten minutes'] },
    ]),
  );
  expect(config.tests[2].assert).toHaveLength(2);
});

test('screenshots of the promptfoo import report', { tag: SCREENSHOTS_TAG }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const dialog = await openConfig(page);
  await expect(dialog.getByTestId('import-skipped').getByRole('listitem')).toHaveCount(3);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await shoot(page, `suite-import-promptfoo-${scheme}`, { fullPage: false });
  }
});
