#!/usr/bin/env node
// `npm test`: every check, one phase after another, then a table of each phase's result and wall time.
//   node scripts/test-all.mjs [phase …] [--bail] [-- <arguments for Playwright>]
// Phases: typecheck, lint, unit, deps (what the browser tests need from the system), e2e (every spec but the
// screenshot writers, console built at /), subpath (only the @base-path specs, console built under /kc/); no phase
// named: those. screenshots (only the @screenshots tests, which write test-results/screenshots/) runs when named.
// It keeps going after a failed phase, so one run shows every failure (--bail stops at the first); it exits 1 if
// any phase failed. Each phase runs in its own process group: Ctrl-C or a kill of this script stops all of it, and
// the servers Playwright starts stop by themselves if it is killed outright (scripts/exit-with-parent.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const HOOK = './scripts/exit-with-parent.mjs';
const PLAYWRIGHT = 'node_modules/@playwright/test/cli.js';
const dist = process.env.E2E_DIST ?? 'dist';

const playwright = (env) => ({
  command: process.execPath,
  args: ['--import', HOOK, PLAYWRIGHT, 'test'],
  env,
  passThrough: true,
});

/** name → what to run. Adding a phase is one line. */
const PHASES = {
  typecheck: { command: 'npm', args: ['run', '--silent', 'typecheck'] },
  lint: { command: 'npm', args: ['run', '--silent', 'lint'] },
  unit: { command: 'npm', args: ['run', '--silent', 'test:unit'] },
  deps: { command: process.execPath, args: ['scripts/ensure-system-deps.mjs'] },
  e2e: { ...playwright({ BASE_PATH: '/' }), report: `test-results/${dist}.json` },
  subpath: { ...playwright({ BASE_PATH: '/kc/' }), report: `test-results/${dist}-subpath.json` },
  // Not in `npm test`: only the tests that write screenshots for a person to look at (`npm run screenshots`).
  screenshots: { ...playwright({ BASE_PATH: '/', E2E_SCREENSHOTS: '1' }), report: `test-results/${dist}.json` },
};
/** What `npm test` runs when no phase is named. */
const DEFAULT_PHASES = ['typecheck', 'lint', 'unit', 'deps', 'e2e', 'subpath'];

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const own = dashes >= 0 ? argv.slice(0, dashes) : argv;
const forPlaywright = dashes >= 0 ? argv.slice(dashes + 1) : [];
const bail = own.includes('--bail');
const names = own.filter((a) => !a.startsWith('--'));
for (const name of names) {
  if (!PHASES[name]) {
    console.error(`test-all: no phase "${name}" (phases: ${Object.keys(PHASES).join(', ')})`);
    process.exit(2);
  }
}
const selected = names.length ? names : DEFAULT_PHASES;

let current;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
    // The whole group: npm, its shell, the tools and their servers.
    if (current?.exitCode === null) {
      try {
        process.kill(-current.pid, signal === 'SIGHUP' ? 'SIGTERM' : signal);
      } catch {
        // already gone
      }
    } else process.exit(130);
  });
}
process.on('exit', () => {
  if (current?.exitCode === null) {
    try {
      process.kill(-current.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function run({ command, args, env, passThrough }) {
  return new Promise((done) => {
    current = spawn(command, [...args, ...(passThrough ? forPlaywright : [])], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    current.on('error', (error) => {
      console.error(`test-all: could not start ${command}: ${error.message}`);
      done(1);
    });
    current.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** "12 passed, 1 skipped" from a Playwright JSON report written by this run. */
function reportSummary(file, since) {
  const path = resolve(ROOT, file);
  if (!existsSync(path)) return '';
  try {
    const report = JSON.parse(readFileSync(path, 'utf8'));
    if (Date.parse(report.stats.startTime) < since) return '';
    const { expected, unexpected, flaky, skipped } = report.stats;
    return [
      `${expected} passed`,
      unexpected && `${unexpected} failed`,
      flaky && `${flaky} flaky`,
      skipped && `${skipped} skipped`,
    ]
      .filter(Boolean)
      .join(', ');
  } catch {
    return '';
  }
}

const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const results = [];
const started = Date.now();
for (const name of selected) {
  if (stopping) break;
  const phase = PHASES[name];
  console.log(`\n━━ ${name} ━━`);
  const t0 = Date.now();
  const code = await run(phase);
  results.push({
    name,
    ok: code === 0,
    ms: Date.now() - t0,
    note: phase.report ? reportSummary(phase.report, t0) : '',
  });
  if (code !== 0 && bail) break;
}

console.log(`\n${'phase'.padEnd(10)} ${'result'.padEnd(7)} ${'wall'.padStart(6)}`);
for (const r of results) {
  console.log(`${r.name.padEnd(10)} ${(r.ok ? 'ok' : 'FAILED').padEnd(7)} ${clock(r.ms).padStart(6)}  ${r.note}`);
}
const skipped = selected.filter((n) => !results.some((r) => r.name === n));
if (skipped.length) console.log(`not run: ${skipped.join(', ')}${stopping ? ' (interrupted)' : ' (--bail)'}`);
console.log(`${'total'.padEnd(18)} ${clock(Date.now() - started).padStart(6)}`);
process.exit(stopping ? 130 : results.every((r) => r.ok) && !skipped.length ? 0 : 1);
