import { describe, expect, it } from 'vitest';
import { readCsv } from '../../lib/csv';
import { reduce, startDeletion } from '../single/machine';
import { newBatch } from '../test-support/bulk-service';
import { startProbeRun } from '../probe';
import { probeSample } from './probe-sample';
import { CSV_COLUMNS, reportCsv, reportJson, reportRows } from './report';
import { reportEvidence } from './report-evidence';

function sample() {
  const batch = newBatch(['1', '2', '3', '4'], {
    knowledgeName: 'Retired, "Beacon" line',
    profileName: 'Prod',
    createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    endedAt: Date.UTC(2026, 0, 2, 3, 5, 0),
  });
  const start = (id: string) => startDeletion({ profileId: 'p', knowledgeId: 'k', documentId: id }, 0);
  let deleted = reduce(start('1'), { type: 'accepted', at: 1 });
  deleted = reduce(deleted, { type: 'checked', at: Date.UTC(2026, 0, 2, 3, 4, 9), result: 'gone', via: 'total_files' });
  const failed = reduce(start('2'), {
    type: 'request_failed',
    at: 5,
    error: { status: 404, message: 'document 2 does not belong to knowledge base k' },
  });
  batch.rows[0] = { ...batch.rows[0]!, name: '=HYPERLINK("x")', deletion: deleted };
  batch.rows[1] = { ...batch.rows[1]!, deletion: failed };
  batch.rows[2] = { ...batch.rows[2]!, leftOut: true };
  batch.rows[3] = { ...batch.rows[3]!, notSent: true };
  return batch;
}

describe('bulk removal report', () => {
  it('has one row per submitted id with its outcome, attempts and the read that confirmed it', () => {
    expect(reportRows(sample()).map((r) => [r.documentId, r.outcome, r.attempts, r.confirmedBy ?? null])).toEqual([
      ['1', 'deleted', 1, 'total_files'],
      ['2', 'failed', 1, null],
      ['3', 'left_out', 0, null],
      ['4', 'not_sent', 0, null],
    ]);
  });

  it('CSV: every line names the knowledge base, profile and times; cells are quoted and formulas defused', () => {
    const lines = reportCsv(sample()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(`\ufeff${CSV_COLUMNS.join(',')}`);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(
      'k,"Retired, ""Beacon"" line",Prod,2026-01-02T03:04:05.000Z,2026-01-02T03:05:00.000Z,1,' +
        `"'=HYPERLINK(""x"")",deleted,1,total_files,2026-01-02T03:04:09.000Z,,answers_not_checked,,`,
    );
    expect(lines[2]).toContain(',2,doc 2,failed,1,,');
    expect(lines[2]).toContain('document 2 does not belong to knowledge base k');
    // No token in any line (the header's probe_tokens column counts a probe's billed tokens).
    expect(lines.slice(1).join('\n')).not.toMatch(/token|Bearer/i);
  });

  it('CSV: a formula after leading spaces or a tab is defused too; Chinese names read back whole', () => {
    const batch = sample();
    batch.knowledgeName = '退役的产品线';
    batch.rows[2] = { ...batch.rows[2]!, name: '  @SUM(A1)' };
    batch.rows[3] = { ...batch.rows[3]!, name: '\t-2+3' };
    const [, ...rows] = readCsv(reportCsv(batch)).rows.map((r) => r.cells);
    expect(rows.map((r) => r[1])).toEqual(Array(4).fill('退役的产品线'));
    expect(rows.map((r) => r[6])).toEqual(['\'=HYPERLINK("x")', 'doc 2', "'  @SUM(A1)", "'\t-2+3"]);
  });

  it('JSON carries the same, with the batch once at the top', () => {
    const json = JSON.parse(reportJson(sample()));
    expect(json).toMatchObject({
      knowledge_base: { id: 'k', name: 'Retired, "Beacon" line' },
      profile: 'Prod',
      started_at: '2026-01-02T03:04:05.000Z',
      ended_at: '2026-01-02T03:05:00.000Z',
    });
    expect(json.documents).toHaveLength(4);
    expect(json.documents[1]).toMatchObject({ outcome: 'failed', message: expect.stringContaining('does not belong') });
  });

  it('the probe column: "answers_not_checked" without a space, "not_probed" outside the sample, else the stage', () => {
    const run = {
      ...startProbeRun({
        profileId: 'p',
        knowledgeId: 'k',
        documentId: '1',
        datasetId: 'd',
        spaceId: '101',
        contents: ['A passage of the document long enough to make a probe question from it, and then some more.'],
      }),
      stage: 'still_in_answers' as const,
      tokens: 42,
    };
    expect(reportRows(sample()).map((r) => r.probe)).toEqual(Array(4).fill('answers_not_checked'));
    const rows = reportRows(sample(), { probing: true, runs: new Map([[0, run]]), evidence: reportEvidence });
    expect(rows.map((r) => r.probe)).toEqual(['still_in_answers', 'not_probed', 'not_probed', 'not_probed']);
    expect(rows[0]).toMatchObject({ probeTokens: 42 });
    expect(rows[0]!.probeEvidence).toContain('Space 101, dataset d');
    // The question is a passage of the document: a report of its removal does not carry it on.
    expect(reportCsv(sample(), rows)).not.toContain('A passage of the document');
    expect(JSON.parse(reportJson(sample(), rows)).documents[0]).toMatchObject({
      probe: 'still_in_answers',
      probe_tokens: 42,
    });
  });

  it('the probe sample: at most N rows, evenly spread, the first and the last included', () => {
    const all = Array.from({ length: 100 }, (_, i) => i);
    expect(probeSample(all, 5)).toEqual([0, 25, 50, 74, 99]);
    expect(probeSample(all)).toHaveLength(10);
    expect(probeSample([3, 7], 10)).toEqual([3, 7]);
    expect(probeSample(all, 1)).toEqual([0]);
    expect(probeSample([], 10)).toEqual([]);
  });
});
