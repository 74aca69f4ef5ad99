#!/usr/bin/env node
// Two builds of the console, cold, interleaved: on a shared machine whose speed drifts over minutes, a change is read
// from loads taken in the same minutes, not from two bench runs apart. Each round opens, each in a new context: the
// bare app's fetching page (as `npm run bench -- console` builds it), then build A's page, then build B's (the order
// of A and B alternates by round); prints each load, the medians, each round's ratio to the bare page, and the load
// average at the start and end. A tool for deciding a change, not the bench: quote the bench's figures for the goal.
//   node scripts/perf/cold-ab.mjs --a dist-main --b dist-bench [--runs 9] [--path documents/<id>] [--no-bare]
// (build B first: `npx vite build --outDir dist-bench`; the default path is the 50,000-piece document.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { launchBenchChromium } from '../../e2e/support/chromium.mjs';
import { KB } from '../../e2e/support/demo-ids.mjs';
import { sandboxConfig, serveConsole } from './servers.mjs';
import { buildBaselineWithFetchingRoute, serveDir } from './weigh.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const { values: options } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    runs: { type: 'string', default: '9' },
    path: { type: 'string' },
    'no-bare': { type: 'boolean', default: false },
  },
});
if (!options.a || !options.b) {
  console.error('usage: node scripts/perf/cold-ab.mjs --a DIST --b DIST [--runs 9] [--path P] [--no-bare]');
  process.exit(2);
}
const RUNS = Math.min(Math.max(Number(options.runs) || 9, 1), 40);
const TIMEOUT_MS = 60_000;
/** url → each load's marks (name → ms since navigation). */
const MARKS = new Map();

/** Resolves window.kcSeen with performance.now() once the content's element is in the DOM and laid out. */
function watch({ selector, text }) {
  let done;
  window.kcSeen = new Promise((settle) => (done = settle));
  new MutationObserver(() => {
    if (!done) return;
    const el = [...document.querySelectorAll(selector)].find((e) => (e.textContent ?? '').includes(text));
    if (el && el.getClientRects().length > 0) {
      done(performance.now());
      done = undefined;
      window.kcContentSeen?.();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** CPU seconds of every renderer process now (Chromium's SystemInfo): a load's own from its start to its content. */
async function rendererCpu(browser) {
  const cdp = (CDP ??= await browser.newBrowserCDPSession());
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  return new Map(processInfo.filter((p) => p.type === 'renderer').map((p) => [p.id, p.cpuTime]));
}
let CDP;

async function cold(browser, url, target) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  try {
    // The renderers' CPU time when the content is seen (called from the page, so taken within a few ms of it):
    // what a load cost the machine, which the other work on a shared machine moves less than its wall time.
    let cpuAtContent;
    let taken;
    const cpuTaken = new Promise((r) => (taken = r));
    const before = await rendererCpu(browser);
    await context.exposeBinding('kcContentSeen', async () => {
      const now = await rendererCpu(browser);
      cpuAtContent = [...now].reduce((sum, [id, t]) => sum + t - (before.get(id) ?? 0), 0) * 1000;
      taken();
    });
    await context.addInitScript(watch, target);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url, { timeout: TIMEOUT_MS });
    const ms = await page.evaluate(
      (timeout) =>
        Promise.race([window.kcSeen, new Promise((_, no) => setTimeout(() => no(new Error('timeout')), timeout))]),
      TIMEOUT_MS,
    );
    if (errors.length) throw new Error(`page errors on ${url}: ${errors.join('; ')}`);
    // User Timing marks of the page (a build instrumented with performance.mark) and when its scripts were in.
    const marks = await page.evaluate(() => [
      ...performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
      ...performance
        .getEntriesByType('resource')
        .filter((r) => /\/(index|documents)-[^/]*\.js$|texts/.test(r.name))
        .flatMap((r) => {
          const name = r.name.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js');
          return [
            [`asked: ${name}`, r.startTime],
            [`in: ${name}`, r.responseEnd],
          ];
        }),
    ]);
    // The binding's answer (bounded: a second at most).
    await Promise.race([cpuTaken, new Promise((r) => setTimeout(r, 1000))]);
    MARKS.set(url, [
      ...(MARKS.get(url) ?? []),
      Object.fromEntries([...marks, ['content', ms], ['cpu: renderers', cpuAtContent]]),
    ]);
    return ms;
  } finally {
    await context.close();
  }
}

const median = (v) => {
  const s = [...v].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const load = () => loadavg()[0].toFixed(1);

const stops = [];
const temp = mkdtempSync(join(tmpdir(), 'kc-ab-'));
stops.push(() => rmSync(temp, { recursive: true, force: true }));
try {
  const { writeE2eFixture, LARGE } = await tsImport('../../e2e/support/e2e-fixture.ts', import.meta.url);
  const { startSandbox } = await tsImport('../../e2e/support/sandbox.ts', import.meta.url);
  const sandbox = await startSandbox(['--fixture', writeE2eFixture()]);
  stops.push(() => sandbox.stop());
  const config = sandboxConfig(sandbox);
  const configFile = join(temp, 'config.json');
  writeFileSync(configFile, JSON.stringify(config));
  const path = options.path ?? `documents/${LARGE.documentId}`;
  const target = path.startsWith('documents/')
    ? { selector: '[data-testid="piece-row"][data-piece="1"]', text: 'Log entry 1:' }
    : { selector: 'h1, h2, h3', text: 'Beacon' };
  const siteA = await serveConsole(resolve(ROOT, options.a), configFile);
  stops.push(siteA.stop);
  const siteB = await serveConsole(resolve(ROOT, options.b), configFile);
  stops.push(siteB.stop);
  const measures = [
    ['A ' + options.a, () => cold(browser, siteA.url + path, target)],
    ['B ' + options.b, () => cold(browser, siteB.url + path, target)],
  ];
  if (!options['no-bare']) {
    const bareDist = join(temp, 'bare');
    buildBaselineWithFetchingRoute(bareDist);
    const bare = await serveDir(bareDist, config);
    stops.push(bare.close);
    measures.unshift([
      'bare fetching page',
      () =>
        cold(browser, `${bare.url}knowledge/${KB.handbook}`, {
          selector: '[data-testid="knowledge-description"]',
          text: 'Beacon',
        }),
    ]);
  }
  const browser = await launchBenchChromium(chromium);
  stops.push(() => browser.close());
  const startLoad = load();
  // One warm-up of each (caches, the sandbox's first read of the large document), not counted.
  for (const [, run] of measures) await run();
  const out = measures.map(() => []);
  const [bareRun, ...builds] = options['no-bare'] ? [null, ...measures] : measures;
  const loads = [];
  for (let round = 0; round < RUNS; round += 1) {
    if (bareRun) out[0].push(await bareRun[1]());
    const order = round % 2 ? [1, 0] : [0, 1];
    for (const i of order) out[i + (bareRun ? 1 : 0)].push(await builds[i][1]());
    loads.push(load());
    process.stdout.write(`${round + 1} `);
  }
  process.stdout.write('\n');
  console.log(`load average (1 min): ${startLoad} at the start; after each round ${loads.join(', ')}`);
  for (const [i, [name]] of measures.entries()) {
    const v = out[i];
    const ratios =
      bareRun && i > 0
        ? ` ÷ bare ${(median(v) / median(out[0])).toFixed(2)}×; rounds ${v.map((x, r) => (x / out[0][r]).toFixed(2)).join(' ')}`
        : '';
    console.log(
      `${name.padEnd(22)} median ${Math.round(median(v))} ms${ratios}\n  each: ${v.map(Math.round).join(' ')}`,
    );
  }
  for (const [url, each] of MARKS) {
    const names = [...new Set(each.flatMap((l) => Object.keys(l)))];
    if (!names.length) continue;
    const at = names.map((n) => [n, median(each.map((l) => l[n]).filter((v) => v !== undefined))]);
    console.log(
      `marks, medians, ${url}: ${at
        .sort((x, y) => x[1] - y[1])
        .map(([n, v]) => `${n} ${Math.round(v)}`)
        .join(' · ')}`,
    );
    // From each User Timing mark to the content, per load: the part after it, less moved by when the network answered.
    const own = names.filter((n) => !n.includes(':') && n !== 'content');
    if (own.length)
      console.log(
        `  content − mark, medians: ${own.map((n) => `${n} ${Math.round(median(each.filter((l) => l[n] !== undefined).map((l) => l.content - l[n])))}`).join(' · ')}`,
      );
  }
  const [a, b] = bareRun ? [out[1], out[2]] : [out[0], out[1]];
  const faster = a.filter((x, r) => b[r] < x).length;
  console.log(`B faster than A in ${faster} of ${RUNS} rounds; B − A medians: ${Math.round(median(b) - median(a))} ms`);
} finally {
  for (const stop of stops.reverse()) await stop();
}
