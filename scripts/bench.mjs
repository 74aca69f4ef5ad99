#!/usr/bin/env node
// `npm run bench`: figures for the console on this machine, not a pass/fail test.
//   1. builds the console (into dist-bench/, or --no-build --dist <dir> to use a build) and prints its chunks, raw and gzip,
//      with the first-route budget figures (scripts/budget.mjs);
//   2. serves it with the production headers (scripts/serve-static.mjs) beside a sandbox loaded with the e2e fixture
//      (demo data + one 50,000-piece document), and in headless Chromium measures, RUNS times each (fresh context each time):
//      navigation → knowledge page rendered, navigation → 50,000-piece document's first rows rendered, JS heap after that;
//   3. runs `npm run bench:sandbox` (or --skip-sandbox: reads its last bench-results/sandbox.json) and prints its summary.
// Everything listens on 127.0.0.1 only; every wait is bounded; children are stopped on exit. Results: bench-results/console.json.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.mjs';
import { chunkTable, measureBuild, summary } from './budget.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const RUNS = Math.min(Math.max(Number(opt('runs', '5')) || 5, 1), 20);
const DIST = resolve(ROOT, opt('dist', flag('no-build') ? 'dist' : 'dist-bench'));
const STEP_TIMEOUT_MS = 60_000;
const KNOWLEDGE_ID = '631506272047205'; // "Beacon product handbook 💡" (src/server/fixtures/DEMO.md)

const children = new Set();
function stopChildren() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopChildren);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

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

/** Starts a node child and resolves with the first match of `ready` in its output (bounded). */
function startChild(command, argv, ready, label) {
  const child = spawn(command, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`${label} did not start in ${STEP_TIMEOUT_MS / 1000} s\n${out}`)),
      STEP_TIMEOUT_MS,
    );
    const onData = (d) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ child, match: m });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${label} exited with ${code}\n${out}`));
    });
  });
}

// Each run gets a fresh browser context (empty cache and storage); an init script records when the awaited
// element first appears, in ms since navigation start, so polling from this side does not add to the figure.
function watchScript({ selector, text }) {
  const check = () => {
    const el = [...document.querySelectorAll(selector)].find((e) =>
      text ? (e.textContent ?? '').includes(text) : true,
    );
    if (el && el.getClientRects().length > 0 && window.kcBenchSeen === undefined)
      window.kcBenchSeen = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

async function measurePage(browser, config, url, target, { heap = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  try {
    await context.route('**/config.json', (route) =>
      route.fulfill({ json: config, headers: { 'cache-control': 'no-store' } }),
    );
    await context.addInitScript(watchScript, target);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url, { timeout: STEP_TIMEOUT_MS });
    await page.waitForFunction(() => window.kcBenchSeen !== undefined, null, { timeout: STEP_TIMEOUT_MS });
    const renderedMs = await page.evaluate(() => window.kcBenchSeen);
    let heapUsed;
    if (heap) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      heapUsed = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    }
    if (errors.length) throw new Error(`page errors on ${url}: ${errors.join('; ')}`);
    return { renderedMs, heapUsed };
  } finally {
    await context.close();
  }
}

async function browserFigures(dist) {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('No Chromium found: run `node scripts/ensure-system-deps.mjs` or set CHROMIUM_PATH.');
  const { writeE2eFixture, LARGE } = await tsImport('../e2e/support/e2e-fixture.ts', import.meta.url);
  const { startSandbox } = await tsImport('../e2e/support/sandbox.ts', import.meta.url);
  const sandbox = await startSandbox(['--fixture', writeE2eFixture()]);
  const { child: server, match } = await startChild(
    process.execPath,
    ['scripts/serve-static.mjs', '--dir', dist, '--port', '0', '--connect-src', "'self' http://127.0.0.1:*"],
    /static ready url=(\S+)/,
    'static server',
  );
  const base = match[1];
  const config = {
    default_profile: 'sandbox',
    profiles: [
      {
        id: 'sandbox',
        name: 'Local sandbox',
        base_url: sandbox.baseUrl,
        secondary_url: sandbox.secondaryUrl,
        token: sandbox.token,
      },
    ],
  };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const knowledge = {
      url: `${base}knowledge/${KNOWLEDGE_ID}`,
      target: { selector: 'h1, h2, h3', text: 'Beacon product handbook' },
    };
    const document = {
      url: `${base}documents/${LARGE.documentId}`,
      target: { selector: '[data-testid="piece-row"][data-piece="1"]', text: 'Log entry 1:' },
    };
    // One discarded warm-up of each: the first start-up of the sandbox's large document is not what a reader sees twice.
    await measurePage(browser, config, knowledge.url, knowledge.target);
    await measurePage(browser, config, document.url, document.target);
    const knowledgeMs = [];
    const documentMs = [];
    const heap = [];
    for (let i = 0; i < RUNS; i += 1) {
      knowledgeMs.push((await measurePage(browser, config, knowledge.url, knowledge.target)).renderedMs);
      const doc = await measurePage(browser, config, document.url, document.target, { heap: true });
      documentMs.push(doc.renderedMs);
      heap.push(doc.heapUsed);
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    return {
      chromium: browser.version(),
      knowledge: stats(knowledgeMs),
      document: stats(documentMs),
      heap: stats(heap),
      pieces: LARGE.pieces,
    };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await sandbox.stop();
  }
}

function sandboxFigures() {
  const file = join(ROOT, 'bench-results', 'sandbox.json');
  if (!flag('skip-sandbox')) {
    console.log('\n== sandbox (npm run bench:sandbox)');
    // Its own output is the summary; it also writes bench-results/sandbox.json. Bounded: 10 minutes.
    execFileSync('npm', ['run', '--silent', 'bench:sandbox'], { cwd: ROOT, stdio: 'inherit', timeout: 600_000 });
  } else if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    console.log(`\n== sandbox (from bench-results/sandbox.json, ${saved.date}; run without --skip-sandbox to refresh)`);
    for (const r of saved.results ?? []) {
      console.log(`${r.documents.toLocaleString('en')} documents (start-up incl. chunking ${ms(r.startup_ms)})`);
      console.log(`  completion latency  p50 ${ms(r.completion_p50_ms)}  p95 ${ms(r.completion_p95_ms)}`);
      console.log(`  delete round trip   p50 ${ms(r.delete_p50_ms)}  p95 ${ms(r.delete_p95_ms)}`);
      console.log(
        `  GET throughput      ${Math.round(r.get_rps).toLocaleString('en')} requests/s (${r.get_failures} failed)`,
      );
    }
  } else {
    console.log('\n== sandbox: skipped, and no bench-results/sandbox.json yet');
  }
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

async function main() {
  const date = new Date().toISOString();
  console.log(
    `console benchmark ${date} — node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1e9).toFixed(1)} GB`,
  );
  if (!flag('no-build')) {
    console.log(`\n== build (vite build --outDir ${DIST})`);
    execFileSync(
      join(ROOT, 'node_modules/.bin/vite'),
      ['build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: ROOT, stdio: 'inherit', timeout: 300_000 },
    );
  }
  const build = measureBuild(DIST);
  console.log(`\n== chunks of ${DIST} (* = loaded for the first route; KB = 1,000 bytes)`);
  console.log(chunkTable(build.assets));
  console.log(summary(build));

  console.log(
    `\n== browser (headless Chromium, production headers, loopback; ${RUNS} runs after one warm-up, fresh context each)`,
  );
  const browser = await browserFigures(DIST);
  const line = (label, s, fmt) =>
    console.log(
      `${label.padEnd(44)} median ${fmt(s.median).padStart(9)}   p95 ${fmt(s.p95).padStart(9)}   runs ${s.runs.map(fmt).join(', ')}`,
    );
  console.log(`Chromium ${browser.chromium}`);
  line(`knowledge page ${KNOWLEDGE_ID} rendered`, browser.knowledge, ms);
  line(`${browser.pieces.toLocaleString('en')}-piece document, first rows`, browser.document, ms);
  line('JS heap after opening it (after GC)', browser.heap, mb);

  const sandbox = sandboxFigures();
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results', 'console.json'),
    JSON.stringify(
      {
        date,
        node: process.version,
        cpus: cpus().length,
        build: { firstRoute: build.firstRoute, allCss: build.allCss, assets: build.assets },
        browser,
        sandbox,
      },
      null,
      2,
    ),
  );
  console.log('\nwritten: bench-results/console.json');
  execFileSync('npm', ['run', '--silent', 'bench:bulk', '--', '--dist', DIST], { cwd: ROOT, stdio: 'inherit' });
}

main().then(
  () => {
    stopChildren();
    process.exit(0);
  },
  (error) => {
    console.error(error);
    stopChildren();
    process.exit(1);
  },
);
