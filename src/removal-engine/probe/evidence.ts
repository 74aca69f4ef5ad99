import { BEHAVIOUR_LABELS } from './behaviour';
import { roundProbes } from './reducer';
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
  /** With cant_tell, the behaviours not shown, worded. */
  unshown?: string[];
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
  };
}

const readWords = (r: ConfirmedRead) =>
  r.via === 'base_info' ? 'its base info answered 404' : 'total_files fell below the count before the delete';

const probeWords = (p: ProbeRecord) =>
  p.outcome === 'found'
    ? `found in ${p.field}`
    : p.outcome === 'empty'
      ? `nothing of it (${p.pieces} piece${p.pieces === 1 ? '' : 's'})`
      : `failed${p.error?.status ? ` (${p.error.status})` : ''}: ${p.error?.message ?? ''}`;

/** The evidence in lines a person reads (the page's details, the CLI's report). */
export function evidenceLines(
  e: ProbeEvidence,
  time: (at: number) => string = (at) => new Date(at).toISOString(),
): string[] {
  const lines = [
    `Question: “${e.question}”`,
    `Space ${e.spaceId}, ${e.restricted ? `restricted to document ${e.documentId}` : `dataset ${e.datasetId}`}`,
  ];
  if (e.control) lines.push(`Before the delete (${time(e.control.at)}): ${probeWords(e.control)}`);
  if (e.read) lines.push(`Read (${time(e.read.at)}): ${readWords(e.read)}`);
  for (const p of e.probes) lines.push(`Probe ${p.n} (${time(p.at)}): ${probeWords(p)}`);
  if (e.restrictionProbe)
    lines.push(
      `Restricted to the document (${time(e.restrictionProbe.at)}): ${e.restrictionProbe.found ? 'served it too' : 'hid it (the dataset still served it)'}`,
    );
  if (e.unshown?.length) lines.push(`Not shown by this service: ${e.unshown.join('; ')}`);
  lines.push(`Tokens used by probes: ${e.tokens}`);
  return lines;
}
