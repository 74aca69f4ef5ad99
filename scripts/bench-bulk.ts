/**
 * `npm run bench:bulk`: figures for a bulk removal, not a pass/fail test.
 * Builds the console (into dist-bench-bulk/, or `--dist <dir>` to use a build), starts the sandbox as a child
 * process with the demo data plus a knowledge base of 1,000 documents (e2e/support/bulk-fixture.ts), serves the
 * console with the production headers, and in headless Chromium removes all 1,000 at concurrency 8 through the
 * dialog (check first on), with the report table on screen (scrolled while it updates). Prints:
 *   check-first time; wall time from "Remove 1000 documents" to the batch done; DELETE calls per document (counted
 *   at the sandbox) and documents confirmed deleted; JS heap after (after GC); main-thread long tasks during the
 *   batch in every tab (goal: none over 50 ms). As faults would meet it: `--tabs N` tabs on the knowledge base
 *   (default 3; the others open once the batch runs, show it live and wait to take over); once a quarter is
 *   confirmed the browser goes offline for `--offline-ms N` (default 5000; 0: no cut): the batch holds and resumes
 *   by itself, and no row may fail; once half is confirmed the running tab is closed (`--keep-runner` keeps it) and
 *   another tab takes the batch over. DELETE calls per document must stay 1.0 (plus the re-issues a held lock needs).
 * Everything listens on 127.0.0.1; every wait is bounded; children are stopped on exit. Results: bench-results/bulk.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { RETIRED, retiredDocumentId, writeBulkFixture } from '../e2e/support/bulk-fixture.ts';
import { findChromium, launchBenchChromium } from '../e2e/support/chromium.mjs';
import { startSandbox } from '../e2e/support/sandbox.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENTS = 1_000;
const CONCURRENCY = 8;
const LONG_TASK_GOAL_MS = 50;
const BATCH_TIMEOUT_MS = 10 * 60_000;
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const OFFLINE_MS = Number(opt('offline-ms') ?? 5_000);
const TABS = Math.max(1, Number(opt('tabs') ?? 3));
const CLOSE_RUNNER = TABS > 1 && !args.includes('--keep-runner');

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM')));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));

function serve(dist: string): Promise<string> {
  const child = spawn(
    process.execPath,
    ['scripts/serve-static.mjs', '--dir', dist, '--port', '0', '--connect-src', "'self' http://127.0.0.1:*"],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`static server did not start\n${out}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /static ready url=(\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!);
      }
    });
    child.on('exit', (code) => fail(new Error(`static server exited with ${code}\n${out}`)));
  });
}

/** Records every long task (and when the batch starts and ends) in the page, in performance.now() time. */
function longTaskRecorder() {
  const w = window as unknown as { kcLongTasks: { start: number; duration: number }[] };
  w.kcLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.kcLongTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function main() {
  let dist = opt('dist');
  if (!dist) {
    dist = 'dist-bench-bulk';
    console.log(`building the console into ${dist}/ …`);
    execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('No Chromium found: run `node scripts/ensure-system-deps.mjs` or set CHROMIUM_PATH.');
  const dir = mkdtempSync(join(tmpdir(), 'kc-bench-bulk-'));
  const sandbox = await startSandbox(['--fixture', writeBulkFixture(DOCUMENTS, join(dir, 'fixture.json'))]);
  const browser = await launchBenchChromium(chromium, { executablePath });
  try {
    const base = await serve(dist);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    await context.route('**/config.json', (route) =>
      route.fulfill({
        json: {
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
        },
        headers: { 'cache-control': 'no-store' },
      }),
    );
    await context.addInitScript(longTaskRecorder);
    const page = await context.newPage();
    const errors: string[] = [];
    context.on('page', (p) => p.on('pageerror', (e) => errors.push(e.message)));
    page.on('pageerror', (e) => errors.push(e.message));
    // Sent by any tab (the sandbox counts those that reached it).
    const deletes = new Map<string, number>();
    context.on('request', (req) => {
      const m = /\/v1\/knowledge\/\d+\/document\/(\d+)$/.exec(req.url());
      if (req.method() === 'DELETE' && m) deletes.set(m[1]!, (deletes.get(m[1]!) ?? 0) + 1);
    });

    await page.goto(`${base}knowledge/${RETIRED.knowledgeId}`, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Remove many documents…' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
    const ids = Array.from({ length: DOCUMENTS }, (_, i) => retiredDocumentId(i));
    await dialog.getByLabel('Document ids').fill(ids.join('\n'));
    const checkStart = Date.now();
    await dialog.getByRole('button', { name: `Check ${DOCUMENTS.toLocaleString('en')} ids` }).click();
    await dialog
      .getByTestId('bulk-check-summary')
      // A document's base info names no knowledge base: every document found "exists", none is called found here.
      .getByText(new RegExp(`^${DOCUMENTS.toLocaleString('en')} exist\\b`))
      .waitFor({ timeout: 5 * 60_000 });
    const checkMs = Date.now() - checkStart;
    await dialog.getByLabel('Requests at once').fill(String(CONCURRENCY));
    await dialog.getByLabel(`Type ${DOCUMENTS} to confirm`).fill(String(DOCUMENTS));
    // CPU time of the renderer processes (the page's main thread, mostly), which a busy machine does not inflate
    // the way it stretches the wall time of each task.
    const browserCdp = await browser.newBrowserCDPSession();
    // Per renderer process, the latest figure seen: a closed tab's process leaves the list, not the sum.
    const cpuSeen = new Map<number, number>();
    const rendererCpu = async () => {
      const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: { type: string; id: number; cpuTime: number }[];
      };
      for (const p of processInfo) if (p.type === 'renderer') cpuSeen.set(p.id, p.cpuTime);
      return [...cpuSeen.values()].reduce((sum, t) => sum + t, 0);
    };
    const pageCdp = await context.newCDPSession(page);
    await pageCdp.send('Performance.enable');
    /** Main-thread time by kind (cumulative seconds, from Chromium's own counters). */
    const mainThread = async () =>
      Object.fromEntries(
        ((await pageCdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics
          .filter((m) => /^(Task|Script|Layout|RecalcStyle)Duration$/.test(m.name))
          .map((m) => [m.name.replace('Duration', ''), m.value]),
      ) as Record<'Task' | 'Script' | 'Layout' | 'RecalcStyle', number>;
    const mainBefore = await mainThread();
    const mainThreadSince = async (before: typeof mainBefore) => {
      const after = await mainThread();
      return Object.fromEntries(
        (Object.keys(after) as (keyof typeof after)[]).map((k) => [k, after[k] - before[k]]),
      ) as typeof after;
    };
    const cpuBefore = await rendererCpu();
    const startedAt = await page.evaluate(() => performance.now());
    const wallStart = Date.now();
    await dialog.getByRole('button', { name: `Remove ${DOCUMENTS.toLocaleString('en')} documents` }).click();
    await page.getByTestId('bulk-batch').waitFor({ timeout: 60_000 });
    /** A tab's long tasks from `from` on (its own clock), read before it closes. */
    const tasks: { start: number; duration: number }[] = [];
    const tasksSince = async (p: Page, from: number) =>
      tasks.push(
        ...(await p.evaluate(
          (t0) =>
            (window as unknown as { kcLongTasks: { start: number; duration: number }[] }).kcLongTasks
              .filter((t) => t.start >= t0)
              .map((t) => ({ start: t.start - t0, duration: t.duration })),
          from,
        )),
      );
    // The other tabs open the knowledge base once the batch runs: they show it live and wait to take over.
    const tabs: { page: Page; from: number }[] = [{ page, from: startedAt }];
    for (let i = 1; i < TABS; i++) {
      const other = await context.newPage();
      await other.goto(`${base}knowledge/${RETIRED.knowledgeId}`, { timeout: 60_000 });
      await other.getByTestId('bulk-batch').waitFor({ timeout: 60_000 });
      tabs.push({ page: other, from: await other.evaluate(() => performance.now()) });
    }
    let shown = page;
    const batchIn = (p: Page) => p.getByTestId('bulk-batch');
    let scrolls = 0;
    const count = async (phase: string) =>
      Number(await batchIn(shown).getByTestId(`bulk-count-${phase}`).getAttribute('data-count'));
    const events: string[] = [];
    const at = () => `+${((Date.now() - wallStart) / 1000).toFixed(1)} s`;
    /** The network cut: when it started, and when it ended (undefined while it lasts or before it). */
    const cut: { from?: number; to?: number } = {};
    let runnerClosed = false;
    while (!(await batchIn(shown).and(shown.locator('[data-status="done"]')).count())) {
      if (Date.now() - wallStart > BATCH_TIMEOUT_MS) throw new Error('the batch did not finish in 10 minutes');
      const deletedNow = await count('deleted');
      if (OFFLINE_MS > 0 && cut.from === undefined && deletedNow >= DOCUMENTS / 4) {
        cut.from = Date.now();
        await context.setOffline(true);
        events.push(`network cut at ${at()} (${deletedNow} deleted)`);
      } else if (cut.from !== undefined && cut.to === undefined && Date.now() - cut.from >= OFFLINE_MS) {
        await context.setOffline(false);
        cut.to = Date.now();
        events.push(`network back at ${at()}`);
      }
      if (CLOSE_RUNNER && !runnerClosed && cut.to !== undefined && deletedNow >= DOCUMENTS / 2) {
        runnerClosed = true;
        await tasksSince(page, startedAt);
        await rendererCpu();
        await page.close({ runBeforeUnload: true });
        shown = tabs[1]!.page;
        events.push(`running tab closed at ${at()} (${deletedNow} deleted)`);
      }
      await batchIn(shown)
        .getByTestId('bulk-report-scroller')
        .evaluate((el, n) => el.scrollTo({ top: (n % 20) * 400 }), scrolls++)
        .catch(() => undefined);
      await shown.waitForTimeout(250);
    }
    const wallMs = Date.now() - wallStart;
    const rendererCpuS = (await rendererCpu()) - cpuBefore;
    // The first tab's own counters, when it lived through the batch.
    const busy = runnerClosed ? undefined : await mainThreadSince(mainBefore);
    const deleted = await count('deleted');
    const failed = await count('failed');
    const atSandbox = await sandbox.deleteCalls();
    const sandboxDeletes = Object.values(atSandbox).reduce((a, b) => a + b, 0);
    for (const tab of tabs) if (!tab.page.isClosed()) await tasksSince(tab.page, tab.from);
    const cdp = await context.newCDPSession(shown);
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const heapUsed = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);

    const totalDeletes = [...deletes.values()].reduce((a, b) => a + b, 0);
    const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
    const over = tasks.filter((t) => t.duration > LONG_TASK_GOAL_MS).length;
    const sortedTasks = tasks.map((t) => t.duration).sort((a, b) => a - b);
    const median = sortedTasks.length ? sortedTasks[sortedTasks.length >> 1]! : 0;
    const longestFive = tasks
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5)
      .map((t) => `${t.duration.toFixed(0)} ms at +${(t.start / 1000).toFixed(1)} s of its tab`);
    const result = {
      date: new Date().toISOString().slice(0, 10),
      node: process.version,
      cpus: cpus().length,
      chromium: browser.version(),
      documents: DOCUMENTS,
      concurrency: CONCURRENCY,
      tabs: TABS,
      runnerClosed,
      events,
      deleted,
      failed,
      offlineMs: cut.from !== undefined && cut.to !== undefined ? cut.to - cut.from : 0,
      deleteCallsPerDocumentAtSandbox: sandboxDeletes / DOCUMENTS,
      documentsWithMoreThanOneDeleteAtSandbox: Object.values(atSandbox).filter((n) => n > 1).length,
      checkFirstMs: checkMs,
      wallMs,
      deleteCallsPerDocument: totalDeletes / DOCUMENTS,
      documentsWithMoreThanOneDelete: [...deletes.values()].filter((n) => n > 1).length,
      heapUsedBytes: heapUsed,
      rendererCpuS,
      mainThreadS: busy ?? null,
      longTasks: { count: tasks.length, longestMs: longest, medianMs: median, over50Ms: over, longestFive },
    };
    console.log(
      `\n== bulk removal: ${DOCUMENTS} documents, concurrency ${CONCURRENCY}, ${TABS} tab(s) (Chromium ${browser.version()})`,
    );
    for (const event of events) console.log(`- ${event}`);
    console.log(`| What | Figure |\n|---|---|`);
    console.log(`| Check first (${DOCUMENTS} base-info reads, 8 at a time) | ${(checkMs / 1000).toFixed(1)} s |`);
    console.log(`| Wall time, "Remove" to done (${deleted} deleted) | ${(wallMs / 1000).toFixed(1)} s |`);
    console.log(
      `| DELETE calls per document, sent by the page | ${result.deleteCallsPerDocument.toFixed(3)} (${result.documentsWithMoreThanOneDelete} with more than one) |`,
    );
    console.log(
      `| DELETE calls per document, reached the sandbox | ${result.deleteCallsPerDocumentAtSandbox.toFixed(3)} (${result.documentsWithMoreThanOneDeleteAtSandbox} with more than one) |`,
    );
    console.log(
      `| Network cut mid-batch | ${result.offlineMs ? `${(result.offlineMs / 1000).toFixed(1)} s offline` : 'none'} |`,
    );
    console.log(`| Confirmed deleted / failed | ${deleted} of ${DOCUMENTS} / ${failed} |`);
    console.log(`| JS heap after (after GC) | ${(heapUsed / 1e6).toFixed(1)} MB |`);
    console.log(`| Renderer CPU time during the batch | ${rendererCpuS.toFixed(1)} s |`);
    if (busy)
      console.log(
        `| Main thread busy during the batch | ${busy.Task.toFixed(1)} s: script ${busy.Script.toFixed(1)} s, style ${busy.RecalcStyle.toFixed(1)} s, layout ${busy.Layout.toFixed(1)} s |`,
      );
    console.log(
      `| Long tasks during the batch (every tab) | ${tasks.length}, longest ${longest.toFixed(0)} ms, median ${median.toFixed(0)} ms, ${over} over ${LONG_TASK_GOAL_MS} ms |`,
    );
    console.log(`longest five: ${longestFive.join('; ')}`);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'bulk.json'), JSON.stringify(result, null, 2));
    console.log('\nwritten: bench-results/bulk.json');
  } finally {
    await browser.close();
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
