import { attribute, type Attribution, type ProbeAnswer } from './attribution';
import type { BehaviourKey, ShownBehaviour } from './behaviour';
import { DEFAULT_PROBE_TIMING, MAX_REFERENCE_CHARS, type ProbeTiming } from './bounds';
import type { ConfirmedRead, ProbeRecord, ProbeRun } from './state';
import { VERDICT_STAGES } from './state';
import { normalizeText, probeQuestion } from './text';
import { roundProbes } from './round';

/** The outcome of one sent probe, attributed (see attribute()), or its failure. */
export type ProbeResult =
  | { ok: true; attribution: Attribution; tokens?: number }
  | { ok: false; status?: number; message: string; tokens?: number };

export type ProbeEvent =
  | { type: 'control_answered'; at: number; result: ProbeResult }
  | { type: 'read_confirmed'; at: number; via: ConfirmedRead['via'] }
  | { type: 'probe_answered'; at: number; result: ProbeResult; shown: ShownBehaviour }
  | { type: 'probe_again'; at: number }
  /** The one restricted probe that shows how the restriction treats a deleted document (failed: found undefined). */
  | { type: 'restriction_probed'; at: number; found?: boolean; tokens?: number };

export interface StartProbe {
  profileId: string;
  knowledgeId: string;
  documentId: string;
  datasetId?: string;
  spaceId: string;
  /** The document's text, read before the DELETE. */
  contents: readonly string[];
}

/** A run whose control is due; a document with no passage to ask about is not checkable from the start. */
export function startProbeRun(init: StartProbe): ProbeRun {
  const question = probeQuestion(init.contents);
  const text = normalizeText(init.contents.join('\n'));
  return {
    profileId: init.profileId,
    knowledgeId: init.knowledgeId,
    documentId: init.documentId,
    datasetId: init.datasetId || undefined,
    restricted: !init.datasetId,
    spaceId: init.spaceId,
    question: question ?? '',
    reference: text.slice(0, MAX_REFERENCE_CHARS),
    referenceTruncated: text.length > MAX_REFERENCE_CHARS,
    stage: question ? 'control' : 'not_checkable',
    round: 0,
    probes: [],
    tokens: 0,
  };
}

/** What the probe request is: through the dataset, restricted to the document only when no dataset is known. */
export function probeRequest(run: ProbeRun): { question: string; datasetId?: string; documentId?: string } {
  return run.restricted
    ? { question: run.question, documentId: run.documentId }
    : { question: run.question, datasetId: run.datasetId };
}

/** An answer turned into a result: attributed to the document, or a failure. */
export function resultOf(run: ProbeRun, answer: ProbeAnswer): ProbeResult {
  return answer.ok
    ? { ok: true, attribution: attribute(answer, run), tokens: answer.tokens }
    : { ok: false, status: answer.status, message: answer.message, tokens: answer.tokens };
}

function recordOf(run: ProbeRun, round: number, n: number, at: number, result: ProbeResult): ProbeRecord {
  return result.ok
    ? {
        round,
        n,
        at,
        spaceId: run.spaceId,
        outcome: result.attribution.found ? 'found' : 'empty',
        field: result.attribution.field,
        pieces: result.attribution.pieces,
        piecesWithDocumentId: result.attribution.piecesWithDocumentId,
        tokens: result.tokens,
      }
    : {
        round,
        n,
        at,
        spaceId: run.spaceId,
        outcome: 'failed',
        pieces: 0,
        piecesWithDocumentId: 0,
        error: { status: result.status, message: result.message },
        tokens: result.tokens,
      };
}

export { roundProbes };

/** The trailing empty probes of the round. */
function emptyTail(probes: readonly ProbeRecord[]): ProbeRecord[] {
  let i = probes.length;
  while (i > 0 && probes[i - 1]?.outcome === 'empty') i--;
  return probes.slice(i);
}

/**
 * The behaviours a "not retrieved" rests on: a restricted probe rests on how the restriction treats a deleted
 * document (it may hide it before the purge: the false-"gone" trap); an empty probe whose pieces named no document,
 * when only part of the document's text is kept to recognise them, rests on pieces carrying `document_id`.
 */
export function restsOn(run: ProbeRun, empties: readonly ProbeRecord[]): BehaviourKey[] {
  const keys: BehaviourKey[] = [];
  if (run.restricted) keys.push('restrictionOnDeleted');
  if (run.referenceTruncated && empties.some((p) => p.pieces > p.piecesWithDocumentId))
    keys.push('piecesCarryDocumentId');
  return keys;
}

/** Whether the record shows the behaviour a verdict needs (not merely that something was seen). */
function shownAsNeeded(shown: ShownBehaviour, key: BehaviourKey): boolean {
  if (key === 'restrictionOnDeleted') return shown.restrictionOnDeleted?.value === 'serves_until_purge';
  if (key === 'piecesCarryDocumentId') return shown.piecesCarryDocumentId?.value === true;
  return shown.readAfterDelete !== undefined;
}

const refused = (p: ProbeRecord) => p.outcome === 'failed' && (p.error?.status === 401 || p.error?.status === 403);

/** After a probe of the round: its verdict, or when the next probe is due. */
function afterProbe(run: ProbeRun, at: number, shown: ShownBehaviour, timing: ProbeTiming): ProbeRun {
  const probes = roundProbes(run);
  const last = probes[probes.length - 1];
  if (!last) return run;
  const start = run.roundStartedAt ?? last.at;
  const verdict = (stage: ProbeRun['stage'], unshown?: BehaviourKey[]): ProbeRun => ({
    ...run,
    stage,
    unshown,
    nextProbeAt: undefined,
    verdictAt: at,
  });
  const tail = emptyTail(probes);
  const first = tail[0];
  if (first && tail.length >= timing.minEmptyProbes && last.at - first.at >= timing.minGapMs) {
    const unshown = restsOn(run, tail).filter((k) => !shownAsNeeded(shown, k));
    return unshown.length ? verdict('cant_tell', unshown) : verdict('not_retrieved');
  }
  if (refused(last)) return verdict('probe_failed');
  const found = probes.filter((p) => p.outcome === 'found').length;
  if (probes.length >= timing.maxProbesPerRound)
    return verdict(found > 0 || last.outcome === 'found' ? 'still_in_answers' : 'probe_failed');
  const windowOver = last.at - start >= timing.windowMs;
  if (last.outcome === 'empty') return { ...run, nextProbeAt: last.at + timing.minGapMs };
  if (windowOver) return verdict(last.outcome === 'found' ? 'still_in_answers' : 'probe_failed');
  // Found (or failed): wait longer each time, never past the window's end, never closer than the gap.
  const same = probes.filter((p) => p.outcome === last.outcome).length;
  const wait = timing.minGapMs * Math.pow(timing.backoffFactor, same - 1);
  const next = Math.max(last.at + timing.minGapMs, Math.min(last.at + wait, start + timing.windowMs));
  return { ...run, nextProbeAt: next };
}

/** Every change of a probe run goes through here. */
export function reduceProbe(run: ProbeRun, event: ProbeEvent, timing: ProbeTiming = DEFAULT_PROBE_TIMING): ProbeRun {
  switch (event.type) {
    case 'control_answered': {
      if (run.stage !== 'control') return run;
      const control = recordOf(run, 0, 1, event.at, event.result);
      const tokens = run.tokens + (event.result.tokens ?? 0);
      if (!event.result.ok) return { ...run, control, tokens, stage: 'control_failed' };
      if (!event.result.attribution.found) return { ...run, control, tokens, stage: 'not_checkable' };
      // The pieces the control found go first in the reference: the same question finds them again.
      const matched = normalizeText(event.result.attribution.matched.join('\n'));
      const reference = matched ? `${matched}\n${run.reference}` : run.reference;
      return {
        ...run,
        control,
        tokens,
        reference: reference.slice(0, MAX_REFERENCE_CHARS),
        stage: run.read ? 'probing' : 'awaiting_read',
        ...(run.read ? { round: 1, roundStartedAt: event.at, nextProbeAt: event.at } : {}),
      };
    }
    case 'read_confirmed': {
      if (run.read) return run;
      const read = { at: event.at, via: event.via };
      // Never a probe before the read confirmed the delete.
      if (run.stage !== 'awaiting_read') return { ...run, read };
      return { ...run, read, stage: 'probing', round: 1, roundStartedAt: event.at, nextProbeAt: event.at };
    }
    case 'probe_answered': {
      if (run.stage !== 'probing') return run;
      const n = roundProbes(run).length + 1;
      const next = {
        ...run,
        probes: [...run.probes, recordOf(run, run.round, n, event.at, event.result)],
        tokens: run.tokens + (event.result.tokens ?? 0),
      };
      return afterProbe(next, event.at, event.shown, timing);
    }
    case 'restriction_probed':
      return {
        ...run,
        tokens: run.tokens + (event.tokens ?? 0),
        ...(event.found !== undefined ? { restrictionProbe: { at: event.at, found: event.found } } : {}),
      };
    case 'probe_again':
      if (!VERDICT_STAGES.has(run.stage) || !run.read) return run;
      return {
        ...run,
        stage: 'probing',
        round: run.round + 1,
        roundStartedAt: event.at,
        nextProbeAt: event.at,
        unshown: undefined,
        verdictAt: undefined,
      };
  }
}

/** Whether a probe (or the control) should be sent now. */
export function probeDue(run: ProbeRun, now: number): 'control' | 'probe' | null {
  if (run.stage === 'control') return 'control';
  if (run.stage === 'probing' && run.nextProbeAt !== undefined && run.nextProbeAt <= now) return 'probe';
  return null;
}
