import { writeCsv } from '../../lib/csv';
import type { ConfirmingRead } from '../single/machine';
import { roundProbes, type ProbeRun } from '../probe';
import { phaseOf, type Batch, type BatchRow, type RowPhase } from './batch';
import { probeColumn, type ProbeColumn } from './probe-column';

/** One line of a batch's report: what happened to one submitted id. */
export interface ReportRow {
  index: number;
  documentId: string;
  name?: string;
  outcome: RowPhase;
  /** DELETEs sent for it (all rounds). */
  attempts: number;
  confirmedBy?: ConfirmingRead;
  /** When it reached its outcome (settled rows only). */
  at?: number;
  /** The service's message, for a refused DELETE. */
  message?: string;
  /** Gone from answers (./probe-sample.ts): the probe's stage, `not_probed` outside the sample, or no space. */
  probe: ProbeColumn;
  /** What the probe's verdict rests on: the read, the control, each probe (its field, its time). */
  probeEvidence?: string[];
  /** Tokens the row's probes used (each probe is a billed completion). */
  probeTokens?: number;
  /** Probes of its latest round ("not retrieved in N probes"). */
  probeCount?: number;
}

/** The probes of a batch, for its report: whether it had a space to probe, and each sampled row's run. */
export interface ReportProbes {
  probing: boolean;
  runs: ReadonlyMap<number, ProbeRun>;
  /**
   * A run's evidence lines (./report-evidence.ts's reportEvidence), handed in so the report itself does not load
   * the evidence's wording. Absent: the rows carry no `probeEvidence` (the console loads it to show or export).
   */
  evidence?: (run: ProbeRun) => string[];
}

const NO_PROBES: ReportProbes = { probing: false, runs: new Map() };

/** A console batch's probes, as its rows keep them (./row-probes.ts): probing when it was given a space. */
export function reportProbesOf(batch: Batch): ReportProbes {
  const runs = new Map<number, ProbeRun>();
  batch.rows.forEach((row, i) => {
    if (row?.probe) runs.set(i, row.probe);
  });
  return { probing: batch.probeTarget !== undefined, runs };
}

/** Tokens the batch's probes used so far (each probe is a billed completion). */
export const probeTokensOf = (batch: Batch) => batch.rows.reduce((n, row) => n + (row?.probe?.tokens ?? 0), 0);

const SETTLED = new Set<RowPhase>(['deleted', 'not_deleted', 'failed']);

/**
 * A row's report line, kept while the row is unchanged (rows are immutable): while a batch runs, the report is
 * rebuilt several times a second and only its changed lines are new objects, so the table re-renders only those.
 */
const lineOf = new WeakMap<
  BatchRow,
  { line: ReportRow; run?: ProbeRun; probing: boolean; evidence?: ReportProbes['evidence'] }
>();

export function reportRows(batch: Batch, probes: ReportProbes = NO_PROBES): ReportRow[] {
  return batch.rows.map((row, index) => {
    const known = lineOf.get(row);
    const run = probes.runs.get(index);
    if (
      known?.line.index === index &&
      known.run === run &&
      known.probing === probes.probing &&
      known.evidence === probes.evidence
    )
      return known.line;
    const line = reportRow(row, index, probes, run);
    lineOf.set(row, { line, run, probing: probes.probing, evidence: probes.evidence });
    return line;
  });
}

function reportRow(row: BatchRow, index: number, probes: ReportProbes, run: ProbeRun | undefined): ReportRow {
  const d = row.deletion;
  const outcome = phaseOf(row);
  let message: string | undefined;
  if (d?.state === 'failed' || d?.state === 'unknown') {
    for (let i = d.attempts.length - 1; i >= 0 && !message; i--) message = d.attempts[i]!.error?.message;
  }
  return {
    index,
    documentId: row.documentId,
    name: row.name ?? d?.documentName,
    outcome,
    attempts: d?.attempts.length ?? 0,
    confirmedBy: d?.state === 'deleted' ? d.confirmedBy : undefined,
    at: d && SETTLED.has(outcome) ? d.updatedAt : undefined,
    message,
    probe: probeColumn(probes.probing, run),
    ...(run
      ? {
          ...(probes.evidence ? { probeEvidence: probes.evidence(run) } : {}),
          probeTokens: run.tokens,
          probeCount: roundProbes(run).length,
        }
      : {}),
  };
}

const iso = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());

export const CSV_COLUMNS = [
  'knowledge_id',
  'knowledge_name',
  'profile',
  'batch_started_at',
  'batch_ended_at',
  'document_id',
  'name',
  'outcome',
  'attempts',
  'confirmed_by',
  'outcome_at',
  'message',
  'probe',
  'probe_evidence',
  'probe_tokens',
] as const;

/**
 * The report as CSV: one line per submitted id, each carrying the batch's knowledge base, profile name (never a
 * token) and start and end times, so any line read alone says where it comes from. Times are ISO 8601 (UTC).
 * Names and messages come from documents and the service: the CSV module defuses formulas in every cell.
 */
export function reportCsv(batch: Batch, rows: readonly ReportRow[] = reportRows(batch)): string {
  const head = [batch.knowledgeId, batch.knowledgeName, batch.profileName, iso(batch.createdAt), iso(batch.endedAt)];
  return writeCsv(
    CSV_COLUMNS,
    rows.map((r) => [
      ...head,
      r.documentId,
      r.name,
      r.outcome,
      r.attempts,
      r.confirmedBy,
      iso(r.at),
      r.message,
      r.probe,
      r.probeEvidence?.join(' | '),
      r.probeTokens,
    ]),
  );
}

export function reportJson(batch: Batch, rows: readonly ReportRow[] = reportRows(batch)): string {
  return JSON.stringify(
    {
      knowledge_base: { id: batch.knowledgeId, name: batch.knowledgeName ?? null },
      profile: batch.profileName,
      started_at: iso(batch.createdAt),
      ended_at: batch.endedAt === undefined ? null : iso(batch.endedAt),
      status: batch.status,
      documents: rows.map((r) => ({
        document_id: r.documentId,
        name: r.name ?? null,
        outcome: r.outcome,
        attempts: r.attempts,
        confirmed_by: r.confirmedBy ?? null,
        outcome_at: r.at === undefined ? null : iso(r.at),
        message: r.message ?? null,
        probe: r.probe,
        probe_evidence: r.probeEvidence ?? null,
        probe_tokens: r.probeTokens ?? null,
      })),
    },
    null,
    2,
  );
}

/** A file name that says what it holds: bulk-removal-<knowledge id>-<start>.csv */
export const reportFileName = (batch: Batch, ext: 'csv' | 'json') =>
  `bulk-removal-${batch.knowledgeId}-${iso(batch.createdAt).replace(/[:.]/g, '-')}.${ext}`;
