import type { Page } from '@playwright/test';
import { parseMessageChunk, readManifest } from '../scripts/budget.mjs';
import { FEATURE_AREAS, START_AREAS } from '../src/i18n/areas';
import { en } from '../src/i18n/message-tables';
import { expect, test } from './fixtures';
import { settle } from './support/settle';
import { BASE_PATH_TAG, distDir as dist } from './support/target';

/**
 * The messages load per (language, area): the start-up areas before the first render, each page's areas
 * with the page, and a language switch only once every area on screen has arrived in the new language.
 * Checked on the built console (e2e/support/target.ts) by watching which message chunks the browser fetches.
 */
/** Built file name → "zhCN/knowledge", for every message chunk of the build. */
let chunkOfFile: Map<string, string>;
test.beforeAll(() => {
  const manifest = readManifest(dist);
  chunkOfFile = new Map(
    Object.entries(manifest).flatMap(([key, entry]) => {
      const chunk = parseMessageChunk(key);
      return chunk ? [[entry.file.split('/').pop()!, `${chunk.locale}/${chunk.area}`] as const] : [];
    }),
  );
});

const fileOf = (chunk: string) => [...chunkOfFile].find(([, c]) => c === chunk)![0];

/** The message chunks the page requests from now on, as "zhCN/knowledge". */
function watchMessages(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const chunk = chunkOfFile.get(new URL(request.url()).pathname.split('/').pop()!);
    if (chunk) seen.push(chunk);
  });
  return seen;
}

const KEYS = Object.keys(en);
/** Message keys showing as text or as an accessible name, title or placeholder: each is a word that did not load. */
async function rawKeysOnScreen(page: Page): Promise<string[]> {
  const text = await page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('[aria-label],[title],[placeholder]')].flatMap((el) =>
        ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
      ),
    ].join('\n'),
  );
  return KEYS.filter((key) => text.includes(key));
}

const useLocale = (page: Page, locale: string) =>
  page.addInitScript((l) => localStorage.setItem('kc.locale', l), locale);

test(
  'start-up fetches only the start-up areas of one language; each page brings its own, and no key shows raw',
  { tag: BASE_PATH_TAG },
  async ({ page }) => {
    await useLocale(page, 'zh-CN');
    const seen = watchMessages(page);
    await page.goto('./');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('概览');
    for (const area of START_AREAS) expect(seen).toContain(`zhCN/${area}`);
    expect(await rawKeysOnScreen(page)).toEqual([]);

    const heading = page.getByRole('heading', { level: 1 });
    for (const feature of [
      'knowledge',
      'datasets',
      'documents',
      'conversations',
      'playground',
      'activity',
      'catalog',
      'settings',
    ] as const) {
      // The previous page stays on screen while the next one loads (navigations are transitions): wait for the new heading.
      const before = (await heading.textContent()) ?? '';
      await page.locator(`nav a[href$="/${feature}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`/${feature}$`));
      await expect(heading).not.toHaveText(before);
      for (const area of FEATURE_AREAS[feature]) expect(seen, feature).toContain(`zhCN/${area}`);
      expect(await rawKeysOnScreen(page), feature).toEqual([]);
    }
    expect(
      seen.filter((c) => !c.startsWith('zhCN/')),
      'nothing in the other language',
    ).toEqual([]);
    expect(new Set(seen).size, 'each chunk fetched once').toBe(seen.length);

    // The header's search opens the catalog's spotlight, which loads with its words.
    await page.getByTestId('spotlight-button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await rawKeysOnScreen(page)).toEqual([]);
  },
);

test('a switch shows the new language only once every area on screen has arrived in it', async ({ page }) => {
  await useLocale(page, 'en');
  const seen = watchMessages(page);
  await page.goto('./datasets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datasets');

  // Hold the Chinese datasets chunk, as a slow network would.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/${fileOf('zhCN/datasets')}`, async (route) => {
    await held;
    await route.continue();
  });
  const shellArrived = page.waitForResponse((r) => r.url().endsWith(`/${fileOf('zhCN/shell')}`));
  await page.getByLabel('Language').selectOption('zh-CN');
  await shellArrived;
  await expect.poll(() => seen).toContain('zhCN/datasets');
  // The shell's Chinese words are here, the page's are not: the console stays English, whole.
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datasets');
  await expect(page.getByRole('link', { name: 'Knowledge bases' }).first()).toBeVisible();

  release();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('数据集');
  expect(await rawKeysOnScreen(page)).toEqual([]);
});

test('a message chunk that fails to load leaves the language on screen, and choosing again retries', async ({
  page,
}) => {
  await useLocale(page, 'en');
  await page.goto('./settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');

  // The first fetch fails, as a chunk gone after a redeploy would; later ones go through.
  let failures = 0;
  // With or without a query: a browser that keeps a failed import asks again under another address.
  const chunk = fileOf('zhCN/settings').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.route(new RegExp(`/${chunk}(\\?[^/]*)?$`), (route) =>
    failures++ === 0 ? route.abort('failed') : route.continue(),
  );
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect.poll(() => failures).toBe(1);
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');

  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('设置');
  expect(failures).toBe(2);
  expect(await rawKeysOnScreen(page)).toEqual([]);
});
