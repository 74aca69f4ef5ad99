import { describe, expect, it } from 'vitest';
import { EVERY_KIND } from '../test-support/probe-evidence';
import { ENGLISH_EVIDENCE_WORDS, evidenceLines, evidenceParts, type EvidenceKind } from './evidence';

const t = (at: number) => `t+${at}`;

describe('probe evidence, worded', () => {
  it('is built as lines of values, one of every kind', () => {
    const kinds = new Set<EvidenceKind>(EVERY_KIND.flatMap((e) => evidenceParts(e).map((l) => l.kind)));
    expect([...kinds].sort()).toEqual(
      ['control', 'probe', 'question', 'read', 'restriction', 'target', 'tokens', 'unshown'].sort(),
    );
    expect(evidenceParts(EVERY_KIND[0]!)).toContainEqual({
      kind: 'probe',
      n: 4,
      at: 60,
      result: { outcome: 'failed', status: 502, message: 'Bad Gateway' },
    });
  });

  it('in English by default, as the CLI has always written it (its report column, byte for byte)', () => {
    expect(evidenceLines(EVERY_KIND[0]!, t)).toEqual([
      'Question: “How is the blade honed?”',
      'Space 101, dataset 77',
      'Before the delete (t+10): found in document_chunks[0].document_id',
      'Read (t+20): its base info answered 404',
      'Probe 1 (t+30): found in assistant_message',
      'Probe 2 (t+40): nothing of it (1 piece)',
      'Probe 3 (t+50): nothing of it (2 pieces)',
      'Probe 4 (t+60): failed (502): Bad Gateway',
      'Probe 5 (t+70): failed: fetch failed',
      'Restricted to the document (t+35): hid it (the dataset still served it)',
      'Not shown by this service: whether retrieved pieces carry document_id; how a document_id restriction treats a deleted document',
      'Tokens used by probes: 12345',
    ]);
    expect(evidenceLines(EVERY_KIND[1]!, t)).toEqual([
      'Question: “Battery life?”',
      'Space 102, restricted to document 9002',
      'Read (t+20): total_files fell below the count before the delete',
      'Restricted to the document (t+25): served it too',
      'Not shown by this service: what a read returns after a delete',
      'Tokens used by probes: 1',
    ]);
    // The default clock is ISO 8601, and the default words are the English table.
    expect(evidenceLines(EVERY_KIND[1]!)[2]).toBe(
      'Read (1970-01-01T00:00:00.020Z): total_files fell below the count before the delete',
    );
    expect(evidenceLines(EVERY_KIND[0]!, t, ENGLISH_EVIDENCE_WORDS)).toEqual(evidenceLines(EVERY_KIND[0]!, t));
  });

  it('evidence made before unshownKeys is worded from its English labels', () => {
    const { unshownKeys: _keys, ...older } = EVERY_KIND[0]!;
    expect(evidenceLines(older, t)).toEqual(evidenceLines(EVERY_KIND[0]!, t));
  });
});
