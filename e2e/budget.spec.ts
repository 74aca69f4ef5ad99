import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BUDGET, kb, measureBuild, type BuildFigures } from '../scripts/budget.mjs';
import { CONSOLE_PAGES, buildBaseline, ratioTable, serveDir, weighAll, type Verdict } from '../scripts/perf/weigh.mjs';
import { START_AREAS } from '../src/i18n/areas';
import { configFor, expect, test } from './fixtures';
import { distDir } from './support/target';

/**
 * The first visit's weight as a user pays for it (issue 14): every JS and CSS file the browser fetches until the
 * network is idle, on a cold load of / and of a knowledge base, against the same count for a bare app of the same
 * stack (scripts/perf/baseline-app) built in this run with the same node_modules; the ceilings are ratios
 * (CONSOLE_PAGES in scripts/perf/weigh.mjs), not sizes that drift with the stack's versions. The definition of the
 * first-route ratio issue 14 was measured with; `node scripts/perf/first-route.mjs` prints the same table.
 * Besides: every page and every (language, area) of messages stays its own lazily loaded chunk (from the manifest).
 */
const root = resolve(import.meta.dirname, '..');
const dist = distDir;

// One worker weighs everything: the bare app is built once.
test.describe.configure({ mode: 'serial' });

let figures: BuildFigures;
let verdicts: Verdict[];

test.beforeAll(async ({ browser, sandbox, baseURL }) => {
  test.setTimeout(180_000);
  figures = measureBuild(dist);
  await sandbox.reset();
  const bareDist = mkdtempSync(join(tmpdir(), 'kc-baseline-'));
  try {
    buildBaseline(bareDist);
    const bare = await serveDir(bareDist);
    try {
      const result = await weighAll(browser, {
        consoleUrl: baseURL!,
        consoleDist: dist,
        bareUrl: bare.url,
        bareDist,
        config: configFor(sandbox),
      });
      verdicts = result.verdicts;
      console.log(`\nfirst visit of ${dist}\n${ratioTable(result.rows)}\n`);
    } finally {
      await bare.close();
    }
  } finally {
    rmSync(bareDist, { recursive: true, force: true });
  }
});

for (const { name, against, max } of CONSOLE_PAGES) {
  test(`a first visit to ${name.replace('console ', '')} fetches ≤ ${max}× the JS of the ${against}`, () => {
    const verdict = verdicts.find((v) => v.name === name)!;
    const files = verdict.weight.jsFiles.map((f) => `${f.file} ${kb(f.gzip)}`).join('\n');
    expect(verdict.ratio, `JS ratio; files:\n${files}`).toBeLessThanOrEqual(max);
  });
}

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

test(`first-visit CSS ≤ ${kb(BUDGET.firstRouteCssGzip)} gzip on every page weighed`, () => {
  for (const { name, weight } of verdicts) {
    expect(weight.css, name).toBeGreaterThan(0);
    expect(weight.css, name).toBeLessThanOrEqual(BUDGET.firstRouteCssGzip);
  }
});
