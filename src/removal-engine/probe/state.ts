import type { BehaviourKey } from './behaviour';

/**
 * One deletion's probes of retrieval:
 *
 *   control (sent before the DELETE) ──found──▶ awaiting_read ──the read confirmed the delete──▶ probing
 *        ├─nothing of the document──▶ not_checkable (no later verdict is claimed)
 *        └─4xx/5xx──▶ control_failed (no later verdict either)
 *   probing ──N empty probes in a row, the first and last ≥ minGapMs apart──▶ not_retrieved (or cant_tell when the
 *        │                                                  verdict rests on a behaviour this service has not shown)
 *        ├─still found when the window is over──▶ still_in_answers ──Probe again──▶ probing (a new round)
 *        └─failing when the window is over, or the token refused──▶ probe_failed ──Probe again──▶ probing
 */
export type ProbeStage =
  | 'control'
  | 'control_failed'
  | 'not_checkable'
  | 'awaiting_read'
  | 'probing'
  | 'not_retrieved'
  | 'still_in_answers'
  | 'probe_failed'
  | 'cant_tell';

/** The stages a round ends in; "Probe again" starts a new round from them. */
export const VERDICT_STAGES: ReadonlySet<ProbeStage> = new Set<ProbeStage>([
  'not_retrieved',
  'still_in_answers',
  'probe_failed',
  'cant_tell',
]);

export interface ProbeRecord {
  /** 0 for the positive control, then the round's number. */
  round: number;
  /** 1-based within its round (the control is 1 of round 0). */
  n: number;
  at: number;
  spaceId: string;
  outcome: 'found' | 'empty' | 'failed';
  /** The field that showed the document (with 'found'). */
  field?: string;
  pieces: number;
  piecesWithDocumentId: number;
  error?: { status?: number; message: string };
  tokens?: number;
}

export interface ConfirmedRead {
  at: number;
  via: 'base_info' | 'total_files';
}

export interface ProbeRun {
  profileId: string;
  knowledgeId: string;
  documentId: string;
  /** Probes search the knowledge base's dataset: a `document_id` restriction may hide a deleted document too soon. */
  datasetId?: string;
  /** No dataset known: the probe had to be restricted to the document (a verdict then rests on the restriction). */
  restricted: boolean;
  spaceId: string;
  question: string;
  /** Text of the document read before the DELETE, kept to attribute pieces that do not name their document. */
  reference: string;
  /** The reference holds only part of the document's text. */
  referenceTruncated: boolean;
  stage: ProbeStage;
  control?: ProbeRecord;
  read?: ConfirmedRead;
  round: number;
  roundStartedAt?: number;
  probes: ProbeRecord[];
  nextProbeAt?: number;
  /** Tokens every probe of this deletion used, the control's included. */
  tokens: number;
  /**
   * A probe restricted to the document, sent once beside a dataset probe that still found it after the delete, to
   * learn how this service's restriction treats a deleted document (see behaviour.ts).
   */
  restrictionProbe?: { at: number; found: boolean };
  /** With cant_tell: the behaviours the verdict would rest on that this service has not shown. */
  unshown?: BehaviourKey[];
  /** The round's verdict came at. */
  verdictAt?: number;
}
