import { test, expect } from './fixtures';
import { settle } from './support/settle';
import { SCREENSHOTS_TAG } from './support/target';
import { CONVERSATION } from './support/demo-ids.mjs';

test("the header's connection checks are logged; Clear empties the log", async ({ page }) => {
  await page.goto('./activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  // On start the header checks both hosts (this page reads nothing): one read each, of a sandbox demo record.
  await expect(page.getByTestId('activity-row').filter({ hasText: 'connection check' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('empty-state')).toContainText('No calls yet');
  await expect(page.getByRole('button', { name: 'Export as JSON' })).toBeDisabled();
});

test('the Activity page lists the calls made, and its cURL hides the token unless asked', async ({ page, sandbox }) => {
  await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Logged rename');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('conversation-result')).toBeVisible();

  // The log lives in memory: go there without reloading.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const row = page.getByTestId('activity-row').filter({ hasText: `/v1/conversations/${CONVERSATION.amberDisplay}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('PUT');
  await expect(row).toContainText('secondary');
  await expect(row).toContainText('200');
  await expect(row).toContainText('ms');

  // Filters: text and outcome.
  await page.getByRole('textbox', { name: 'Filter' }).fill('no-such-path');
  await expect(page.getByTestId('activity-row')).toHaveCount(0);
  await expect(page.getByText('No call matches the filter.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter' }).fill('conversations');
  await expect(page.getByTestId('activity-row')).toHaveCount(1);
  await page.getByText('Failed', { exact: true }).click();
  await expect(page.getByTestId('activity-row')).toHaveCount(0);
  await page.getByText('All', { exact: true }).click();

  await page.getByRole('button', { name: `Details of PUT /v1/conversations/${CONVERSATION.amberDisplay}` }).click();
  const detail = page.getByTestId('activity-detail');
  await expect(detail).toContainText('Bearer ***');
  await expect(detail).not.toContainText(sandbox.token);
  await expect(page.getByTestId('activity-request-body')).toContainText('"title": "Logged rename"');
  await expect(page.getByTestId('activity-response-body')).toContainText('"name": "Beacon Support Assistant"');

  const curl = page.getByTestId('curl-command');
  await expect(curl).toContainText(
    `curl -sS -X PUT '${sandbox.secondaryUrl}/v1/conversations/${CONVERSATION.amberDisplay}'`,
  );
  await expect(curl).toContainText('Authorization: Bearer ***');
  await expect(curl).not.toContainText(sandbox.token);
  expect(await curl.textContent()).not.toContain('sandbox-demo-token');

  // Only an explicit choice puts the secret in the command, with a warning.
  await page.getByRole('checkbox', { name: 'Include token' }).check();
  await expect(curl).toContainText(`Authorization: Bearer ${sandbox.token}`);
  await expect(detail.getByRole('alert').filter({ hasText: 'secret token' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Include token' }).uncheck();
  await expect(curl).not.toContainText(sandbox.token);

  // Copy as cURL puts the masked command on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy as cURL' }).click();
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  expect(clip).toContain('Bearer ***');
  expect(clip).not.toContain(sandbox.token);
});

test('a failed call shows its status and error, and the log exports as JSON and clears', async ({ page, sandbox }) => {
  await page.goto('./conversations/does-not-exist');
  await page.getByRole('textbox', { name: 'Title' }).fill('x');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('error-state')).toContainText('conversation does-not-exist not found');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity' }).click();

  // The header's connection checks are logged too (their probes answer 404): filter to this call.
  await page.getByRole('textbox', { name: 'Filter' }).fill('does-not-exist');
  await page.getByText('Failed', { exact: true }).click();
  await expect(page.getByTestId('activity-row')).toHaveCount(1);
  const row = page.getByTestId('activity-row');
  await expect(row).toContainText('404');
  await row.click();
  await expect(page.getByTestId('activity-error')).toContainText('http');
  await expect(page.getByTestId('activity-error')).toContainText('not found');
  await page.keyboard.press('Escape');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^knowledge-console-activity-.*\.json$/);
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const exported = JSON.parse(text) as { entries: { path: string; status: number }[] };
  expect(exported.entries.some((e) => e.path === '/v1/conversations/does-not-exist' && e.status === 404)).toBe(true);
  expect(text).not.toContain(sandbox.token);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('empty-state')).toContainText('No calls yet');
});

for (const scheme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`screenshot: activity page, ${scheme}, ${locale}`, { tag: SCREENSHOTS_TAG }, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript((l) => localStorage.setItem('kc.locale', l), locale);
      await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
      await page.locator('input[name="title"]').fill('Logged rename');
      await page.locator('button[type="submit"]').click();
      await expect(page.getByTestId('conversation-result')).toBeVisible();
      await page.locator('nav a[href$="/activity"]').click();
      // The rename is the newest call; the read before it and the start-up's checks are listed below it.
      await expect(page.getByTestId('activity-row').first()).toContainText(
        `/v1/conversations/${CONVERSATION.amberDisplay}`,
      );
      await page.screenshot({ path: `test-results/screenshots/activity-${scheme}-${locale}.png` });
      await page.getByTestId('activity-row').first().click();
      await expect(page.getByTestId('curl-command')).toBeVisible();
      // Once the drawer has finished sliding in.
      await settle(page);
      await page.screenshot({ path: `test-results/screenshots/activity-detail-${scheme}-${locale}.png` });
    });
  }
}
