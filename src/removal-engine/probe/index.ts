/**
 * Gone from answers: after a read confirmed a delete, probe retrieval through the knowledge base's dataset with a
 * question made from the document's own text, and say whether it is still answered from. Node-safe: the console,
 * the CLI and the bulk engine run the same code; sending, clock and storage are handed in.
 */
export { attribute, type Attribution, type ProbeAnswer, type ProbeChunk } from './attribution';
export {
  BEHAVIOUR_KEY_PREFIX,
  BEHAVIOUR_LABELS,
  keyValueBehaviourStore,
  memoryBehaviourStore,
  mergeShown,
  observePieces,
  observeRead,
  observeRestriction,
  parseShownBehaviour,
  type BehaviourKey,
  type BehaviourStore,
  type KeyValue,
  type Shown,
  type ShownBehaviour,
} from './behaviour';
export {
  DEFAULT_PROBE_TIMING,
  MAX_REFERENCE_CHARS,
  MIN_OVERLAP_CHARS,
  PROBE_TIMING_FLOOR,
  QUESTION_CHARS,
  probeTiming,
  type ProbeTiming,
} from './bounds';
export { probeStep, readConfirmed, type ProbeDeps } from './driver';
export {
  ENGLISH_EVIDENCE_WORDS,
  evidenceLine,
  evidenceLines,
  evidenceOf,
  evidenceParts,
  type EvidenceKind,
  type EvidenceLine,
  type EvidenceWords,
  type ProbeEvidence,
  type ProbeOutcome,
} from './evidence';
export {
  probeDue,
  probeRequest,
  reduceProbe,
  restsOn,
  resultOf,
  roundProbes,
  startProbeRun,
  type ProbeEvent,
  type ProbeResult,
  type StartProbe,
} from './reducer';
export { VERDICT_STAGES, type ConfirmedRead, type ProbeRecord, type ProbeRun, type ProbeStage } from './state';
export { longestOverlapAtLeast, normalizeText, probeQuestion, withoutPassage } from './text';
export { probeAnswerOf, probeBody } from './sender';
export {
  createProbeRunner,
  type GoneFromAnswers,
  type ProbeRunner,
  type ProbeRunnerDeps,
  type RunStorage,
} from './runner';
export { probeLockName, type ProbeTabMessage, type ProbeTabs } from './probe-tabs';
export { keepRun, readKept, type KeptRun } from './kept-runs';
