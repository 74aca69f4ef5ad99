/**
 * Streaming benchmark for the playground: figures, not a pass/fail test.
 *   npx tsx scripts/bench-stream.ts [--deltas 2000] [--interval-ms 2] [--dist dist-bench] [--no-build]
 * Builds the console (unless --no-build and the folder exists), serves it with the production headers,
 * starts a tiny SSE server on 127.0.0.1 (port 0) that streams N deltas in the sandbox's event shape,
 * opens /playground in headless Chromium with stream on, sends one message and prints:
 *   frame times while streaming (requestAnimationFrame deltas: p50 / p95 / max, frames over 50 ms),
 *   long tasks (PerformanceObserver 'longtask': count, total, longest), time to first text and to the end.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { findChromium, launchBenchChromium } from '../e2e/support/chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const DELTAS = Number(opt('deltas', '2000'));
const INTERVAL_MS = Number(opt('interval-ms', '2'));
const DIST = opt('dist', 'dist-bench');
const TOKEN = 'bench-token';
const WORDS = ['beacon', 'battery', 'display', 'sensor', 'reading', 'energy', 'monitor', 'home', 'charge', 'days'];

/** Delta i: three words, sometimes bold, a paragraph break every 40 deltas and a list now and then. */
function delta(i: number): string {
  const w = (k: number) => WORDS[(i * 3 + k) % WORDS.length]!;
  let text = i % 17 === 0 ? `**${w(0)}** ${w(1)} ${w(2)} ` : `${w(0)} ${w(1)} ${w(2)} `;
  if (i % 40 === 39) text += '\n\n';
  if (i % 200 === 199) text += '- one item\n- another item\n\n';
  return text;
}

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
  res.setHeader('Access-Control-Expose-Headers', 'X-Conversation-Id');
}

/** Answers completions with an SSE stream of DELTAS deltas, then the result and [DONE]; 404 ErrorResponse otherwise. */
/** How long the last stream took on the server's side (first delta to [DONE]). */
let serverStreamMs = 0;

function startSseServer(): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    cors(req, res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    req.resume();
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/spaces/completions/')) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify({ code: 404, message: 'not found' }));
    }
    req.on('end', () => {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        'X-Conversation-Id': '1',
      });
      let i = 0;
      let full = '';
      const started = performance.now();
      const tick = () => {
        if (res.destroyed) return;
        if (i < DELTAS) {
          const d = delta(i++);
          full += d;
          res.write(`data: ${JSON.stringify({ type: 'stream', message: d })}\n\n`);
          setTimeout(tick, INTERVAL_MS);
          return;
        }
        const result = {
          message_id: '1',
          user_message: 'bench',
          assistant_message: full,
          document_chunks: [
            {
              document_id: '1',
              document_name: 'bench.md',
              dataset_id: '1',
              chunk_index: 0,
              content: 'bench',
              score: 1,
            },
          ],
          token_usage: {
            model_name: 'bench',
            total_tokens: DELTAS * 4,
            prompt_tokens: DELTAS,
            completion_tokens: DELTAS * 3,
            successful_requests: 1,
          },
        };
        res.write(`data: ${JSON.stringify({ type: 'result', result })}\n\n`);
        res.end('data: [DONE]\n\n');
        serverStreamMs = performance.now() - started;
      };
      tick();
    });
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    ),
  );
}

function startStatic(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['scripts/serve-static.mjs', '--dir', DIST, '--port', '0', '--connect-src', "'self' http://127.0.0.1:*"],
    { cwd: ROOT },
  );
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /static ready url=(\S+)/.exec(out);
      if (m) ok({ url: m[1]!, child });
    });
    child.on('exit', (code) => fail(new Error(`serve-static exited with ${code}`)));
  });
}

// In-page scripts are strings: the TypeScript runner would wrap functions in helpers the page does not have.
/** Frame times and long tasks, from just before the send to the final render. */
const INSTRUMENT = `(() => {
  const bench = { frames: [], long: [], running: true, firstText: 0, t0: performance.now() };
  window.kcBench = bench;
  let last = performance.now();
  const loop = (t) => {
    bench.frames.push(t - last);
    last = t;
    if (!bench.firstText && document.querySelector('[data-testid="streaming-answer"]')?.textContent?.trim()) bench.firstText = performance.now() - bench.t0;
    if (bench.running) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => list.getEntries().forEach((e) => bench.long.push(e.duration))).observe({ type: 'longtask' });
})()`;

/** One more frame so the final render is counted, then the figures. */
const COLLECT = `new Promise((ok) => requestAnimationFrame(() => {
  const b = window.kcBench;
  b.running = false;
  ok({ frames: b.frames.slice(1), long: b.long, firstText: b.firstText, total: performance.now() - b.t0, chars: document.querySelector('[data-testid="answer-text"]')?.textContent?.length ?? 0 });
}))`;

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  if (!args.includes('--no-build') || !existsSync(`${ROOT}/${DIST}/index.html`)) {
    console.log(`building the console into ${DIST}/ …`);
    const build = spawnSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH).');
  const sse = await startSseServer();
  const site = await startStatic();
  const browser = await launchBenchChromium(chromium, { executablePath });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/config.json', (route) =>
      route.fulfill({
        json: {
          default_profile: 'bench',
          profiles: [{ id: 'bench', name: 'Bench', base_url: sse.url, secondary_url: sse.url, token: TOKEN }],
        },
      }),
    );
    await page.goto(`${site.url}playground/101`);
    await page.getByRole('switch', { name: /^stream\b/ }).check({ force: true });
    await page.getByLabel('Message', { exact: true }).fill('Stream a long answer');

    // Frame times and long tasks, from just before the send to the final render.
    await page.evaluate(INSTRUMENT);
    await page.getByLabel('Message', { exact: true }).press('Enter');
    await page.locator('[data-testid="answer"][data-status="done"]').waitFor({ timeout: 180_000 });
    const stats = (await page.evaluate(COLLECT)) as {
      frames: number[];
      long: number[];
      firstText: number;
      total: number;
      chars: number;
    };
    const frames = [...stats.frames].sort((a, b) => a - b);
    const longTotal = stats.long.reduce((a, b) => a + b, 0);
    console.log(
      `\nplayground streaming benchmark — ${DELTAS} deltas, one every ${INTERVAL_MS} ms (server side), headless Chromium`,
    );
    console.log(`  server: the stream took ${ms(serverStreamMs)} to send`);
    console.log(
      `  answer: ${stats.chars.toLocaleString('en')} characters rendered; first text after ${ms(stats.firstText)}; final render after ${ms(stats.total)}`,
    );
    console.log(
      `  frames: ${frames.length}; frame time p50 ${ms(pct(frames, 50))}, p95 ${ms(pct(frames, 95))}, max ${ms(frames.at(-1) ?? Number.NaN)}; over 50 ms: ${frames.filter((f) => f > 50).length}`,
    );
    console.log(
      `  long tasks: ${stats.long.length}, total ${ms(longTotal)}, longest ${ms(Math.max(0, ...stats.long))}`,
    );
    if (errors.length) console.log(`  page errors: ${errors.join(' | ')}`);
  } finally {
    await browser.close();
    site.child.kill('SIGTERM');
    sse.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
