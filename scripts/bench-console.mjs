#!/usr/bin/env node
// `npm run bench` section "console": figures for the built console on this machine, not a pass/fail test.
//   node scripts/bench-console.mjs [--runs 5] [--no-build] [--dist dist-bench] [--latency MS]
//   1. builds the console (into dist-bench/) and prints its chunks, raw and gzip (scripts/budget.mjs);
//   2. builds the bare app of the same stack (scripts/perf/baseline-app) twice: as shared, for the first-visit weight,
//      and with a fetching route (scripts/perf/baseline-extra), for the render times;
//   3. serves the console with the production headers beside a sandbox with the e2e fixture (demo data + one
//      50,000-piece document) and, in headless Chromium, a fresh context each run, one warm-up and then RUNS rounds
//      of every measure in turn:
//      - first-visit weight of / and a knowledge base against the bare app (scripts/perf/weigh.mjs);
//      - cold load (a new tab opening the URL) until the knowledge page, the dataset page and the 50,000-piece
//        document show their content, and the bare app's fetching page likewise;
//      - in-app navigation (the console loaded at /, then a client-side navigation) until the same content shows;
//      - the JS heap after opening the 50,000-piece document.
// Content "shows" when its element is in the DOM and laid out, seen by a MutationObserver in the page (in ms since
// navigation start, or since the navigation was asked for), so polling from here adds nothing.
// --latency MS: every request of the pages waits MS more (Chromium's network emulation), as with a console and service
// that far away; loopback (0) by default.
// Everything listens on 127.0.0.1; every wait is bounded; children stop with this process. Results:
// bench-results/console.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { findChromium, launchBenchChromium } from '../e2e/support/chromium.mjs';
import { DS, KB } from '../e2e/support/demo-ids.mjs';
import { chunkTable, measureBuild, summary } from './budget.mjs';
import { sandboxConfig, serveConsole } from './perf/servers.mjs';
import { buildBaseline, buildBaselineWithFetchingRoute, kb, ratioTable, serveDir, weighAll } from './perf/weigh.mjs';
import { benchSuiteRunPage, reportSuiteRunPage } from './perf/suite-run-page.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    latency: { type: 'string', default: '0' },
  },
});
const RUNS = Math.min(Math.max(Number(options.runs) || 5, 1), 20);
const DIST = resolve(ROOT, options.dist ?? (options['no-build'] ? 'dist' : 'dist-bench'));
const STEP_TIMEOUT_MS = 60_000;
const LATENCY_MS = Math.max(Number(options.latency) || 0, 0);
/** Goals of issue 14: in-app navigation to content ≤ 300 ms (median); a cold load ≤ 1.2× the bare app's. */
const GOALS = { inAppMs: 300, coldRatio: 1.2 };

const KNOWLEDGE_ID = KB.handbook;
const DATASET_ID = DS.handbook;

const ms = (n) => (n < 10 ? `${n.toFixed(1)} ms` : `${Math.round(n).toLocaleString('en')} ms`);
const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  // Nearest rank: with 5 runs the p95 is the slowest run.
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
  return { median, p95, runs: values };
}

// Resolves window.kcBenchSeen (a promise) with performance.now() when the awaited element first appears; re-armed by
// window.kcBenchArm() (for an in-app navigation). A promise the bench awaits, not a condition it polls: Playwright's
// waitForFunction polls on every animation frame, script run in the page while it loads, the bare app's and the
// console's alike.
function watchScript({ selector, text }) {
  let done;
  window.kcBenchArm = () => {
    done = undefined;
    window.kcBenchSeen = new Promise((settle) => (done = settle));
  };
  window.kcBenchArm();
  const check = () => {
    if (!done) return;
    const el = [...document.querySelectorAll(selector)].find((e) =>
      text ? (e.textContent ?? '').includes(text) : true,
    );
    if (el && el.getClientRects().length > 0) {
      done(performance.now());
      done = undefined;
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

/** The pages timed: where each is, and what on it is its content. */
const PAGES = [
  {
    name: 'knowledge page',
    path: `knowledge/${KNOWLEDGE_ID}`,
    target: { selector: 'h1, h2, h3', text: 'Beacon product handbook' },
  },
  { name: 'dataset page', path: `datasets/${DATASET_ID}`, target: { selector: 'h1', text: 'Beacon product handbook' } },
  {
    name: '50,000-piece document',
    path: null, // set from the fixture
    target: { selector: '[data-testid="piece-row"][data-piece="1"]', text: 'Log entry 1:' },
    heap: true,
  },
];
const BARE_PAGE = {
  name: 'bare app, fetching page',
  path: `knowledge/${KNOWLEDGE_ID}`,
  target: { selector: '[data-testid="knowledge-description"]', text: 'Beacon' },
};

// config.json comes from the servers (serveConsole's configFile, serveDir's config): routing it here would make
// Playwright intercept every request of the page, a round trip each that no user pays (≈100 ms per page load here).
async function newContext(browser, target) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  await context.addInitScript(watchScript, target);
  return context;
}

/** A new tab of the context, its requests delayed by --latency. */
async function newPage(context) {
  const page = await context.newPage();
  if (LATENCY_MS > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  return page;
}

async function seen(page) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`content not seen in ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([page.evaluate(() => window.kcBenchSeen), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function heapOf(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** A new tab opens url: ms from navigation start until the content shows. */
async function cold(browser, url, { target, heap }) {
  const context = await newContext(browser, target);
  try {
    const page = await newPage(context);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url, { timeout: STEP_TIMEOUT_MS });
    const elapsed = await seen(page);
    if (errors.length) throw new Error(`page errors on ${url}: ${errors.join('; ')}`);
    return { ms: elapsed, heap: heap ? await heapOf(context, page) : undefined };
  } finally {
    await context.close();
  }
}

/** The console open at / (settled), then a client-side navigation to path: ms until the content shows. */
async function inApp(browser, base, path, { target }) {
  const context = await newContext(browser, target);
  try {
    const page = await newPage(context);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(base, { timeout: STEP_TIMEOUT_MS });
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS });
    // What a link does: push the URL and let the router follow it (BrowserRouter listens to popstate).
    const started = await page.evaluate((to) => {
      window.kcBenchArm();
      const t = performance.now();
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return t;
    }, new URL(path, base).pathname);
    const elapsed = (await seen(page)) - started;
    if (errors.length) throw new Error(`page errors on ${path}: ${errors.join('; ')}`);
    return { ms: elapsed };
  } finally {
    await context.close();
  }
}

/**
 * One discarded warm-up of each measure (caches, the sandbox's first read of the large document), then RUNS rounds,
 * each running every measure once in turn: on a shared machine whose speed drifts over minutes, a slow minute then
 * slows the bare app and the console alike instead of whichever happened to be measured in it.
 */
async function interleaved(measures) {
  for (const { run } of measures) await run();
  const out = measures.map(() => []);
  for (let round = 0; round < RUNS; round += 1) {
    for (const [i, { run }] of measures.entries()) out[i].push(await run());
    process.stdout.write(`${round + 1} `);
  }
  return out;
}

async function main() {
  const date = new Date().toISOString();
  console.log(
    `console benchmark ${date} — node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1e9).toFixed(1)} GB`,
  );
  if (!options['no-build']) {
    console.log(`\n== build (vite build --outDir ${DIST})`);
    execFileSync(
      join(ROOT, 'node_modules/.bin/vite'),
      ['build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: ROOT, stdio: 'inherit', timeout: 300_000 },
    );
  }
  const build = measureBuild(DIST);
  console.log(`\n== chunks of ${DIST} (* = statically imported by the entry or the overview; KB = 1,000 bytes)`);
  console.log(chunkTable(build.assets));
  console.log(summary(build));

  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('No Chromium found: run `node scripts/ensure-system-deps.mjs` or set CHROMIUM_PATH.');
  const stops = [];
  const temp = mkdtempSync(join(tmpdir(), 'kc-bench-'));
  stops.push(() => rmSync(temp, { recursive: true, force: true }));
  try {
    const bareDist = join(temp, 'bare');
    const bareFetchingDist = join(temp, 'bare-fetching');
    buildBaseline(bareDist);
    buildBaselineWithFetchingRoute(bareFetchingDist);
    const { writeE2eFixture, LARGE } = await tsImport('../e2e/support/e2e-fixture.ts', import.meta.url);
    const { startSandbox } = await tsImport('../e2e/support/sandbox.ts', import.meta.url);
    const sandbox = await startSandbox(['--fixture', writeE2eFixture()]);
    stops.push(() => sandbox.stop());
    const config = sandboxConfig(sandbox);
    const configFile = join(temp, 'config.json');
    writeFileSync(configFile, JSON.stringify(config));
    const site = await serveConsole(DIST, configFile);
    stops.push(site.stop);
    const bare = await serveDir(bareDist);
    stops.push(bare.close);
    const bareFetching = await serveDir(bareFetchingDist, config);
    stops.push(bareFetching.close);
    const browser = await launchBenchChromium(chromium, { executablePath });
    stops.push(() => browser.close());
    PAGES[2].path = `documents/${LARGE.documentId}`;

    console.log('\n== first visit: JS and CSS fetched until the network is idle (scripts/perf/weigh.mjs)');
    const weight = await weighAll(browser, {
      consoleUrl: site.url,
      consoleDist: DIST,
      bareUrl: bare.url,
      bareDist,
      // config.json is served by the console's server above.
    });
    console.log(ratioTable(weight.rows));

    console.log(
      `\n== render times (headless Chromium ${browser.version()} without its window's address-bar web UI, ${LATENCY_MS ? `${LATENCY_MS} ms latency per request` : 'loopback'}; ${RUNS} rounds after one warm-up, each measure once a round, a fresh context each)`,
    );
    const measures = [{ run: () => cold(browser, bareFetching.url + BARE_PAGE.path, BARE_PAGE) }];
    for (const p of PAGES)
      measures.push(
        { run: () => cold(browser, site.url + p.path, p) },
        { run: () => inApp(browser, site.url, p.path, p) },
      );
    process.stdout.write('rounds: ');
    const [bareCold, ...pageRuns] = await interleaved(measures);
    const results = PAGES.map((p, i) => {
      const c = pageRuns[2 * i];
      const w = pageRuns[2 * i + 1];
      return {
        name: p.name,
        path: p.path,
        cold: stats(c.map((r) => r.ms)),
        inApp: stats(w.map((r) => r.ms)),
        heap: p.heap ? stats(c.map((r) => r.heap)) : undefined,
      };
    });
    process.stdout.write('\n');
    const bareStats = stats(bareCold.map((r) => r.ms));
    const col = (s) => `${ms(s.median).padStart(9)} ${ms(s.p95).padStart(9)}`;
    console.log(
      `${'page'.padEnd(26)} ${'cold median'.padStart(11)} ${'p95'.padStart(7)} ${'÷ bare'.padStart(7)}   ${'in-app median'.padStart(13)} ${'p95'.padStart(7)}`,
    );
    console.log(`${BARE_PAGE.name.padEnd(26)} ${col(bareStats)} ${'1.00'.padStart(7)}`);
    for (const r of results) {
      const ratio = r.cold.median / bareStats.median;
      console.log(`${r.name.padEnd(26)} ${col(r.cold)} ${ratio.toFixed(2).padStart(7)}   ${col(r.inApp).padStart(19)}`);
      r.coldRatio = ratio;
    }
    const doc = results.find((r) => r.heap);
    if (doc) console.log(`JS heap after opening the 50,000-piece document (after GC): median ${mb(doc.heap.median)}`);
    console.log(
      `goals: in-app ≤ ${GOALS.inAppMs} ms median — ${results.map((r) => `${r.name} ${r.inApp.median <= GOALS.inAppMs ? 'met' : 'NOT met'}`).join(', ')}`,
    );
    console.log(
      `       cold ≤ ${GOALS.coldRatio}× the bare app — ${results.map((r) => `${r.name} ${r.coldRatio <= GOALS.coldRatio ? 'met' : 'NOT met'}`).join(', ')}`,
    );
    console.log(
      `(first-visit figures in KB of 1,024 bytes: ${weight.verdicts.map((v) => `${v.name} ${kb(v.weight.js)}`).join(', ')})`,
    );

    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench-results', 'console.json'),
      JSON.stringify(
        {
          date,
          node: process.version,
          cpus: cpus().length,
          chromium: browser.version(),
          runs: RUNS,
          build: { firstRoute: build.firstRoute, allCss: build.allCss, assets: build.assets },
          firstVisit: weight.rows.map(([name, w, against]) => ({
            name,
            js: w.js,
            css: w.css,
            files: w.files.length,
            against,
          })),
          bare: { name: BARE_PAGE.name, cold: bareStats },
          pages: results,
          goals: GOALS,
        },
        null,
        2,
      ),
    );
    console.log('\nwritten: bench-results/console.json');

    // Issue 27: a suite run page of 2,000 cases, its own section (scripts/perf/suite-run-page.mjs).
    console.log(`\n== suite run page: in-app navigation to a kept run (${RUNS} rounds after one warm-up)`);
    const suiteRun = reportSuiteRunPage(await benchSuiteRunPage(browser, site.url, { runs: RUNS }), stats, ms);
    writeFileSync(
      join(ROOT, 'bench-results', 'console-suite-run.json'),
      JSON.stringify({ date, ...suiteRun }, null, 2),
    );
    console.log('written: bench-results/console-suite-run.json');
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

process.exit((await main()) === false ? 1 : 0);
