#!/usr/bin/env node
// Where a cold load's time goes: one page of the built console opened in a new tab against a sandbox (demo data),
// with Chromium's sampling profiler on from navigation start until the content shows. Prints the requests in time
// order, then the main thread's time by script (chunk) and by function, and what is left (parsing, GC, layout, idle).
// A tool for finding what to make quicker, not a test: figures vary from run to run; the last of RUNS is printed.
//   npm run build && node scripts/perf/profile-cold.mjs [path] [--text T] [--runs 3] [--dist dist] [--top 25] [--slice 20]
//     [--in-app [--hover MS]] [--large] [--from-mark NAME] [--to-mark NAME]
// (--in-app: the console loaded at / first, then a client-side navigation to path is profiled. --hover MS: from the
// catalog instead (path's record kept there), the pointer resting MS on the record's link before the click, as
// `npm run bench -- console` measures it; the profile covers the click to the content.)
// (--slice N adds a timeline: the main thread's busiest modules in each N ms.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { launchBenchChromium } from '../../e2e/support/chromium.mjs';
import { KB } from '../../e2e/support/demo-ids.mjs';
import { sandboxConfig, serveConsole } from './servers.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    text: { type: 'string', default: 'Everything about the Beacon hardware and app' },
    runs: { type: 'string', default: '3' },
    dist: { type: 'string', default: 'dist' },
    top: { type: 'string', default: '25' },
    slice: { type: 'string', default: '0' },
    'in-app': { type: 'boolean', default: false },
    large: { type: 'boolean', default: false },
    hover: { type: 'string' },
    'from-mark': { type: 'string' },
    'to-mark': { type: 'string' },
  },
});
const path = positionals[0] ?? `knowledge/${KB.handbook}`;
const CONTENT_TEXT = options.text;
const RUNS = Math.max(1, Number(options.runs) || 3);
const TOP = Number(options.top) || 25;
const SLICE_MS = Number(options.slice) || 0;
const DIST = resolve(ROOT, options.dist);
const IN_APP = options['in-app'];
/** --large: the sandbox serves the e2e fixture (demo data and the 50,000-piece document, e2e/support/e2e-fixture.ts). */
const LARGE = options.large;
const HOVER_MS = options.hover === undefined ? null : Math.max(Number(options.hover) || 0, 0);
/** The catalog kind of a path's first segment, for --hover. */
const KIND_OF = { knowledge: 'knowledge', datasets: 'dataset', documents: 'document' };

/**
 * In a build made with `vite build --minify false`, each module starts with a `// path` comment: the module of a
 * script line is the last such comment above it. Minified builds have none, and the chunk's name stands instead.
 */
function moduleMapOf(dist) {
  const cache = new Map();
  return (file, line) => {
    if (!cache.has(file)) {
      const starts = [];
      try {
        readFileSync(join(dist, 'assets', file), 'utf8')
          .split('\n')
          .forEach((text, i) => {
            const m = /^\/\/ (\S+)$/.exec(text);
            if (m && /[/.]/.test(m[1])) starts.push([i, m[1].replace(/^.*node_modules\//, '').replace(/\0/g, '')]);
          });
      } catch {
        /* not a file of this build */
      }
      cache.set(file, starts);
    }
    const starts = cache.get(file);
    let lo = 0;
    let hi = starts.length - 1;
    let found = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid][0] <= line) {
        found = starts[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found ?? file;
  };
}

/** Function frames that mean React is rendering or committing: what a sample under them is spent on. */
const REACT_WORK = new Set([
  'performWorkOnRoot',
  'performSyncWorkOnRoot',
  'flushSyncWorkAcrossRoots_impl',
  'commitRoot',
]);

/** ms from the profile's start to the first sample in kcContentSeenMarker (the init script's), or undefined. */
function markerElapsed(profile) {
  const ids = new Set(profile.nodes.filter((n) => n.callFrame.functionName === 'kcContentSeenMarker').map((n) => n.id));
  let elapsed = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    elapsed += profile.timeDeltas[i] / 1000;
    if (ids.has(profile.samples[i])) return elapsed;
  }
  return undefined;
}

/**
 * `window` ([from, to] in ms of the page's clock, `at` the page's clock when the profiler started): only the samples
 * taken in it count (an in-app navigation: from the click or push until the content showed, not the wait after).
 */
function selfTimes(profile, moduleOf, window) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  let elapsed = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const dt = (deltas[i + 1] ?? 0) / 1000;
    elapsed += deltas[i] / 1000;
    if (window && (window.at + elapsed < window.from || window.at + elapsed > window.to)) continue;
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + dt);
  }
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const underReact = (id) => {
    for (let at = id; at !== undefined; at = parent.get(at))
      if (REACT_WORK.has(byId.get(at).callFrame.functionName)) return true;
    return false;
  };
  const byScript = new Map();
  const byFunction = new Map();
  const byModule = { react: new Map(), other: new Map() };
  const add = (m, k, t) => m.set(k, (m.get(k) ?? 0) + t);
  for (const [id, t] of self) {
    const { callFrame } = byId.get(id);
    const file = callFrame.url
      ? new URL(callFrame.url).pathname.split('/').pop()
      : `(${callFrame.functionName || 'native'})`;
    add(byScript, file, t);
    const module = callFrame.url ? moduleOf(file, callFrame.lineNumber) : file;
    add(byFunction, `${callFrame.functionName || '(anonymous)'} ${module}:${callFrame.lineNumber + 1}`, t);
    add(underReact(id) ? byModule.react : byModule.other, module, t);
  }
  // The main thread in slices of SLICE_MS: what ran most in each (module, or the idle/program/GC pseudo-frames).
  const timeline = [];
  let now = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    now += deltas[i] / 1000;
    const slice = SLICE_MS ? Math.floor(now / SLICE_MS) : 0;
    const { callFrame } = byId.get(profile.samples[i]);
    const file = callFrame.url
      ? new URL(callFrame.url).pathname.split('/').pop()
      : `(${callFrame.functionName || 'native'})`;
    const what = callFrame.url ? moduleOf(file, callFrame.lineNumber) : file;
    const label = underReact(profile.samples[i]) ? `React: ${what}` : what;
    timeline[slice] ??= new Map();
    add(timeline[slice], label, (deltas[i + 1] ?? 0) / 1000);
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    timeline: [...timeline].map((m) => (m ? sorted(m).slice(0, 3) : [])),
    byScript: sorted(byScript),
    byFunction: sorted(byFunction),
    byModule: { react: sorted(byModule.react), other: sorted(byModule.other) },
  };
}

async function main() {
  const stops = [];
  const temp = mkdtempSync(join(tmpdir(), 'kc-profile-'));
  stops.push(() => rmSync(temp, { recursive: true, force: true }));
  try {
    const { startSandbox } = await tsImport('../../e2e/support/sandbox.ts', import.meta.url);
    const { writeE2eFixture } = await tsImport('../../e2e/support/e2e-fixture.ts', import.meta.url);
    const sandbox = await startSandbox(LARGE ? ['--fixture', writeE2eFixture()] : []);
    stops.push(() => sandbox.stop());
    const configFile = join(temp, 'config.json');
    writeFileSync(configFile, JSON.stringify(sandboxConfig(sandbox)));
    const site = await serveConsole(DIST, configFile);
    stops.push(site.stop);
    const browser = await launchBenchChromium(chromium);
    stops.push(() => browser.close());
    let report;
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      await context.addInitScript((wanted) => {
        // Spins ≈3 ms under its own name as the content is seen: its first sample places the content on the
        // profile's clock, so a cold load's profile is cut there (the samples after are the page's later work).
        function kcContentSeenMarker() {
          const until = performance.now() + 3;
          while (performance.now() < until);
        }
        new MutationObserver(() => {
          if (window.kcSeen === undefined && document.body?.textContent?.includes(wanted)) {
            window.kcSeen = performance.now();
            kcContentSeenMarker();
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
      }, CONTENT_TEXT);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      let started = 0;
      let profilerAt = null;
      if (IN_APP && HOVER_MS !== null) {
        const [first, id] = path.split('/');
        const entry = { profileId: 'sandbox', kind: KIND_OF[first], id, lastSeenAt: 1_760_000_000_000, pinned: false };
        await context.addInitScript((list) => localStorage.setItem('kc.catalog.v1', list), JSON.stringify([entry]));
        await page.goto(`${site.url}catalog`);
        const link = page.locator(`[data-testid="catalog-row"] a[href$="/${path}"]`);
        await link.waitFor({ timeout: 60_000 });
        await page.waitForLoadState('networkidle');
        await page.evaluate(() =>
          document.addEventListener('click', () => (window.kcClickAt = performance.now()), {
            capture: true,
            once: true,
          }),
        );
        await link.hover();
        await page.waitForTimeout(HOVER_MS);
        profilerAt = await page.evaluate(() => performance.now());
        await cdp.send('Profiler.start');
        await link.click();
        started = await page.evaluate(() => window.kcClickAt);
      } else if (IN_APP) {
        // The console settled at /, then what a link does: push the URL and let the router follow it.
        await page.goto(site.url);
        await page.waitForLoadState('networkidle');
        profilerAt = await page.evaluate(() => performance.now());
        await cdp.send('Profiler.start');
        started = await page.evaluate((to) => {
          const t = performance.now();
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
          return t;
        }, new URL(path, site.url).pathname);
      } else {
        await cdp.send('Profiler.start');
        await page.goto(site.url + path);
      }
      // Seen from inside the page (a MutationObserver), so polling from here adds no work to the profile.
      await page.waitForFunction(() => window.kcSeen !== undefined, null, { timeout: 60_000, polling: 500 });
      const shown = (await page.evaluate(() => window.kcSeen)) - started;
      const { profile } = await cdp.send('Profiler.stop');
      await page.waitForLoadState('networkidle');
      const requests = await page
        .evaluate(() => performance.getEntriesByType('resource').map((e) => [e.name, e.startTime, e.responseEnd]))
        .then((rows) => rows.filter(([, start]) => start >= started).map(([n, s, e]) => [n, s - started, e - started]));
      const marks = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        return { responseEnd: nav.responseEnd, domInteractive: nav.domInteractive };
      });
      const seenAt = IN_APP ? undefined : markerElapsed(profile);
      // --from-mark NAME: only the samples after the page's User Timing mark NAME (an instrumented build's).
      const fromMark = options['from-mark']
        ? await page.evaluate((name) => performance.getEntriesByName(name)[0]?.startTime, options['from-mark'])
        : undefined;
      const toMark = options['to-mark']
        ? await page.evaluate((name) => performance.getEntriesByName(name)[0]?.startTime, options['to-mark'])
        : undefined;
      const window =
        IN_APP && profilerAt !== null
          ? { at: profilerAt, from: started, to: started + shown }
          : seenAt !== undefined
            ? { at: shown - seenAt, from: fromMark ?? -Infinity, to: toMark ?? shown }
            : undefined;
      report = { shown, requests, marks, ...selfTimes(profile, moduleMapOf(DIST), window) };
      await context.close();
    }
    const { shown, requests, marks, byScript, byFunction, byModule, timeline } = report;
    console.log(
      `${IN_APP ? 'in-app navigation' : 'cold load'} to /${path}: content by ${Math.round(shown)} ms (last of ${RUNS} runs)`,
    );
    console.log(
      `document: response end ${Math.round(marks.responseEnd)} ms, interactive ${Math.round(marks.domInteractive)} ms`,
    );
    for (const [name, start, end] of requests) {
      const u = new URL(name);
      const who = u.origin === new URL(site.url).origin ? '' : 'service ';
      console.log(
        `${String(Math.round(start)).padStart(6)} → ${String(Math.round(end)).padStart(5)} ms  ${who}${u.pathname}`,
      );
    }
    const total = byScript.reduce((s, [, t]) => s + t, 0);
    console.log(
      `\nmain thread, sampled ${IN_APP ? 'from the navigation' : ''} until the content showed: ${Math.round(total)} ms`,
    );
    for (const [file, t] of byScript.slice(0, 15)) console.log(`${String(Math.round(t)).padStart(6)} ms  ${file}`);
    for (const [label, rows] of [
      ['under React rendering or committing', byModule.react],
      ['outside React (module evaluation, start-up, fetch, timers)', byModule.other],
    ]) {
      const sum = rows.reduce((s, [, t]) => s + t, 0);
      console.log(`\n${label}: ${Math.round(sum)} ms, by module (a --minify false build names them)`);
      for (const [m, t] of rows.slice(0, TOP)) console.log(`${t.toFixed(1).padStart(7)} ms  ${m}`);
    }
    if (SLICE_MS) {
      console.log(`\ntimeline from the profile's start, ${SLICE_MS} ms slices: what ran most in each`);
      timeline.forEach((top, i) =>
        console.log(
          `${String(i * SLICE_MS).padStart(6)} ms  ${top.map(([m, t]) => `${m} ${Math.round(t)}`).join(' · ')}`,
        ),
      );
    }
    console.log(`\ntop ${TOP} functions by self time`);
    for (const [fn, t] of byFunction.slice(0, TOP)) console.log(`${t.toFixed(1).padStart(7)} ms  ${fn}`);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

process.exit((await main()) === false ? 1 : 0);
