import { describe, expect, it } from 'vitest';
import { addAnswerCase, caseFromAnswer, caseIdFor, newSuiteFromAnswer } from './kept-suite';
import { SUITE_BOUNDS } from './suite-file';

describe('a case from a playground answer', () => {
  it('takes the question and the cited documents, each once, as relevant_documents', () => {
    expect(
      caseFromAnswer({
        question: '  How long does the Beacon battery last on a full charge? ',
        documentIds: ['831506272047403', undefined, '831506272047403', 831506272047407, ''],
      }),
    ).toEqual({
      id: 'how-long-does-the-beacon',
      question: 'How long does the Beacon battery last on a full charge?',
      relevant_documents: ['831506272047403', '831506272047407'],
    });
    // No source cited: no relevant_documents (the schema refuses an empty list).
    expect(caseFromAnswer({ question: '信标的电池能用多久？', documentIds: [] })).toEqual({
      id: '信标的电池能用多久',
      question: '信标的电池能用多久？',
    });
  });

  it('gives an id not taken yet', () => {
    expect(caseIdFor('Price?', new Set(['price', 'price-2']))).toBe('price-3');
    expect(caseIdFor('???', new Set())).toBe('case');
  });

  it('appends to a kept suite, checked as a whole; a new suite of one case for the space', () => {
    const made = newSuiteFromAnswer('p1', 'Playground cases', '101', { question: 'Price?', documentIds: ['7'] }, 5);
    if (!made.ok) throw new Error(made.error);
    expect(made.suite).toMatchObject({
      profileId: 'p1',
      createdAt: 5,
      file: { name: 'Playground cases', space_id: '101', cases: [{ id: 'price', relevant_documents: ['7'] }] },
    });
    const again = addAnswerCase(made.suite, { question: 'Price?', documentIds: [] }, 9);
    if (!again.ok) throw new Error(again.error);
    expect(again.caseId).toBe('price-2');
    expect(again.suite.updatedAt).toBe(9);
    expect(again.suite.file.cases.map((c) => c.id)).toEqual(['price', 'price-2']);
  });

  it('refuses a suite already at its cap, saying why', () => {
    const made = newSuiteFromAnswer('p1', 'Full', '101', { question: 'Q', documentIds: [] });
    if (!made.ok) throw new Error(made.error);
    const full = {
      ...made.suite,
      file: {
        ...made.suite.file,
        cases: Array.from({ length: SUITE_BOUNDS.casesMax }, (_, i) => ({ question: `Q${i}` })),
      },
    };
    expect(addAnswerCase(full, { question: 'One more', documentIds: [] })).toEqual({
      ok: false,
      error: `the suite already has ${SUITE_BOUNDS.casesMax} cases, the most a suite may have`,
    });
  });
});
