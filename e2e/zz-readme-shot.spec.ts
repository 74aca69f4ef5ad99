import { test, expect } from './fixtures';
import { SCREENSHOTS_TAG } from './support/target';

test('readme first screen', { tag: SCREENSHOTS_TAG }, async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 640 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./knowledge');
  await expect(page.getByTestId('demo-starters')).toBeVisible();
  await expect(page.getByTestId('profile-status')).toHaveAttribute('data-tone', 'ok');
  await page.mouse.move(0, 639);
  await page.screenshot({ path: 'test-results/readme-first-screen.png' });
});
