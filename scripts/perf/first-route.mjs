#!/usr/bin/env node
// The first visit's weight against the bare app, as e2e/budget.spec.ts checks it, printed:
//   node scripts/perf/first-route.mjs [--no-build] [--dist dist-perf] [--files]
// Builds the console (into dist-perf/ unless --no-build) and the bare app (scripts/perf/baseline-app, into a temp
// folder), serves the console with the production headers beside a sandbox with the demo data, and weighs / and a
// knowledge base on a cold load in headless Chromium (scripts/perf/weigh.mjs). --files lists every file fetched.
// Exits 1 when a page is over its ceiling (CONSOLE_PAGES in weigh.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { launchBenchChromium } from '../../e2e/support/chromium.mjs';
import { sandboxConfig, serveConsole } from './servers.mjs';
import { buildBaseline, kb, ratioTable, serveDir, weighAll } from './weigh.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string', default: 'dist-perf' },
    files: { type: 'boolean', default: false },
  },
});
const DIST = resolve(ROOT, options.dist);

async function main() {
  if (!options['no-build']) {
    execFileSync(
      join(ROOT, 'node_modules/.bin/vite'),
      ['build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        timeout: 300_000,
      },
    );
  }
  const bareDist = mkdtempSync(join(tmpdir(), 'kc-baseline-'));
  const stops = [() => rmSync(bareDist, { recursive: true, force: true })];
  try {
    buildBaseline(bareDist);
    const { startSandbox } = await tsImport('../../e2e/support/sandbox.ts', import.meta.url);
    const sandbox = await startSandbox();
    stops.push(() => sandbox.stop());
    const site = await serveConsole(DIST);
    stops.push(site.stop);
    const base = site.url;
    const bare = await serveDir(bareDist);
    stops.push(() => bare.close());
    const browser = await launchBenchChromium(chromium);
    stops.push(() => browser.close());

    const { rows, verdicts } = await weighAll(browser, {
      consoleUrl: base,
      consoleDist: DIST,
      bareUrl: bare.url,
      bareDist,
      config: sandboxConfig(sandbox),
    });
    if (options.files) {
      for (const [name, w] of rows) {
        console.log(`\n${name}: ${w.files.length} files`);
        for (const f of w.files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
      }
      console.log('');
    }
    console.log(ratioTable(rows));
    for (const v of verdicts)
      console.log(`${v.ok ? 'ok  ' : 'OVER'} ${v.name}: ${v.ratio.toFixed(2)} × ${v.against} (ceiling ${v.max})`);
    return verdicts.every((v) => v.ok);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

process.exit((await main()) === false ? 1 : 0);
