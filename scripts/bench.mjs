#!/usr/bin/env node
// `npm run bench [-- section…] [-- --flag …]`: the benchmarks, one section after another. Each section is a script
// that prints its figures and writes bench-results/<section>.json; figures, not pass/fail tests.
//   npm run bench                      every section
//   npm run bench -- console --runs 3  one section; flags go to every section run
// Adding a section is one line in SECTIONS.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** name → script (run with tsx as a loader, so .ts and .mjs alike). */
const SECTIONS = {
  console: 'scripts/bench-console.mjs', // build, first-visit weight, render times in Chromium
  sandbox: 'scripts/bench-sandbox.ts', // the sandbox alone: completion, delete, GET throughput
  suites: 'scripts/bench-suites.ts', // 2,000 cases × 2 variants × 3 at concurrency 8 in Chromium: wall time, long tasks
  bulk: 'scripts/bench-bulk.ts', // a 1,000-document bulk removal at concurrency 8 in Chromium
  'suite-reports': 'scripts/bench-suite-reports.ts', // peak memory writing each report of a 5,000-case run, 60 KB answers
  properties: 'scripts/bench-properties.ts', // npm test's properties (CSV, suite files, path ids, matches), 50× longer, random seed
  removal: 'scripts/bench-removal.ts', // npm run remove: 10,000 documents through a fault proxy at concurrency 8
};

const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('--') && SECTIONS[a]);
const flags = args.filter((a) => !names.includes(a));
const unknown = args.filter((a, i) => !a.startsWith('--') && !SECTIONS[a] && !args[i - 1]?.startsWith('--'));
if (unknown.length) {
  console.error(`bench: no section ${unknown.join(', ')} (sections: ${Object.keys(SECTIONS).join(', ')})`);
  process.exit(2);
}

let failed = false;
for (const name of names.length ? names : Object.keys(SECTIONS)) {
  console.log(`\n━━ bench: ${name} (${SECTIONS[name]}) ━━`);
  const { status } = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/exit-with-parent.mjs', SECTIONS[name], ...flags],
    { cwd: ROOT, stdio: 'inherit', timeout: 1_800_000 },
  );
  if (status !== 0) {
    console.error(`bench: section ${name} failed (exit ${status})`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
