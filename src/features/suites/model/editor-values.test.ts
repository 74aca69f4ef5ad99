import { describe, expect, it } from 'vitest';
import type { SuiteFile } from '../../../suite-engine';
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

  it('edit not_cites_document as a | list, one id (a number too) or several', () => {
    const file: SuiteFile = {
      ...FILE,
      cases: [{ ...FILE.cases[0]!, expect: { not_cites_document: 831506272047403 } }],
    };
    const values = toValues(file);
    expect(values.cases[0]!.not_cites_document).toBe('831506272047403');
    values.cases[0]!.not_cites_document = '831506272047403 | 831506272047404';
    const back = toFile(values);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(back.file.cases[0]!.expect?.not_cites_document).toEqual(['831506272047403', '831506272047404']);
  });

  it('keep every release-gate field through the editor unchanged (similar_to, relevant_documents, k, pass_at_least, gate)', () => {
    const file: SuiteFile = {
      ...FILE,
      pass_at_least: 1,
      k: 5,
      gate: { min_pass_rate: 0.9, min_hit_rate: 0.8, min_mrr: 0.5 },
      cases: [
        {
          ...FILE.cases[0]!,
          expect: { contains: ['14 days'], similar_to: { text: 'It lasts 14 days.', min: 0.4 } },
          relevant_documents: ['731', 42],
          k: 3,
          pass_at_least: 2,
        },
      ],
    };
    const values = toValues(file);
    expect(values.cases[0]).toMatchObject({
      relevant_documents: '731 | 42',
      similar_text: 'It lasts 14 days.',
      similar_min: '0.4',
    });
    expect(values).toMatchObject({ pass_at_least: '1', gate_min_hit_rate: '0.8' });
    const back = toFile(values);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(back.file).toEqual(file);
    // Edited in the form: the new values are what is saved, the fields it has no input for stay.
    values.cases[0]!.relevant_documents = '731 | 9';
    values.cases[0]!.similar_min = '0.6';
    values.gate_min_mrr = '';
    const edited = toFile(values);
    if (!edited.ok) throw new Error(edited.errors.join('\n'));
    expect(edited.file.gate).toEqual({ min_pass_rate: 0.9, min_hit_rate: 0.8 });
    expect(edited.file.cases[0]).toMatchObject({ relevant_documents: ['731', '9'], k: 3, pass_at_least: 2 });
    expect(edited.file.cases[0]!.expect?.similar_to).toEqual({ text: 'It lasts 14 days.', min: 0.6 });
  });

  it('place the release-gate fields’ messages on their inputs', () => {
    const values = toValues(FILE);
    values.gate_min_hit_rate = '2';
    values.cases[0]!.similar_text = 'Fourteen days';
    values.cases[0]!.similar_min = '1.5';
    const checked = toFile(values);
    const errors = checked.ok ? [] : checked.errors;
    expect(errors.map(fieldOf)).toEqual(['gate_min_hit_rate', 'cases.0.similar_min']);
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

  it('place a pattern the linear-time engine cannot run on its case’s matches input', () => {
    const values = toValues(FILE);
    values.cases.push({ ...emptyCase(), id: 'nested', question: 'Q?', matches: '(a)\\1' });
    const checked = toFile(values);
    const errors = checked.ok ? [] : checked.errors;
    expect(errors).toEqual([
      expect.stringMatching(/^cases\[1\]\.expect\.matches: \\1 at character 4: a backreference/),
    ]);
    expect(errors.map(fieldOf)).toEqual(['cases.1.matches']);
  });
});
