import { describe, expect, it } from 'vitest';
import { samplesToSuite } from './ragas';

const meta = { name: 'From ragas', space_id: '101' };

describe('samplesToSuite', () => {
  it('reads Ragas samples (JSONL): user_input, reference, reference_context_ids', () => {
    const jsonl = [
      JSON.stringify({
        user_input: 'How long is the kettle warranty?',
        reference: 'Two years from purchase.',
        reference_context_ids: ['831506272047403', '831506272047404'],
      }),
      '',
      JSON.stringify({ user_input: 'Can I descale with vinegar?' }),
    ].join('\n');
    const r = samplesToSuite(jsonl, 'jsonl', meta);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.file.cases).toEqual([
      {
        question: 'How long is the kettle warranty?',
        expect: { similar_to: { text: 'Two years from purchase.', min: 0 } },
        relevant_documents: ['831506272047403', '831506272047404'],
      },
      { question: 'Can I descale with vinegar?' },
    ]);
    expect(r.notes).toEqual([
      '1 reference answer (reference / expected_output) kept as similar_to with min 0: scored, never failing; raise min once the scores on this service are seen',
    ]);
  });

  it('reads DeepEval goldens (JSON): input, expected_output, retrieval_context as ids, else noted', () => {
    const json = JSON.stringify([
      { input: 'Warranty?', expected_output: 'Two years', retrieval_context: ['831506272047403'] },
      { input: 'Colours?', retrieval_context: ['The kettle comes in red and blue.'] },
    ]);
    const r = samplesToSuite(json, 'json', meta);
    expect(r.ok && r.file.cases).toEqual([
      {
        question: 'Warranty?',
        expect: { similar_to: { text: 'Two years', min: 0 } },
        relevant_documents: ['831506272047403'],
      },
      { question: 'Colours?' },
    ]);
    expect(r.ok && r.notes[0]).toBe('[1]: retrieval_context holds text, not document ids: not used');
  });

  it('reads a CSV export (ids as a JSON list or | separated) and refuses ids that are not ids', () => {
    const csv =
      'user_input,reference,reference_context_ids\n"Warranty?","Two years","[\'831506272047403\']"\nDescale?,,1|2\n';
    const r = samplesToSuite(csv, 'csv', meta);
    expect(r.ok && r.file.cases.map((c) => c.relevant_documents)).toEqual([['831506272047403'], ['1', '2']]);
    const bad = samplesToSuite('user_input,reference_context_ids\nq,doc-a\n', 'csv', meta);
    expect(bad.ok ? [] : bad.errors).toEqual([
      'sample 1.reference_context_ids: document ids are digits, e.g. 831506272047403',
    ]);
    const none = samplesToSuite('[{"reference":"x"}]', 'json', meta);
    expect(none.ok ? [] : none.errors).toEqual(['[0]: has no question (user_input or input)']);
  });
});
