#!/usr/bin/env -S node --import tsx
/**
 * npm run remove -- --knowledge-id ID --ids FILE --base-url URL --secondary-url URL [options]
 *
 * Removes documents from a knowledge base without a browser, with the console's own removal engine
 * (src/removal-engine): each id is checked first (its base info read), deleted, and confirmed by a read; a DELETE
 * that hit a held lock is sent again once the lock window has passed, an unknown answer is settled by a read, 5xx and
 * 429 hold the sends back (Retry-After heeded), a refused token (401/403) stops the run. With --state FILE the run's
 * progress is kept as it goes (scripts/remove-state.ts): killed at any moment and started again with the same file,
 * it sends no second DELETE for a document already confirmed.
 *
 * With --probe-space a sample of the documents (src/removal-engine/batch/probe-sample.ts) is probed for "gone from
 * answers" with the probe core: a positive control before the DELETEs, probes once the read confirmed each delete.
 *
 * Exit codes: 0 every document deleted (or not there at the check) and every probed one not retrieved, 1 otherwise,
 * 2 bad arguments or input (nothing sent). The reports (--report CSV, --json) are written however the run ends, signals included. The token is read
 * from an environment variable and never printed or written.
 */
import { accessSync, constants, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { newId } from '../src/lib/ids';
import { countPhases, phaseOf, type Batch, type BatchRow } from '../src/removal-engine/batch/batch';
import { createBatchIo } from '../src/removal-engine/batch/batch-io';
import { REMOVE_CLI_BOUNDS } from '../src/removal-engine/batch/bounds';
import { lookUpAll, summarise, type Lookup } from '../src/removal-engine/batch/check-first';
import { parseIds, sourceOfFile } from '../src/removal-engine/batch/parse-ids';
import { reportCsv, reportJson, reportRows } from '../src/removal-engine/batch/report';
import { reportEvidence } from '../src/removal-engine/batch/report-evidence';
import { createBatchScheduler, type BatchScheduler } from '../src/removal-engine/batch/scheduler';
import { createBatchProbes, type BatchProbes } from '../src/removal-engine/batch/batch-probes';
import { createProbeIo } from '../src/removal-engine/batch/probe-io';
import { PROBE_SAMPLE, probeSample } from '../src/removal-engine/batch/probe-sample';
import { DEFAULT_PROBE_TIMING, probeTiming, type ProbeRun, type ShownBehaviour } from '../src/removal-engine/probe';
import { DEFAULT_TIMING } from '../src/removal-engine/single/machine';
import { cliProfile } from './cli-profile';
import { cliBehaviour, shownLabels } from './remove-behaviour';
import { openState, readState, type StateFile } from './remove-state';

const USAGE = `usage: npm run remove -- --knowledge-id ID --ids FILE --base-url URL --secondary-url URL [options]

  --knowledge-id ID    the knowledge base the documents are removed from
  --ids FILE           document ids: one per line (or separated by commas, semicolons, spaces); a .csv file by its
                       first column; a header line is skipped; at most ${REMOVE_CLI_BOUNDS.maxIds.toLocaleString('en')} ids
  --base-url URL       the service's base_url (documents)
  --secondary-url URL  the service's secondary_url (knowledge)
  --token-env NAME     the environment variable holding the bearer token (default KC_TOKEN); never printed
  --concurrency N      requests in flight at once, DELETEs and reads together (1-${REMOVE_CLI_BOUNDS.concurrencyMax}, default ${REMOVE_CLI_BOUNDS.concurrencyDefault})
  --report OUT.csv     the report: one line per id, its outcome, attempts and what confirmed it
  --json OUT.json      the same report as JSON
  --state FILE         keep progress in FILE as it goes; run again with the same FILE to resume
  --lock-window-ms N   how long the service holds a document's lock before a DELETE that deleted nothing is
                       answered (default ${DEFAULT_TIMING.lockWindowMs}, the documented ~30 s)
  --probe-space ID     check that deleted documents are gone from answers, by probing retrieval through this space:
                       a sample of the documents (--probe-sample) gets a positive control before the DELETEs, then
                       probes once the read confirmed the delete (each probe is a billed completion)
  --probe-sample N     how many documents are probed, spread evenly over the list (default ${PROBE_SAMPLE.perBatch}, at most ${PROBE_SAMPLE.max})
  --probe-gap-ms N     the least time between two probes of a document (default ${DEFAULT_PROBE_TIMING.minGapMs})
  --probe-window-ms N  how long a document still found is probed before "still in answers" (default ${DEFAULT_PROBE_TIMING.windowMs})
  --behaviour-file FILE
                       keep what the service has shown to probes (what a read returns after a delete, whether pieces
                       carry document_id, how a restriction treats a deleted document) in FILE across runs, keyed by
                       --base-url: later runs do not pay to learn it again (default: none; --state keeps it for a
                       resumed run)
  --dry-run            check the ids (reads only) and write the reports; send nothing (no probe either)

  Exit codes: 0 every document deleted (or not there at the check) and, with --probe-space, every probed one
  not retrieved; 1 otherwise (not deleted, still in answers, not checkable, probe failed); 2 bad arguments or input.`;

function usageError(message: string): never {
  console.error(`remove: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      options: {
        'knowledge-id': { type: 'string' },
        ids: { type: 'string' },
        'base-url': { type: 'string' },
        'secondary-url': { type: 'string' },
        'token-env': { type: 'string' },
        concurrency: { type: 'string' },
        report: { type: 'string' },
        json: { type: 'string' },
        state: { type: 'string' },
        'lock-window-ms': { type: 'string' },
        'probe-space': { type: 'string' },
        'probe-sample': { type: 'string' },
        'probe-gap-ms': { type: 'string' },
        'probe-window-ms': { type: 'string' },
        'behaviour-file': { type: 'string' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
}

const args = parse();
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}

function required(flag: 'knowledge-id' | 'ids' | 'base-url' | 'secondary-url'): string {
  const value = args.values[flag];
  if (value === undefined || value.trim() === '') usageError(`--${flag} is required`);
  return value.trim();
}

function httpUrl(flag: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  return usageError(`${flag} must be an http(s) URL, not "${value}"`);
}

function intArg(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max)
    usageError(`${flag} must be a whole number from ${min} to ${max}, not "${value}"`);
  return n;
}

const knowledgeId = required('knowledge-id');
if (!/^\d{1,32}$/.test(knowledgeId)) usageError(`--knowledge-id must be a numeric id, not "${knowledgeId}"`);
const idsFile = required('ids');
const baseUrl = httpUrl('--base-url', required('base-url'));
const secondaryUrl = httpUrl('--secondary-url', required('secondary-url'));
const tokenEnv = args.values['token-env'] ?? 'KC_TOKEN';
if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv)) usageError(`--token-env must name an environment variable`);
const token = process.env[tokenEnv] ?? '';
const concurrency = intArg(
  '--concurrency',
  args.values.concurrency,
  REMOVE_CLI_BOUNDS.concurrencyDefault,
  1,
  REMOVE_CLI_BOUNDS.concurrencyMax,
);
const lockWindowMs = intArg('--lock-window-ms', args.values['lock-window-ms'], DEFAULT_TIMING.lockWindowMs, 0, 600_000);
const dryRun = !!args.values['dry-run'];
const probeSpace = args.values['probe-space']?.trim();
if (probeSpace !== undefined && !/^\d{1,32}$/.test(probeSpace))
  usageError(`--probe-space must be a numeric space id, not "${probeSpace}"`);
const probeSampleSize = intArg(
  '--probe-sample',
  args.values['probe-sample'],
  PROBE_SAMPLE.perBatch,
  1,
  PROBE_SAMPLE.max,
);
const timingOfProbes = probeTiming({
  minGapMs: intArg('--probe-gap-ms', args.values['probe-gap-ms'], DEFAULT_PROBE_TIMING.minGapMs, 1, 600_000),
  windowMs: intArg('--probe-window-ms', args.values['probe-window-ms'], DEFAULT_PROBE_TIMING.windowMs, 0, 3_600_000),
});
const reportPath = args.values.report;
const jsonPath = args.values.json;
const statePath = args.values.state;
const behaviourPath = args.values['behaviour-file'];

/** Anything printed: the token, should a service echo it, never shows. */
const mask = (text: string) => (token ? text.split(token).join('***') : text);

// Report and state paths are checked before anything is sent: a run whose report cannot be written is not started.
for (const [flag, path] of [
  ['--report', reportPath],
  ['--json', jsonPath],
  ['--state', statePath],
  ['--behaviour-file', behaviourPath],
] as const) {
  if (path === undefined) continue;
  const dir = dirname(resolve(path));
  try {
    accessSync(dir, constants.W_OK);
    if (existsSync(path) && statSync(path).isDirectory()) throw new Error('a directory');
  } catch {
    usageError(`${flag} ${path}: cannot be written (its folder must exist and be writable)`);
  }
}

// The ids: refused unread when too large; every refused line is a bad input (exit 2, nothing sent).
let text: string;
try {
  const size = statSync(idsFile).size;
  if (size > REMOVE_CLI_BOUNDS.inputBytesMax)
    usageError(`--ids ${idsFile} is ${size} bytes; at most ${REMOVE_CLI_BOUNDS.inputBytesMax} (nothing was sent)`);
  text = readFileSync(idsFile, 'utf8');
} catch (error) {
  usageError(`--ids ${idsFile}: ${error instanceof Error ? error.message : String(error)}`);
}
const parsed = parseIds(text, sourceOfFile(idsFile), REMOVE_CLI_BOUNDS.maxIds);
if (parsed.refused.length) {
  const shown = parsed.refused
    .slice(0, 5)
    .map((r) => `line ${r.line}: "${r.value.slice(0, 40)}" (${r.reason.replace('_', ' ')})`);
  usageError(
    `--ids ${idsFile}: ${parsed.refused.length} value(s) refused, nothing was sent:\n  ${shown.join('\n  ')}${parsed.refused.length > 5 ? '\n  …' : ''}`,
  );
}
if (!parsed.ids.length) usageError(`--ids ${idsFile} holds no document id (nothing was sent)`);
const ids = parsed.ids;

const profile = cliProfile({ baseUrl, secondaryUrl, token });
const io = createBatchIo({ profileFor: () => profile, activeProfileId: () => profile.id });

// A run started again with its state file: the same knowledge base and ids, or it is another run (exit 2).
let kept: Batch | undefined;
let keptProbes = new Map<number, ProbeRun>();
let keptBehaviour: ShownBehaviour | undefined;
if (statePath) {
  try {
    const read = readState(statePath);
    kept = read?.batch;
    if (read) keptProbes = read.probes;
    keptBehaviour = read?.behaviour;
  } catch (error) {
    usageError(`--state ${statePath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (
    kept &&
    (kept.knowledgeId !== knowledgeId ||
      kept.rows.length !== ids.length ||
      kept.rows.some((r, i) => r.documentId !== ids[i]))
  )
    usageError(`--state ${statePath} records another run (another knowledge base or other ids): nothing was sent`);
}
if (!token) console.error(`remove: ${tokenEnv} is not set: requests are sent without a token`);

let scheduler: BatchScheduler | undefined;
let probes: BatchProbes | undefined;
let state: StateFile | undefined;
let batch: Batch | undefined;
let ended = false;
const t0 = performance.now();

/** The reports, written from whatever the run has reached. Returns the lines that could not be written. */
function writeReports(current: Batch): string[] {
  const failed: string[] = [];
  const rows = reportRows(current, {
    probing: probeSpace !== undefined,
    runs: probes?.runs ?? keptProbes,
    evidence: reportEvidence,
  });
  for (const [path, body] of [
    [reportPath, () => reportCsv(current, rows)],
    [jsonPath, () => reportJson(current, rows)],
  ] as const) {
    if (!path) continue;
    try {
      writeFileSync(path, body());
    } catch (error) {
      failed.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failed;
}

/** Whether every row ended deleted, or left out because the check found no such document. */
const allDeleted = (current: Batch) =>
  current.rows.every((row) => row.leftOut || (row.deletion?.state ?? '') === 'deleted');

/**
 * With --probe-space, whether every probed document reads "not retrieved". Anything else is not proof that it is
 * gone from answers (still in answers, not checkable, a failed probe, can't tell), so the run does not exit 0.
 */
const allGoneFromAnswers = () => [...(probes?.runs.values() ?? [])].every((run) => run.stage === 'not_retrieved');

/** The probes' stages counted, for the summary. */
function probeSummary(): string {
  if (!probes) return '';
  const by = new Map<string, number>();
  for (const run of probes.runs.values()) by.set(run.stage, (by.get(run.stage) ?? 0) + 1);
  const tokens = [...probes.runs.values()].reduce((n, r) => n + r.tokens, 0);
  return `\nprobes (space ${probeSpace}): ${probes.runs.size} document(s) probed${[...by].map(([stage, n]) => `, ${n} ${stage.replace(/_/g, ' ')}`).join('')} · ${tokens} tokens`;
}

/** The one way the run ends: state synced, the summary printed, the reports written, then the exit. */
async function end(reason?: string, code?: number): Promise<void> {
  if (ended) return;
  ended = true;
  probes?.stop();
  if (scheduler) {
    scheduler.dispose();
    await scheduler.flush().catch(() => undefined);
  }
  await state?.close();
  const current = scheduler?.snapshot() ?? batch;
  if (!current) process.exit(code ?? 1);
  const counts = countPhases(current.rows);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `\n${current.rows.length} id(s): ${counts.deleted} deleted, ${counts.left_out} not found, ${counts.not_deleted} not deleted, ${counts.failed} failed, ${counts.unknown + counts.pending + counts.requesting} unsettled, ${counts.waiting + counts.not_sent} not sent · ${seconds} s · peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  if (probes) console.log(probeSummary().trim());
  if (reason) console.error(`remove: ${mask(reason)}`);
  const unwritten = writeReports(current);
  for (const line of unwritten) console.error(`remove: report not written: ${line}`);
  process.exit(unwritten.length ? 2 : (code ?? (allDeleted(current) && allGoneFromAnswers() ? 0 : 1)));
}

process.once('SIGINT', () => void end('stopped by SIGINT (run again with the same --state to resume)', 1));
process.once('SIGTERM', () => void end('stopped by SIGTERM (run again with the same --state to resume)', 1));

/** A new run's batch, from the check before it: ids not found are left out (reported, never sent). */
function newBatch(lookups: Map<string, Lookup>): Batch {
  const at = Date.now();
  return {
    id: newId(),
    profileId: profile.id,
    profileName: `${baseUrl} (command line)`,
    knowledgeId,
    concurrency,
    status: 'running',
    createdAt: at,
    activeMs: 0,
    updatedAt: at,
    rows: ids.map((documentId): BatchRow => {
      const found = lookups.get(documentId);
      const name = found && 'name' in found ? found.name : undefined;
      const leftOut = found?.status === 'unknown' || found?.status === 'elsewhere';
      return { documentId, ...(name ? { name } : {}), ...(leftOut ? { leftOut: true } : {}), updatedAt: at };
    }),
  };
}

async function main() {
  if (!kept || dryRun) {
    console.log(`remove: checking ${ids.length} id(s) in knowledge base ${knowledgeId} (reads only)…`);
    const results = await lookUpAll(ids, (id) => io.lookUp(profile.id, id, { knowledgeId }), {
      concurrency: Math.max(concurrency, 4),
    });
    const s = summarise(results);
    console.log(
      `remove: ${s.found + s.exists} found, ${s.unknown} not found, ${s.elsewhere} in another knowledge base, ${s.unchecked} not checked (sent all the same)`,
    );
    const refused = results.find((r) => r.status === 'unchecked' && /\b(401|403)\b|token/i.test(r.error));
    if (refused && refused.status === 'unchecked') {
      batch = newBatch(new Map(results.map((r) => [r.id, r])));
      return end(`the service refused the token: ${refused.error}`, 1);
    }
    batch = kept ?? newBatch(new Map(results.map((r) => [r.id, r])));
    if (dryRun) {
      console.log('remove: --dry-run: nothing was sent');
      ended = true;
      const unwritten = writeReports(batch);
      for (const line of unwritten) console.error(`remove: report not written: ${line}`);
      process.exit(unwritten.length ? 2 : 0);
    }
  } else {
    batch = kept;
    const counts = countPhases(kept.rows);
    console.log(
      `remove: resuming from ${statePath}: ${counts.deleted} already deleted (never sent again), ${kept.rows.length - counts.deleted - counts.left_out} to go`,
    );
  }
  const resumedFinished = batch.endedAt !== undefined;
  if (statePath) state = openState(statePath, batch, keptProbes, keptBehaviour);
  if (probeSpace !== undefined) await startProbes(batch, probeSpace);
  let flushing = false;
  scheduler = createBatchScheduler(batch, {
    io,
    timing: { ...DEFAULT_TIMING, lockWindowMs },
    network: null,
    save: async (b) => state?.save(b),
    onChange() {
      if (!scheduler) return;
      // The rows changed go to the state file's next save (it writes those, never every row); a document confirmed
      // deleted is synced at once (coalesced: saves during a write share the next one), not at the next timed save.
      const changed = scheduler.takeChanges();
      state?.mark(changed);
      // A sampled document confirmed deleted by a read: its probes may start (never before).
      for (const i of changed) {
        const d = scheduler.rowAt(i)?.deletion;
        if (probes && d?.state === 'deleted') probes.confirmed(i, d.confirmedBy ?? 'base_info');
      }
      if (!state) return;
      if (flushing || !changed.some((i) => phaseOf(scheduler!.rowAt(i)!) === 'deleted')) return;
      flushing = true;
      queueMicrotask(() => {
        flushing = false;
        void scheduler?.flush();
      });
    },
  });
  scheduler.start();
  // A finished run started again: the rows not deleted take a new round; the deleted ones are left alone.
  if (resumedFinished) scheduler.retryNotDeleted();
  let lastPrint = 0;
  const watch = setInterval(() => {
    const s = scheduler!;
    const current = s.snapshot();
    if (current.hold?.reason === 'token_rejected') {
      clearInterval(watch);
      void end('the service refused the token (401/403): stopped; fix the token and run again', 1);
      return;
    }
    // Ended once every deletion has, and every probe has its verdict (or none to be had).
    if (
      s.ended &&
      (!probes ||
        probes.settled((i) => (s.rowAt(i)?.deletion?.state ?? '') === 'deleted' && !probes!.runs.get(i)?.read))
    ) {
      clearInterval(watch);
      void end();
      return;
    }
    if (performance.now() - lastPrint > 2_000) {
      lastPrint = performance.now();
      const c = s.counts();
      console.log(
        `remove: ${c.deleted} deleted, ${c.requesting + c.pending + c.unknown} in progress, ${c.waiting} waiting${current.hold ? ` · holding back (${current.hold.reason})` : ''}`,
      );
    }
  }, 100);
}

/**
 * The sampled documents' positive controls, before any DELETE: the text read, the question made, the control sent.
 * A resumed run follows its kept probes; a sampled row already sent before (no control was possible) is not probed.
 */
async function startProbes(current: Batch, spaceId: string) {
  const probeIo = createProbeIo(profile);
  const datasetId = await probeIo.datasetOf(knowledgeId).catch(() => undefined);
  // What this service has shown before (a resumed run's state, and --behaviour-file across runs): not learnt again.
  const behaviour = cliBehaviour({
    baseUrl,
    file: behaviourPath,
    kept: keptBehaviour,
    keep: (shown) => state?.behaviour(shown),
    warn: (message) => console.error(`remove: ${mask(message)}`),
  });
  const known = shownLabels(behaviour.shown);
  if (known.length) console.log(`remove: this service has shown before: ${known.join('; ')}`);
  probes = createBatchProbes(
    { profileId: profile.id, knowledgeId, datasetId, spaceId },
    {
      send: probeIo.send,
      readText: probeIo.readText,
      now: Date.now,
      behaviour: behaviour.store,
      timing: timingOfProbes,
      kept: keptProbes,
      onChange: (i, run) => state?.probe(i, run),
    },
  );
  // The runner drops a control cut short by the kill (after a DELETE a control proves nothing): its row reads "not
  // probed"; kept runs that were probing carry on.
  probes.resume();
  // Kept probes of documents confirmed before the run stopped: their probing starts from that read.
  for (const i of keptProbes.keys()) {
    const d = current.rows[i]?.deletion;
    if (d?.state === 'deleted') probes.confirmed(i, d.confirmedBy ?? 'base_info');
  }
  const eligible = current.rows.flatMap((row, i) => (row.leftOut ? [] : [i]));
  const sample = probeSample(eligible, probeSampleSize).filter((i) => !keptProbes.has(i) && !current.rows[i]!.deletion);
  console.log(
    `remove: probing ${sample.length} sampled document(s) through space ${spaceId}${datasetId ? ` (dataset ${datasetId})` : ' (no dataset named: restricted to each document)'}: a positive control each, before the DELETEs…`,
  );
  await probes.controls(
    sample.map((i) => ({ i, documentId: current.rows[i]!.documentId })),
    concurrency,
  );
  const found = sample.filter((i) => probes!.runs.get(i)?.stage === 'awaiting_read').length;
  console.log(
    `remove: the control found ${found} of ${sample.length} in answers${found < sample.length ? ' (the others: answers not checkable here, no verdict claimed)' : ''}`,
  );
}

main().catch((error: unknown) => void end(`failed: ${error instanceof Error ? error.message : String(error)}`, 1));
