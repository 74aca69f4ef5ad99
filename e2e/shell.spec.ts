import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readManifest } from '../scripts/budget.mjs';
import { test, expect } from './fixtures';
import { BASE_PATH_TAG, distDir } from './support/target';

test('the console loads with the sandbox profile and its navigation', { tag: BASE_PATH_TAG }, async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('link', { name: 'Knowledge bases' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a deep link opens its route', { tag: BASE_PATH_TAG }, async ({ page }) => {
  await page.goto('./datasets/abc');
  await expect(page.getByText('abc').first()).toBeVisible();
});

test('switching to zh-CN changes the navigation labels', { tag: BASE_PATH_TAG }, async ({ page }) => {
  await page.goto('./');
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByRole('link', { name: '知识库' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test(
  'while the next page loads, the current one stays and a loading bar shows; then the page replaces it',
  { tag: BASE_PATH_TAG },
  async ({ page }) => {
    const manifest = readManifest(distDir);
    const chunk = manifest['src/features/datasets/index.tsx']!.file.split('/').pop()!;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/assets/${chunk}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('./');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Datasets' }).click();
    const bar = page.getByRole('progressbar', { name: 'Loading…' });
    await expect(bar).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datasets');
    await expect(bar).toBeHidden();
  },
);

test("Settings shows the console's version, package.json's, written into the build", async ({ page }) => {
  const { version } = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    version: string;
  };
  await page.goto('./settings');
  await expect(page.getByText(`Knowledge Console ${version}`, { exact: true })).toBeVisible();
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByText(`知识库控制台 ${version}`, { exact: true })).toBeVisible();
});
