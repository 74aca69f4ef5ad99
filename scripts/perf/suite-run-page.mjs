// `npm run bench -- console`, its suite run page section (issue 27): in-app navigation to a kept run of 2,000 cases.
// The run is made once, as an admin makes it: a suite of 2,000 cases (the demo questions, cycled) × 2 variants is
// imported in /suites and run against the sandbox at concurrency 8, so the browser keeps it in its own IndexedDB.
// Then, one warm-up and `runs` rounds, each measured twice as the other pages' in-app times are
// (scripts/bench-console.mjs): a new tab of that browser context (IndexedDB is per context) opens the Overview and,
// once it settled, the pointer moves onto a link to the run's page and clicks at once, or rests `hoverMs` (200) on it
// first (issue 27's goal is read after the rest). The Overview has no link to one run: the bench adds one at its top, a
// link doing what a router link does (push the URL, the router follows); the console's intent listener sees it as any
// link. Timed from the click until the run's summary and its first result row are in the DOM and laid out. The HTTP
// cache is cleared before each, so the page's chunk is fetched as in the other in-app measures.
import { DOC, SPACE } from '../../e2e/support/demo-ids.mjs';

export const SUITE_RUN_PAGE = { cases: 2000, variants: 2, concurrency: 8, goalMs: 100, hoverMs: 200 };

const QUESTIONS = [
  ['How long does the Beacon battery last on a full charge?', '14 days', DOC.battery.id],
  ['How much does Beacon Plus cost per month?', '$4.99 per month', DOC.pricing.id],
  ['How many days do I have to return a Beacon kit for a full refund?', '45 days', DOC.returns.id],
  ['When does pairing mode time out on the Display?', '10 minutes', DOC.wifi.id],
  ['How do I start a factory reset of the Display?', '12 seconds', DOC.ledStatusCodes.id],
];

function suiteFile({ cases, variants }) {
  return {
    name: `Bench run page ${cases} cases × ${variants} variants`,
    space_id: SPACE.support,
    variants: Array.from({ length: variants }, (_, v) => ({
      id: `v${v + 1}`,
      options: { refine_question: v % 2 === 0 },
    })),
    cases: Array.from({ length: cases }, (_, i) => {
      const [question, fact, doc] = QUESTIONS[i % QUESTIONS.length];
      return {
        id: `case-${String(i + 1).padStart(4, '0')}`,
        question,
        expect: { contains: [fact], cites_document: [doc], min_sources: 1 },
      };
    }),
  };
}

/** In the page: window.kcRunSeen resolves with performance.now() once the summary and the first row are laid out. */
function watchRunPage() {
  let done;
  window.kcRunArm = () => {
    done = undefined;
    window.kcRunSeen = new Promise((settle) => (done = settle));
  };
  window.kcRunArm();
  // The bench's link to the run (kcRunLink): a click on it is the start of the time and navigates as a router link.
  window.kcRunLink = (to) => {
    const a = document.createElement('a');
    a.href = to;
    a.textContent = 'The bench run';
    a.dataset.testid = 'bench-run-link';
    a.style.cssText = 'position:fixed;top:0;left:0;z-index:10000;padding:8px;background:#fff';
    a.addEventListener('click', (event) => {
      event.preventDefault();
      window.kcRunClickAt = performance.now();
      window.kcRunArm();
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    document.body.append(a);
  };
  const shown = (selector) => {
    const el = document.querySelector(selector);
    return !!el && el.getClientRects().length > 0;
  };
  new MutationObserver(() => {
    if (done && shown('[data-testid="run-summary"]') && shown('[data-testid="result-row"]')) {
      done(performance.now());
      done = undefined;
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const waitDone = async (page, timeoutMs) => {
  // Polled with one query twice a second: a locator's wait would keep the run's main thread busy.
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(() => !!document.querySelector('[data-run-status="done"]')))) {
    if (Date.now() > deadline) throw new Error(`the seeding run did not finish in ${timeoutMs / 1000} s`);
    await new Promise((ok) => setTimeout(ok, 500));
  }
};

/**
 * Seeds the run, then measures `runs` in-app navigations to it (after one warm-up). Returns the times (ms) and
 * what was seeded.
 */
export async function benchSuiteRunPage(browser, siteUrl, { runs, timeoutMs = 60_000, profile = false }) {
  const { cases, variants, concurrency } = SUITE_RUN_PAGE;
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  try {
    await context.addInitScript(watchRunPage);
    const seeding = await context.newPage();
    const started = Date.now();
    await seeding.goto(`${siteUrl}suites`, { timeout: timeoutMs });
    const chooser = seeding.waitForEvent('filechooser', { timeout: timeoutMs });
    await seeding.getByRole('button', { name: 'Import JSON, CSV or YAML' }).click({ timeout: timeoutMs });
    await (
      await chooser
    ).setFiles({
      name: 'bench-run-page.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(suiteFile({ cases, variants }))),
    });
    await seeding.getByRole('textbox', { name: 'Questions at once (1–8)' }).fill(String(concurrency));
    await seeding.getByRole('button', { name: 'Run', exact: true }).click();
    await seeding.waitForURL(/\/runs\/run-/, { timeout: timeoutMs });
    await waitDone(seeding, 900_000);
    const runPath = new URL(seeding.url()).pathname;
    const seededMs = Date.now() - started;
    await seeding.close();

    const times = [];
    const atOnce = [];
    for (let round = 0; round <= runs; round += 1) {
      for (const hoverMs of [0, SUITE_RUN_PAGE.hoverMs]) {
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await page.goto(siteUrl, { timeout: timeoutMs });
        await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: timeoutMs });
        await page.waitForLoadState('networkidle', { timeout: timeoutMs });
        // --profile (alone): the last round's navigation as a sampling CPU profile, its top functions by self time.
        const profiling = profile && round === runs && hoverMs > 0;
        await page.evaluate((to) => window.kcRunLink(to), runPath);
        const link = page.getByTestId('bench-run-link');
        if (hoverMs > 0) {
          await link.hover({ timeout: timeoutMs });
          await page.waitForTimeout(hoverMs);
        }
        // From the click on: the hover's work, done before it, is not in the window printed.
        if (profiling) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await link.click({ timeout: timeoutMs });
        const at = await page.evaluate(() => window.kcRunClickAt);
        const seen = await Promise.race([
          page.evaluate(() => window.kcRunSeen),
          new Promise((_, fail) => setTimeout(() => fail(new Error('the run page did not show')), timeoutMs)),
        ]);
        if (profiling) {
          printProfile((await cdp.send('Profiler.stop')).profile, seen - at);
          const fetched = await page.evaluate(
            (t) =>
              performance
                .getEntriesByType('resource')
                .filter((e) => e.startTime >= t)
                .map(
                  (e) =>
                    `${e.name.split('/').pop()} ${Math.round(e.startTime - t)}–${Math.round(e.responseEnd - t)} ms`,
                ),
            at,
          );
          console.log(`fetched after the click (from–to): ${fetched.join(', ')}`);
          // The kept run read raw, as the page reads it: how long IndexedDB takes, and how much it holds.
          const read = await page.evaluate(
            (runId) =>
              new Promise((ok, fail) => {
                const open = indexedDB.open('knowledge-console');
                open.onerror = () => fail(open.error);
                open.onsuccess = () => {
                  const db = open.result;
                  const t0 = performance.now();
                  const tx = db.transaction(db.objectStoreNames, 'readonly');
                  const stores = [...db.objectStoreNames];
                  const header = tx.objectStore('suiteRuns').get(runId);
                  const rows = stores.includes('suiteRunResults')
                    ? tx.objectStore('suiteRunResults').index('byRun').getAll(runId)
                    : undefined;
                  tx.oncomplete = () => {
                    const ms = performance.now() - t0;
                    const list = rows ? rows.result : header.result.attempts;
                    const size = (v) => JSON.stringify(v ?? null).length;
                    ok({ ms, stores, header: size(header.result), rows: list.length, bytes: size(list) });
                    db.close();
                  };
                };
              }),
            runPath.split('/').pop(),
          );
          console.log(`IndexedDB read of the run, raw: ${JSON.stringify(read)}`);
        }
        const rows = await page.locator('[data-testid="result-row"]').count();
        if (errors.length) throw new Error(`page errors on the run page: ${errors.join('; ')}`);
        if (rows === 0) throw new Error('the run page showed no result row');
        if (round > 0) (hoverMs > 0 ? times : atOnce).push(seen - at);
        await page.close();
      }
      process.stdout.write(`${round === 0 ? 'warm-up' : round} `);
    }
    process.stdout.write('\n');
    return { times, atOnce, cases, variants, results: cases * variants, seededMs };
  } finally {
    await context.close();
  }
}

function printProfile(profile, windowMs) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t / 1000 > windowMs + 50) return;
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  console.log(`\nprofile of the last navigation (${Math.round(windowMs)} ms), self time:`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${(us / 1000).toFixed(1).padStart(7)} ms  ${key}`);
}

/** The section's lines, as `npm run bench -- console` prints them. */
export function reportSuiteRunPage(result, stats, ms) {
  const s = stats(result.times);
  const once = stats(result.atOnce);
  const met = s.median <= SUITE_RUN_PAGE.goalMs;
  const line = (x) => `median ${ms(x.median)}, p95 ${ms(x.p95)} (${x.runs.map((n) => Math.round(n)).join(', ')})`;
  console.log(
    `suite run page (${result.cases.toLocaleString('en')} cases × ${result.variants} variants = ${result.results.toLocaleString('en')} results, kept in IndexedDB; seeded by running it, ${(result.seededMs / 1000).toFixed(0)} s), in-app from the Overview: after a ${SUITE_RUN_PAGE.hoverMs} ms hover ${line(s)}; click at once ${line(once)}`,
  );
  console.log(
    `goal: in-app ≤ ${SUITE_RUN_PAGE.goalMs} ms median after a ${SUITE_RUN_PAGE.hoverMs} ms hover — suite run page ${met ? 'met' : 'NOT met'} (click at once: ${ms(once.median)})`,
  );
  return {
    ...s,
    atOnce: once,
    hoverMs: SUITE_RUN_PAGE.hoverMs,
    goalMs: SUITE_RUN_PAGE.goalMs,
    met,
    cases: result.cases,
    variants: result.variants,
  };
}

// Alone, for quick iteration: node scripts/perf/suite-run-page.mjs [--dist dist-bench] [--runs 5] [--profile]
if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { join, resolve } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { chromium } = await import('@playwright/test');
  const { tsImport } = await import('tsx/esm/api');
  const { findChromium, launchBenchChromium } = await import('../../e2e/support/chromium.mjs');
  const { sandboxConfig, serveConsole } = await import('./servers.mjs');
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: 'dist-bench' },
      runs: { type: 'string', default: '5' },
      profile: { type: 'boolean', default: false },
    },
  });
  const root = resolve(import.meta.dirname, '..', '..');
  const temp = mkdtempSync(join(tmpdir(), 'kc-bench-run-page-'));
  const { startSandbox } = await tsImport('../../e2e/support/sandbox.ts', import.meta.url);
  const sandbox = await startSandbox();
  const configFile = join(temp, 'config.json');
  writeFileSync(configFile, JSON.stringify(sandboxConfig(sandbox)));
  const site = await serveConsole(resolve(root, values.dist), configFile);
  const browser = await launchBenchChromium(chromium, { executablePath: findChromium() });
  try {
    const result = await benchSuiteRunPage(browser, site.url, {
      runs: Number(values.runs) || 5,
      profile: values.profile,
    });
    const stats = (v) => {
      const sorted = [...v].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return {
        median: sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
        p95: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)],
        runs: v,
      };
    };
    reportSuiteRunPage(result, stats, (n) => `${Math.round(n)} ms`);
  } finally {
    await browser.close();
    site.stop();
    await sandbox.stop();
    rmSync(temp, { recursive: true, force: true });
  }
}
