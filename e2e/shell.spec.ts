import { test, expect } from './fixtures';

test('the console loads with the sandbox profile and its navigation', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('link', { name: 'Knowledge bases' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a deep link opens its route', async ({ page }) => {
  await page.goto('./datasets/abc');
  await expect(page.getByText('abc').first()).toBeVisible();
});

test('switching to zh-CN changes the navigation labels', async ({ page }) => {
  await page.goto('./');
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByRole('link', { name: '知识库' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});
