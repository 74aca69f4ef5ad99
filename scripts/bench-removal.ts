/**
 * `npm run bench -- removal`: figures for `npm run remove` (the removal engine headless), not a pass/fail test.
 * Starts the sandbox as a child process with the demo data plus a knowledge base of 10,000 documents
 * (e2e/support/bulk-fixture.ts), puts a fault proxy in front of its knowledge host (e2e/support/fault-proxy.ts):
 * 5 % of the documents have their first DELETE refused with a 502, 5 % have it applied and its answer lost, 1 % are
 * locked until their first DELETE has been answered (a 200 that deleted nothing). Then runs the CLI at concurrency 8
 * and prints: documents deleted; DELETEs per untroubled document (must be 1.000); documents per second (the CLI's
 * wall time, check first included); the CLI's peak memory. `--documents N` (default 10,000), `--lock-window-ms N`
 * (the sandbox's lock wait and the CLI's window: default 2,000, not the service's 30 s, so a held lock costs the
 * bench seconds, not minutes). Results: bench-results/removal.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RETIRED, retiredDocumentId, writeBulkFixture } from '../e2e/support/bulk-fixture.ts';
import { startSandbox } from '../e2e/support/sandbox.ts';
import { startFaultProxy } from '../e2e/support/fault-proxy.ts';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const DOCUMENTS = Number(opt('documents') ?? 10_000);
const LOCK_MS = Number(opt('lock-window-ms') ?? 2_000);
const CONCURRENCY = 8;
const FAULTS = !args.includes('--no-faults');

const dir = mkdtempSync(join(tmpdir(), 'kc-bench-removal-'));
const sandbox = await startSandbox([
  '--fixture',
  writeBulkFixture(DOCUMENTS, join(dir, 'fixture.json')),
  '--lock-wait-ms',
  String(LOCK_MS),
]);
try {
  const ids = Array.from({ length: DOCUMENTS }, (_, i) => retiredDocumentId(i));
  // Faults by index, spread through the list: every 20th refused, every 20th (offset) answer lost, every 100th locked.
  const refused = new Set(ids.filter((_, i) => FAULTS && i % 20 === 3));
  const lost = new Set(ids.filter((_, i) => FAULTS && i % 20 === 11));
  const locked = new Set(ids.filter((_, i) => FAULTS && i % 100 === 57));
  for (const id of locked) await sandbox.holdLock(id, 10 * 60_000);
  const proxy = await startFaultProxy(sandbox.secondaryUrl, {
    refuse: (id, n) => n === 1 && refused.has(id),
    loseAnswer: (id, n) => n === 1 && lost.has(id),
    delayMs: (id, n) => {
      // Let go once the held DELETE has been answered (the sandbox waits LOCK_MS, then answers 200, deleting nothing).
      if (n === 1 && locked.has(id)) setTimeout(() => void sandbox.releaseLock(id), LOCK_MS + 500);
      return 0;
    },
  });
  const idsFile = join(dir, 'ids.txt');
  writeFileSync(idsFile, `${ids.join('\n')}\n`);
  const json = join(dir, 'report.json');
  const started = performance.now();
  const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((settle) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/remove.ts',
        '--knowledge-id',
        RETIRED.knowledgeId,
        '--ids',
        idsFile,
        '--base-url',
        sandbox.baseUrl,
        '--secondary-url',
        proxy.url,
        '--concurrency',
        String(CONCURRENCY),
        '--lock-window-ms',
        String(LOCK_MS),
        ...(args.includes('--no-state') ? [] : ['--state', join(dir, 'state.jsonl')]),
        '--json',
        json,
      ],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', KC_TOKEN: sandbox.token }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => settle({ code, stdout, stderr }));
  });
  const seconds = (performance.now() - started) / 1000;
  await proxy.stop();
  const report = JSON.parse(readFileSync(json, 'utf8')) as { documents: { outcome: string }[] };
  const deleted = report.documents.filter((d) => d.outcome === 'deleted').length;
  const untroubled = ids.filter((id) => !refused.has(id) && !lost.has(id) && !locked.has(id));
  const untroubledDeletes = untroubled.reduce((n, id) => n + (proxy.deletes.get(id) ?? 0), 0);
  const peak = /peak memory (\d+) MB/.exec(out.stdout)?.[1];
  const results = {
    documents: DOCUMENTS,
    concurrency: CONCURRENCY,
    faults: { refused502: refused.size, answersLost: lost.size, locksHeld: locked.size },
    lockWindowMs: LOCK_MS,
    exitCode: out.code,
    deleted,
    deletesPerUntroubledDocument: Number((untroubledDeletes / untroubled.length).toFixed(3)),
    deletesTotal: [...proxy.deletes.values()].reduce((a, b) => a + b, 0),
    wallSeconds: Number(seconds.toFixed(1)),
    documentsPerSecond: Number((DOCUMENTS / seconds).toFixed(1)),
    peakMemoryMb: peak === undefined ? null : Number(peak),
  };
  console.log(out.stdout.split('\n').slice(-3).join('\n'));
  if (out.stderr.trim()) console.error(out.stderr.trim().split('\n').slice(-5).join('\n'));
  console.log(
    `\nremoval: ${deleted} of ${DOCUMENTS} deleted (exit ${out.code}) · DELETEs per untroubled document ${results.deletesPerUntroubledDocument.toFixed(3)} (goal 1.000) · ${results.documentsPerSecond} documents/s at concurrency ${CONCURRENCY} (${results.wallSeconds} s, check first included) · peak memory ${results.peakMemoryMb} MB · ${results.deletesTotal} DELETEs in all`,
  );
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results', 'removal.json'), `${JSON.stringify(results, null, 2)}\n`);
  if (deleted !== DOCUMENTS || results.deletesPerUntroubledDocument !== 1) process.exitCode = 1;
} finally {
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}
