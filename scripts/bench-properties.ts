/**
 * `npm run bench -- properties [--runs-factor N] [--seed S]`: the properties `npm test` checks with a fixed seed
 * (src/test/properties.ts), run longer — N times their runs (default 50), with a random seed unless one is given —
 * printing per property its runs, failures and time, and the seed and counterexample of a failure (replay it with
 * `--seed`). Results: bench-results/properties.json. Exits 1 when any property fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { PROPERTIES } from '../src/test/properties';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { 'runs-factor': { type: 'string', default: '50' }, seed: { type: 'string' } },
  strict: false,
});
const factor = Math.max(1, Number(values['runs-factor']) || 50);
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);

console.log(`seed ${seed}, ${factor}× the runs of npm test`);
const results = [];
for (const p of PROPERTIES) {
  const started = performance.now();
  const details = fc.check(p.property, { seed, numRuns: p.runs * factor });
  const ms = Math.round(performance.now() - started);
  const result = {
    name: p.name,
    runs: details.numRuns,
    failures: details.failed ? 1 : 0,
    ms,
    ...(details.failed
      ? {
          seed: details.seed,
          path: details.counterexamplePath,
          counterexample: fc.stringify(details.counterexample),
          error: String(details.errorInstance).split('\n')[0],
        }
      : {}),
  };
  results.push(result);
  console.log(
    `${details.failed ? 'FAIL' : 'ok  '} ${String(result.runs).padStart(7)} runs ${String(result.failures).padStart(2)} failures ${String(ms).padStart(7)} ms  ${p.name}`,
  );
  if (details.failed)
    console.log(
      `     seed ${details.seed}, path ${details.counterexamplePath}: ${result.counterexample}\n     ${result.error}`,
    );
}
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results', 'properties.json'), JSON.stringify({ seed, factor, results }, null, 2));
console.log('\nwritten: bench-results/properties.json');
process.exit(results.some((r) => r.failures > 0) ? 1 : 0);
