import { describe, expect, it } from 'vitest';
import type { SuiteFile } from '../../../contract';
import { emptyCase, fieldOf, toFile, toValues } from './editor-values';

const FILE: SuiteFile = {
  name: 'Beacon',
  space_id: '101',
  defaults: { stream: false },
  repeat: 2,
  variants: [{ id: 'base' }, { id: 'web', options: { retrieval_with_websearch: true } }],
  cases: [
    {
      id: 'battery',
      question: 'How long?',
      options: { dataset_ids: ['731'] },
      expect: { contains: ['14 days', 'charge'], matches: '/14\\s+days/i', min_sources: 1, min_top_score: 0.5 },
      follow_ups: [{ question: 'And always on?', expect: { contains: ['2 days'] } }],
      repeat: 3,
    },
  ],
};

describe('the suite editor’s values', () => {
  it('turn a file into form values and back unchanged', () => {
    const values = toValues(FILE);
    expect(values.cases[0]).toMatchObject({ contains: '14 days | charge', min_sources: '1', repeat: '3' });
    const back = toFile(values);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(back.file).toEqual(FILE);
  });

  it('report the schema’s messages and JSON mistakes, each placed on its input', () => {
    const values = toValues(FILE);
    values.space_id = '';
    values.defaults = '{stream: false}';
    values.cases.push({
      ...emptyCase(),
      id: 'battery',
      question: '',
      matches: '(',
      max_latency_ms: 'soon',
      options: '[]',
    });
    const checked = toFile(values);
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? [] : checked.errors;
    expect(errors).toEqual([
      expect.stringMatching(/^defaults: not valid JSON/),
      'space_id: must not be empty',
      'cases[1].question: must not be empty (case "battery")',
      'cases[1].options: must be an object of completion body fields (case "battery")',
      'cases[1].expect.matches: not a valid regular expression (case "battery")',
      'cases[1].expect.max_latency_ms: must be a positive number of milliseconds (case "battery")',
      'cases[1].id: "battery" is already the id of cases[0]',
    ]);
    expect(errors.map(fieldOf)).toEqual([
      'defaults',
      'space_id',
      'cases.1.question',
      'cases.1.options',
      'cases.1.matches',
      'cases.1.max_latency_ms',
      'cases.1.id',
    ]);
  });

  it('place a pattern that can backtrack catastrophically on its case’s matches input', () => {
    const values = toValues(FILE);
    values.cases.push({ ...emptyCase(), id: 'nested', question: 'Q?', matches: '(a|a)*b' });
    const checked = toFile(values);
    const errors = checked.ok ? [] : checked.errors;
    expect(errors).toEqual([expect.stringMatching(/^cases\[1\]\.expect\.matches: can backtrack catastrophically/)]);
    expect(errors.map(fieldOf)).toEqual(['cases.1.matches']);
  });
});
