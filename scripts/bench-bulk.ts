/**
 * `npm run bench:bulk`: figures for a bulk removal, not a pass/fail test.
 * Builds the console (into dist-bench-bulk/, or `--dist <dir>` to use a build), starts the sandbox as a child
 * process with the demo data plus a knowledge base of 1,000 documents (e2e/support/bulk-fixture.ts), serves the
 * console with the production headers, and in headless Chromium removes all 1,000 at concurrency 8 through the
 * dialog (check first on), with the report table on screen (scrolled while it updates). Prints:
 *   check-first time; wall time from "Remove 1000 documents" to the batch done; DELETE calls per document (counted
 *   at the sandbox) and documents confirmed deleted; JS heap after (after GC); main-thread long tasks during the
 *   batch (goal: none over 50 ms). Midway (half the documents confirmed) the browser goes offline for
 *   `--offline-ms N` (default 5000; 0: no cut): the batch holds and resumes by itself, and no row may fail.
 * Everything listens on 127.0.0.1; every wait is bounded; children are stopped on exit. Results: bench-results/bulk.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
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
    page.on('pageerror', (e) => errors.push(e.message));
    const deletes = new Map<string, number>();
    page.on('request', (req) => {
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
      .getByText(`${DOCUMENTS.toLocaleString('en')} found, 0 unknown`)
      .waitFor({ timeout: 5 * 60_000 });
    const checkMs = Date.now() - checkStart;
    await dialog.getByLabel('Requests at once').fill(String(CONCURRENCY));
    await dialog.getByLabel(`Type ${DOCUMENTS} to confirm`).fill(String(DOCUMENTS));
    // CPU time of the renderer processes (the page's main thread, mostly), which a busy machine does not inflate
    // the way it stretches the wall time of each task.
    const browserCdp = await browser.newBrowserCDPSession();
    const rendererCpu = async () =>
      (
        (await browserCdp.send('SystemInfo.getProcessInfo')) as {
          processInfo: { type: string; cpuTime: number }[];
        }
      ).processInfo
        .filter((p) => p.type === 'renderer')
        .reduce((sum, p) => sum + p.cpuTime, 0);
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
    const cpuBefore = await rendererCpu();
    const startedAt = await page.evaluate(() => performance.now());
    const wallStart = Date.now();
    await dialog.getByRole('button', { name: `Remove ${DOCUMENTS.toLocaleString('en')} documents` }).click();
    const batch = page.getByTestId('bulk-batch');
    await batch.waitFor({ timeout: 60_000 });
    // Scroll the report while it updates, as an admin watching it would.
    const scroller = batch.getByTestId('bulk-report-scroller');
    const done = batch.and(page.locator('[data-status="done"]'));
    let scrolls = 0;
    const deletedNow = async () => Number(await batch.getByTestId('bulk-count-deleted').getAttribute('data-count'));
    /** The network cut: when it started, and when it ended (undefined while it lasts or before it). */
    const cut: { from?: number; to?: number } = {};
    while (!(await done.count())) {
      if (Date.now() - wallStart > BATCH_TIMEOUT_MS) throw new Error('the batch did not finish in 10 minutes');
      if (OFFLINE_MS > 0 && cut.from === undefined && (await deletedNow()) >= DOCUMENTS / 2) {
        cut.from = Date.now();
        await context.setOffline(true);
      } else if (cut.from !== undefined && cut.to === undefined && Date.now() - cut.from >= OFFLINE_MS) {
        await context.setOffline(false);
        cut.to = Date.now();
      }
      await scroller.evaluate((el, n) => el.scrollTo({ top: (n % 20) * 400 }), scrolls++).catch(() => undefined);
      await page.waitForTimeout(250);
    }
    const wallMs = Date.now() - wallStart;
    const endedAt = await page.evaluate(() => performance.now());
    const rendererCpuS = (await rendererCpu()) - cpuBefore;
    const mainAfter = await mainThread();
    const busy = Object.fromEntries(
      (Object.keys(mainAfter) as (keyof typeof mainAfter)[]).map((k) => [k, mainAfter[k] - mainBefore[k]]),
    ) as typeof mainAfter;
    const deleted = await deletedNow();
    const failed = Number(await batch.getByTestId('bulk-count-failed').getAttribute('data-count'));
    const atSandbox = await sandbox.deleteCalls();
    const sandboxDeletes = Object.values(atSandbox).reduce((a, b) => a + b, 0);
    const tasks = await page.evaluate(
      ([from, to]) =>
        (window as unknown as { kcLongTasks: { start: number; duration: number }[] }).kcLongTasks.filter(
          (t) => t.start >= from! && t.start <= to!,
        ),
      [startedAt, endedAt],
    );
    const cdp = await context.newCDPSession(page);
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
      .map((t) => `${t.duration.toFixed(0)} ms at +${((t.start - startedAt) / 1000).toFixed(1)} s`);
    const result = {
      date: new Date().toISOString().slice(0, 10),
      node: process.version,
      cpus: cpus().length,
      chromium: browser.version(),
      documents: DOCUMENTS,
      concurrency: CONCURRENCY,
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
      mainThreadS: busy,
      longTasks: { count: tasks.length, longestMs: longest, medianMs: median, over50Ms: over, longestFive },
    };
    console.log(
      `\n== bulk removal: ${DOCUMENTS} documents, concurrency ${CONCURRENCY} (Chromium ${browser.version()})`,
    );
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
    console.log(
      `| Main thread busy during the batch | ${busy.Task.toFixed(1)} s: script ${busy.Script.toFixed(1)} s, style ${busy.RecalcStyle.toFixed(1)} s, layout ${busy.Layout.toFixed(1)} s |`,
    );
    console.log(
      `| Long tasks during the batch | ${tasks.length}, longest ${longest.toFixed(0)} ms, median ${median.toFixed(0)} ms, ${over} over ${LONG_TASK_GOAL_MS} ms |`,
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
