import type { ProbeAnswer } from './attribution';
import { observePieces, observeRead, observeRestriction, type BehaviourStore, type ShownBehaviour } from './behaviour';
import type { ProbeTiming } from './bounds';
import { probeDue, probeRequest, reduceProbe, resultOf } from './reducer';
import type { ConfirmedRead, ProbeRun } from './state';

/** What a probe needs from its host: sending (the console's completion call, or the CLI's) and a clock. */
export interface ProbeDeps {
  /** Sends one probe to the space; resolves with the answer or its failure (never rejects for an HTTP error). */
  send(
    target: { profileId: string; spaceId: string },
    request: { question: string; datasetId?: string; documentId?: string },
  ): Promise<ProbeAnswer>;
  now(): number;
  behaviour: BehaviourStore;
  timing: ProbeTiming;
}

/** Records what the answer showed of the service (pieces naming their document or not), then reduces. */
async function recordShown(deps: ProbeDeps, run: ProbeRun, update: (s: ShownBehaviour) => ShownBehaviour) {
  let shown: ShownBehaviour;
  try {
    shown = update(await deps.behaviour.load(run.profileId));
  } catch {
    // An unreadable record shows nothing: a verdict resting on it reads "can't tell".
    return {};
  }
  await deps.behaviour.save(run.profileId, shown).catch(() => undefined);
  return shown;
}

/**
 * Sends the probe that is due (the control, or the round's next probe) and returns the run after it; the run as it
 * was when nothing is due. One step: the host calls it again at `nextProbeAt`.
 */
export async function probeStep(run: ProbeRun, deps: ProbeDeps): Promise<ProbeRun> {
  const due = probeDue(run, deps.now());
  if (!due) return run;
  const answer = await deps
    .send({ profileId: run.profileId, spaceId: run.spaceId }, probeRequest(run))
    .catch((err: unknown): ProbeAnswer => ({
      ok: false,
      status: (err as { status?: number })?.status,
      message: (err as { message?: string })?.message ?? String(err),
    }));
  const at = deps.now();
  const result = resultOf(run, answer);
  const shown = result.ok
    ? await recordShown(deps, run, (s) => observePieces(s, result.attribution, at, run.documentId))
    : await recordShown(deps, run, (s) => s);
  if (due === 'control') return reduceProbe(run, { type: 'control_answered', at, result }, deps.timing);
  const next = reduceProbe(run, { type: 'probe_answered', at, result, shown }, deps.timing);
  if (!result.ok || !result.attribution.found || run.restricted || shown.restrictionOnDeleted) return next;
  return learnRestriction(next, deps);
}

/**
 * The dataset still serves the deleted document: one probe restricted to it shows (once per profile) whether this
 * service's restriction hides a deleted document before its purge, which a restricted verdict would rest on.
 */
async function learnRestriction(run: ProbeRun, deps: ProbeDeps): Promise<ProbeRun> {
  const answer = await deps
    .send({ profileId: run.profileId, spaceId: run.spaceId }, { question: run.question, documentId: run.documentId })
    .catch((): ProbeAnswer => ({ ok: false, message: 'no answer' }));
  const at = deps.now();
  const result = resultOf(run, answer);
  if (!result.ok) return reduceProbe(run, { type: 'restriction_probed', at, tokens: result.tokens }, deps.timing);
  const found = result.attribution.found;
  await recordShown(deps, run, (s) => observeRestriction(s, found, at, run.documentId));
  return reduceProbe(run, { type: 'restriction_probed', at, found, tokens: result.tokens }, deps.timing);
}

/** The read confirmed the delete: recorded in the service's behaviour, and the run's probing may start. */
export async function readConfirmed(run: ProbeRun, via: ConfirmedRead['via'], deps: ProbeDeps): Promise<ProbeRun> {
  const at = deps.now();
  await recordShown(deps, run, (s) => observeRead(s, via, at, run.documentId));
  return reduceProbe(run, { type: 'read_confirmed', at, via }, deps.timing);
}
