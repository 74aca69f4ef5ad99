import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
// Plain Playwright test: this spec reads files and needs neither a page nor a sandbox.
import { expect, test } from '@playwright/test';
import { BUDGET, chunkTable, kb, measureBuild, summary, type BuildFigures } from '../scripts/budget.mjs';
import { START_AREAS } from '../src/i18n/areas';

/**
 * Issue 6's performance budget, checked on the build this suite serves (playwright.config.ts builds it
 * into E2E_DIST, default dist/, with the Vite manifest): the JS for the first route (entry, its static
 * imports, the overview page, the start-up messages of the heavier language) ≤ 160 KB gzip, its CSS ≤ 40 KB gzip,
 * and every page a lazily loaded chunk. KB = 1,000 bytes, gzip at zlib's default level.
 */
const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.env.E2E_DIST ?? 'dist');

let figures: BuildFigures;
test.beforeAll(() => {
  figures = measureBuild(dist);
  console.log(`\nbudget of ${dist}\n${chunkTable(figures.assets.filter((a) => a.firstRoute))}\n${summary(figures)}\n`);
});

test('every route page is its own lazily loaded chunk, none pulled into the entry', () => {
  const expected = [
    ...readdirSync(resolve(root, 'src/features'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `src/features/${d.name}/index.tsx`),
    ...readdirSync(resolve(root, 'src/app/pages'))
      .filter((f) => f.endsWith('.tsx') && f !== 'RouteError.tsx' && !f.includes('.test.'))
      .map((f) => `src/app/pages/${f}`),
  ].sort();
  expect(figures.pages.map((p) => p.src).sort()).toEqual(expected);
  for (const page of figures.pages) {
    expect(page.isDynamicEntry, `${page.src} is a dynamic entry`).toBe(true);
    expect(page.inEntry, `${page.src} is not statically imported by the entry`).toBe(false);
  }
});

test('the messages load per language and area: the first route carries only the start-up areas of one language', () => {
  // budget.mjs reads START_AREAS from the source text; the module itself must agree.
  expect(figures.startAreas).toEqual([...START_AREAS]);
  const areas = readdirSync(resolve(root, 'src/i18n/messages')).map((f) => f.replace(/\.ts$/, ''));
  // Every (language, area) is its own lazily loaded chunk, none pulled into the entry.
  expect(figures.messageChunks.map((c) => `${c.locale}/${c.area}`).sort()).toEqual(
    ['en', 'zhCN'].flatMap((l) => areas.map((a) => `${l}/${a}`)).sort(),
  );
  for (const chunk of figures.messageChunks) {
    expect(chunk.isDynamicEntry && !chunk.inEntry, `${chunk.key} is a lazy chunk`).toBe(true);
  }
  const counted = figures.firstRoute.messages;
  expect(counted?.areas).toEqual([...START_AREAS].sort());
  // No other message chunk (another area, or the other language) is among the first route's files.
  const firstFiles = new Set(figures.firstRoute.jsFiles.map((f) => f.file));
  const carried = figures.messageChunks.filter((c) => firstFiles.has(c.file)).map((c) => `${c.locale}/${c.area}`);
  expect(carried.sort()).toEqual(START_AREAS.map((a) => `${counted?.locale}/${a}`).sort());
});

test(`first-route CSS ≤ ${kb(BUDGET.firstRouteCssGzip)} gzip`, () => {
  expect(figures.firstRoute.cssFiles.length).toBeGreaterThan(0);
  expect(figures.firstRoute.css.gzip).toBeLessThanOrEqual(BUDGET.firstRouteCssGzip);
});

test(`first-route JS ≤ ${kb(BUDGET.firstRouteJsGzip)} gzip`, () => {
  expect(figures.firstRoute.js.gzip).toBeLessThanOrEqual(BUDGET.firstRouteJsGzip);
});
