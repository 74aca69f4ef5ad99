import { BEHAVIOUR_LABELS, type BehaviourKey } from './behaviour';
import { roundProbes } from './round';
import type { ConfirmedRead, ProbeRecord, ProbeRun, ProbeStage } from './state';

/** What a verdict rests on, named: which read, which probes (and which field), the space, the time, the tokens. */
export interface ProbeEvidence {
  stage: ProbeStage;
  documentId: string;
  datasetId?: string;
  restricted: boolean;
  spaceId: string;
  question: string;
  read?: ConfirmedRead;
  control?: ProbeRecord;
  /** The probes of the current round. */
  probes: ProbeRecord[];
  /** "Not retrieved in N probes": the round's probes. */
  probeCount: number;
  verdictAt?: number;
  tokens: number;
  restrictionProbe?: { at: number; found: boolean };
  /** With cant_tell, the behaviours not shown, worded in English (the CLI's words; see unshownKeys for others). */
  unshown?: string[];
  /** With cant_tell, the behaviours not shown, as keys: a words table words them in the reader's language. */
  unshownKeys?: BehaviourKey[];
}

export function evidenceOf(run: ProbeRun): ProbeEvidence {
  const probes = roundProbes(run);
  return {
    stage: run.stage,
    documentId: run.documentId,
    datasetId: run.datasetId,
    restricted: run.restricted,
    spaceId: run.spaceId,
    question: run.question,
    read: run.read,
    control: run.control,
    probes,
    probeCount: probes.length,
    verdictAt: run.verdictAt,
    tokens: run.tokens,
    restrictionProbe: run.restrictionProbe,
    unshown: run.unshown?.map((k) => BEHAVIOUR_LABELS[k]),
    unshownKeys: run.unshown,
  };
}

/** What one probe's answer showed, as values: the field that showed the document, the pieces, or the failure. */
export type ProbeOutcome =
  | { outcome: 'found'; field: string }
  | { outcome: 'empty'; pieces: number }
  | { outcome: 'failed'; status?: number; message: string };

/**
 * One line of evidence: its kind and its values, no words. The engine words them with ENGLISH_EVIDENCE_WORDS (the
 * CLI's output and report); the console hands in its own table, in the admin's language.
 */
export type EvidenceLine =
  | { kind: 'question'; question: string }
  | { kind: 'target'; spaceId: string; restrictedTo: string }
  | { kind: 'target'; spaceId: string; datasetId?: string; restrictedTo?: undefined }
  | { kind: 'control'; at: number; result: ProbeOutcome }
  | { kind: 'read'; at: number; via: ConfirmedRead['via'] }
  | { kind: 'probe'; n: number; at: number; result: ProbeOutcome }
  | { kind: 'restriction'; at: number; found: boolean }
  | { kind: 'unshown'; behaviours: BehaviourKey[] }
  | { kind: 'tokens'; tokens: number };

export type EvidenceKind = EvidenceLine['kind'];

const outcomeOf = (p: ProbeRecord): ProbeOutcome =>
  p.outcome === 'found'
    ? { outcome: 'found', field: p.field ?? '' }
    : p.outcome === 'empty'
      ? { outcome: 'empty', pieces: p.pieces }
      : { outcome: 'failed', status: p.error?.status || undefined, message: p.error?.message ?? '' };

const LABEL_KEYS = Object.keys(BEHAVIOUR_LABELS) as BehaviourKey[];

/** The evidence as lines of values, in the order they are read (the page's details, the CLI's report). */
export function evidenceParts(e: ProbeEvidence): EvidenceLine[] {
  const lines: EvidenceLine[] = [
    { kind: 'question', question: e.question },
    e.restricted
      ? { kind: 'target', spaceId: e.spaceId, restrictedTo: e.documentId }
      : { kind: 'target', spaceId: e.spaceId, datasetId: e.datasetId },
  ];
  if (e.control) lines.push({ kind: 'control', at: e.control.at, result: outcomeOf(e.control) });
  if (e.read) lines.push({ kind: 'read', at: e.read.at, via: e.read.via });
  for (const p of e.probes) lines.push({ kind: 'probe', n: p.n, at: p.at, result: outcomeOf(p) });
  if (e.restrictionProbe)
    lines.push({ kind: 'restriction', at: e.restrictionProbe.at, found: e.restrictionProbe.found });
  // Evidence made before unshownKeys: its English labels back to their keys.
  const unshown =
    e.unshownKeys ??
    (e.unshown ?? []).flatMap((label) => LABEL_KEYS.filter((k) => BEHAVIOUR_LABELS[k] === label).slice(0, 1));
  if (unshown.length) lines.push({ kind: 'unshown', behaviours: unshown });
  lines.push({ kind: 'tokens', tokens: e.tokens });
  return lines;
}

/**
 * How each kind of line is worded: a table of functions from a line's values (times already written by the
 * caller's clock) to its text. Ids, fields and the service's own messages are passed through as they are.
 */
export interface EvidenceWords {
  question(v: { question: string }): string;
  targetDataset(v: { space: string; dataset: string }): string;
  targetDocument(v: { space: string; document: string }): string;
  control(v: { when: string; outcome: string }): string;
  read(v: { when: string; via: ConfirmedRead['via'] }): string;
  probe(v: { n: number; when: string; outcome: string }): string;
  found(v: { field: string }): string;
  empty(v: { pieces: number }): string;
  failed(v: { status?: number; message: string }): string;
  restriction(v: { when: string; found: boolean }): string;
  unshown(v: { behaviours: string[] }): string;
  behaviour: Readonly<Record<BehaviourKey, string>>;
  tokens(v: { tokens: number }): string;
}

/** The engine's English: the CLI's output and its report's `probe_evidence` column, byte for byte. */
export const ENGLISH_EVIDENCE_WORDS: EvidenceWords = {
  question: ({ question }) => `Question: “${question}”`,
  targetDataset: ({ space, dataset }) => `Space ${space}, dataset ${dataset}`,
  targetDocument: ({ space, document }) => `Space ${space}, restricted to document ${document}`,
  control: ({ when, outcome }) => `Before the delete (${when}): ${outcome}`,
  read: ({ when, via }) =>
    `Read (${when}): ${via === 'base_info' ? 'its base info answered 404' : 'total_files fell below the count before the delete'}`,
  probe: ({ n, when, outcome }) => `Probe ${n} (${when}): ${outcome}`,
  found: ({ field }) => `found in ${field}`,
  empty: ({ pieces }) => `nothing of it (${pieces} piece${pieces === 1 ? '' : 's'})`,
  failed: ({ status, message }) => `failed${status ? ` (${status})` : ''}: ${message}`,
  restriction: ({ when, found }) =>
    `Restricted to the document (${when}): ${found ? 'served it too' : 'hid it (the dataset still served it)'}`,
  unshown: ({ behaviours }) => `Not shown by this service: ${behaviours.join('; ')}`,
  behaviour: BEHAVIOUR_LABELS,
  tokens: ({ tokens }) => `Tokens used by probes: ${tokens}`,
};

const outcomeWords = (r: ProbeOutcome, w: EvidenceWords) =>
  r.outcome === 'found'
    ? w.found({ field: r.field })
    : r.outcome === 'empty'
      ? w.empty({ pieces: r.pieces })
      : w.failed({ status: r.status, message: r.message });

/** One line worded. */
export function evidenceLine(
  line: EvidenceLine,
  time: (at: number) => string,
  w: EvidenceWords = ENGLISH_EVIDENCE_WORDS,
): string {
  switch (line.kind) {
    case 'question':
      return w.question({ question: line.question });
    case 'target':
      return line.restrictedTo !== undefined
        ? w.targetDocument({ space: line.spaceId, document: line.restrictedTo })
        : w.targetDataset({ space: line.spaceId, dataset: String(line.datasetId) });
    case 'control':
      return w.control({ when: time(line.at), outcome: outcomeWords(line.result, w) });
    case 'read':
      return w.read({ when: time(line.at), via: line.via });
    case 'probe':
      return w.probe({ n: line.n, when: time(line.at), outcome: outcomeWords(line.result, w) });
    case 'restriction':
      return w.restriction({ when: time(line.at), found: line.found });
    case 'unshown':
      return w.unshown({ behaviours: line.behaviours.map((k) => w.behaviour[k]) });
    case 'tokens':
      return w.tokens({ tokens: line.tokens });
  }
}

const isoTime = (at: number) => new Date(at).toISOString();

/**
 * The evidence in lines a person reads (the page's details, the CLI's report): English by default (the CLI's
 * words); the console hands in its words table for the admin's language.
 */
export function evidenceLines(
  e: ProbeEvidence,
  time: (at: number) => string = isoTime,
  words: EvidenceWords = ENGLISH_EVIDENCE_WORDS,
): string[] {
  return evidenceParts(e).map((line) => evidenceLine(line, time, words));
}
