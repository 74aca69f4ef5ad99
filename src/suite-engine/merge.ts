import { canonical } from './compare';
import { newRunId } from './new-run';
import { outcomeKey, planAttempts } from './plan';
import { normalizeSuite } from './suite-file';
import { shardKeys, shardLabel } from './shard';
import type { RunStatus, Shard, SuiteRun } from './types';

/** One part handed to `merge`: the run read from its file, and the file's name (for the messages). */
export interface MergePart {
  name: string;
  run: SuiteRun;
}

export type MergeResult =
  | {
      ok: true;
      /** One run of the whole suite (or of the cases the parts were filtered to), as if it had run at once. */
      run: SuiteRun;
      /** Shards of the split that no part brought: their cases are in the run, not run. */
      missingShards: Shard[];
      /** Parts that ran against another service than the first (merged, and said). */
      warnings: string[];
    }
  | { ok: false; error: string };

// A merged run is as finished as its least finished part.
const SEVERITY: RunStatus[] = ['done', 'interrupted', 'stopped', 'timed_out', 'failed'];

/** Why two revisions of one suite differ, in a few words: a case added or removed, a case edited, or its settings. */
function revisionDifference(a: SuiteRun, b: SuiteRun): string {
  const sa = normalizeSuite(a.suite);
  const sb = normalizeSuite(b.suite);
  const idsB = new Set(sb.cases.map((c) => c.id));
  const idsA = new Set(sa.cases.map((c) => c.id));
  const onlyA = sa.cases.find((c) => !idsB.has(c.id));
  if (onlyA) return `case "${onlyA.id}" is in one and not the other`;
  const onlyB = sb.cases.find((c) => !idsA.has(c.id));
  if (onlyB) return `case "${onlyB.id}" is in one and not the other`;
  const byId = new Map(sb.cases.map((c) => [c.id, canonical(c)]));
  const edited = sa.cases.find((c) => byId.get(c.id) !== canonical(c));
  if (edited) return `case "${edited.id}" differs`;
  return 'their settings differ (space, defaults, variants, repeat or gate)';
}

/** The case × variant keys a part ran (or was to run): its `only`, or the whole suite. */
function coveredKeys(run: SuiteRun): Set<string> {
  if (run.only) return new Set(run.only);
  const suite = normalizeSuite(run.suite);
  return new Set(suite.cases.flatMap((c) => suite.variants.map((v) => outcomeKey(c.id, v.id))));
}

/**
 * Joins the parts of one suite's run (`--shard i/n` runs, or `--filter` runs of disjoint cases) into one run: its
 * attempts together, so every figure, gate and baseline verdict is computed over the whole suite by the same code
 * as a run made at once. Refused, with the reason: parts of different suites or revisions of a suite, the same run
 * twice, shards of different splits, the same shard twice, or parts that ran a case twice. Shards of the split that
 * are missing leave their cases in the merged run, not run (never silently out of the gate).
 */
export function mergeRuns(parts: readonly MergePart[]): MergeResult {
  const first = parts[0];
  if (!first) return { ok: false, error: 'no part to merge' };
  const revision = canonical(first.run.suite);
  for (const part of parts.slice(1)) {
    if (part.run.suite.name !== first.run.suite.name)
      return {
        ok: false,
        error: `${first.name} is a run of the suite "${first.run.suite.name}" and ${part.name} of "${part.run.suite.name}": parts of different suites are not merged`,
      };
    if (canonical(part.run.suite) !== revision)
      return {
        ok: false,
        error: `${first.name} and ${part.name} ran different revisions of the suite "${first.run.suite.name}" (${revisionDifference(first.run, part.run)}): run every part from the same suite file`,
      };
  }
  const seenRuns = new Map<string, string>();
  for (const part of parts) {
    const same = seenRuns.get(part.run.id);
    if (same) return { ok: false, error: `${same} and ${part.name} are the same run (${part.run.id}), given twice` };
    seenRuns.set(part.run.id, part.name);
  }
  const sharded = parts.filter((p) => p.run.shard);
  const count = sharded[0]?.run.shard?.count;
  const byIndex = new Map<number, string>();
  for (const part of sharded) {
    const shard = part.run.shard!;
    if (shard.count !== count)
      return {
        ok: false,
        error: `${sharded[0]!.name} is shard ${shardLabel(sharded[0]!.run.shard!)} and ${part.name} shard ${shardLabel(shard)}: shards of different splits are not merged (give every part the same n)`,
      };
    const twice = byIndex.get(shard.index);
    if (twice)
      return {
        ok: false,
        error: `${twice} and ${part.name} are both shard ${shardLabel(shard)}: each shard once`,
      };
    byIndex.set(shard.index, part.name);
  }
  // Every case × variant in one part at most: a case run twice would be counted twice.
  const owner = new Map<string, string>();
  const suite = normalizeSuite(first.run.suite);
  for (const part of parts) {
    for (const key of coveredKeys(part.run)) {
      const other = owner.get(key);
      if (other) {
        const [caseId, variantId] = key.split('\u0000');
        const which = suite.hasVariants ? `case "${caseId}" [${variantId}]` : `case "${caseId}"`;
        return { ok: false, error: `${other} and ${part.name} both ran ${which}: parts that overlap are not merged` };
      }
      owner.set(key, part.name);
    }
  }
  const missingShards: Shard[] = [];
  const missingKeys = new Set<string>();
  if (count !== undefined && sharded.length === parts.length)
    for (let index = 1; index <= count; index++)
      if (!byIndex.has(index)) {
        missingShards.push({ index, count });
        for (const key of shardKeys(suite, { index, count })) missingKeys.add(key);
      }
  // In the suite's order, as a --filter run keeps it.
  const allKeys = suite.cases.flatMap((c) => suite.variants.map((v) => outcomeKey(c.id, v.id)));
  const covered = allKeys.filter((key) => owner.has(key) || missingKeys.has(key));
  const whole = covered.length === allKeys.length;
  const runs = parts.map((p) => p.run);
  let status: RunStatus = runs.reduce<RunStatus>(
    (worst, r) => (SEVERITY.indexOf(r.status) > SEVERITY.indexOf(worst) ? r.status : worst),
    'done',
  );
  const reasons = parts.flatMap((p) => (p.run.endReason ? [`${p.name}: ${p.run.endReason}`] : []));
  if (missingShards.length) {
    if (status === 'done') status = 'interrupted';
    reasons.unshift(
      `shard(s) ${missingShards.map(shardLabel).join(', ')} missing from the merge: their ${missingKeys.size} case(s) not run`,
    );
  }
  const finished = runs.map((r) => r.finishedAt);
  const warnings = parts
    .filter((p) => p.run.service.base_url !== first.run.service.base_url)
    .map(
      (p) =>
        `${p.name} ran against ${p.run.service.base_url}, ${first.name} against ${first.run.service.base_url}: merged all the same`,
    );
  const run: SuiteRun = {
    id: newRunId(),
    suiteId: first.run.suiteId,
    profileId: first.run.profileId,
    service: first.run.service,
    startedAt: Math.min(...runs.map((r) => r.startedAt)),
    ...(finished.every((t) => t !== undefined) ? { finishedAt: Math.max(...(finished as number[])) } : {}),
    status,
    ...(reasons.length ? { endReason: reasons.join('; ') } : {}),
    concurrency: runs.reduce((n, r) => n + r.concurrency, 0),
    suite: first.run.suite,
    ...(whole ? {} : { only: covered }),
    planned: runs.reduce((n, r) => n + r.planned, 0) + planAttempts(suite, missingKeys).length,
    attempts: runs.flatMap((r) => r.attempts),
  };
  return { ok: true, run, missingShards, warnings };
}
