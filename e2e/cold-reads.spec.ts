import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_PATH_TAG } from './support/target';
import { DOC, DS, KB } from './support/demo-ids.mjs';
import { watchCalls } from './support/service-calls';

/**
 * A cold load of a page opened by id: its first reads and chunks are asked for by the console's first script
 * (src/boot/early-fetches.ts) while the entry still arrives, and the console uses those answers instead of asking
 * again. Each read goes out once, the page shows its data, and the Activity log lists the call.
 */
const PAGES = [
  {
    path: `knowledge/${KB.handbook}`,
    reads: [`GET /v1/knowledge/${KB.handbook}`],
    shows: (page: Page) => expect(page.getByTestId('knowledge-name')).toHaveText('Beacon product handbook'),
  },
  {
    path: `datasets/${DS.handbook}`,
    reads: [`GET /v1/datasets/${DS.handbook}`],
    shows: (page: Page) => expect(page.getByRole('heading', { level: 1 })).toHaveText('Beacon product handbook'),
  },
  {
    path: `documents/${DOC.battery.id}`,
    reads: ['POST /v1/documents/query-base', `GET /v1/documents/texts/${DOC.battery.id}`],
    shows: (page: Page) => expect(page.getByRole('heading', { level: 1 })).toHaveText(DOC.battery.name),
  },
];

for (const p of PAGES) {
  test(`a cold load of /${p.path.split('/')[0]}/{id} sends its first reads once: the first script's, taken by the console`, async ({
    page,
    baseURL,
  }) => {
    const calls = watchCalls(page, new URL(baseURL!).origin);
    await page.goto(`./${p.path}`);
    await p.shows(page);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    const firstReads = calls.filter((c) => p.reads.includes(c));
    expect(firstReads.sort()).toEqual([...p.reads].sort());
    // Every request the first script started (config.json and the reads) was taken by the call it stands for.
    expect(await page.evaluate(() => window.kcEarlyFetches?.length)).toBe(0);
    // The console's own log has each of them, answered.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity' }).click();
    for (const read of p.reads) {
      const path = read.split(' ')[1]!;
      await expect(page.getByTestId('activity-row').filter({ hasText: path }).first()).toContainText('200');
    }
  });
}

for (const p of [PAGES[0]!, PAGES[2]!]) {
  const area = p.path.split('/')[0]!;
  test(
    `the first script preloads the page’s chunks and messages (/${area}/{id}); nothing is fetched twice, under the base path too`,
    { tag: BASE_PATH_TAG },
    async ({ page, baseURL }) => {
      const files: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.origin === new URL(baseURL!).origin && url.pathname.endsWith('.js')) files.push(url.pathname);
      });
      await page.goto(`./${p.path}`);
      await p.shows(page);
      const preloaded = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname),
      );
      expect(preloaded.some((f) => new RegExp(`/assets/${area}-[^/]+\\.js$`).test(f))).toBe(true);
      for (const f of preloaded) expect(f.startsWith(new URL(baseURL!).pathname), f).toBe(true);
      expect(files.filter((f, i) => files.indexOf(f) !== i)).toEqual([]);
    },
  );
}

test('a first script that arrives after the entry has started asks for nothing: each first read goes out once', async ({
  page,
  baseURL,
}) => {
  // It runs as it arrives (async), so the entry can start first when it is slow to come; the entry then asks itself.
  await page.route(/\/assets\/early-fetches-[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    await page.waitForFunction(() => (window as { kcEntryStarted?: boolean }).kcEntryStarted === true);
    await route.fulfill({ response });
  });
  const calls = watchCalls(page, new URL(baseURL!).origin);
  const p = PAGES[2]!;
  await page.goto(`./${p.path}`);
  await p.shows(page);
  await page.waitForFunction(() => Array.isArray(window.kcEarlyFetches));
  // Whatever it would have started has gone out by then.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.kcEarlyFetches?.length)).toBe(0);
  expect(calls.filter((c) => p.reads.includes(c)).sort()).toEqual([...p.reads].sort());
});

test('with a profile of its own kept in this browser, the console asks itself, once', async ({ page, baseURL }) => {
  // The admin chose the (only) profile: the first script cannot know the choice, so it reads nothing ahead.
  await page.addInitScript(() => localStorage.setItem('kc.activeProfile', 'sandbox'));
  const calls = watchCalls(page, new URL(baseURL!).origin);
  await page.goto(`./knowledge/${KB.handbook}`);
  await expect(page.getByTestId('knowledge-name')).toHaveText('Beacon product handbook');
  expect(calls.filter((c) => c === `GET /v1/knowledge/${KB.handbook}`)).toHaveLength(1);
  // Only config.json was asked for ahead, and the console took it.
  expect(await page.evaluate(() => window.kcEarlyFetches?.length)).toBe(0);
});
