import { describe, expect, it } from 'vitest';
import { checkSuite, type SuiteFile } from '../../../suite-engine';
import { caseFieldProblem, errorAt, errorsFor } from './editor-form';
import { toFile, toValues } from './editor-values';

/** The editor and the streaming and abstention checks: each field edits, saves unchanged, and is refused by name. */
const file = (): SuiteFile => {
  const checked = checkSuite({
    name: 'Checks',
    space_id: '101',
    abstention_phrases: { en: ['could not find anything'], zh: ['没有找到'] },
    cases: [
      { id: 'stream', question: 'How long?', expect: { max_ttft_ms: 800, stream_completes: true } },
      { id: 'gone', question: 'What about the removed page?', expect: { abstains: true } },
      { id: 'answers', question: 'Price?', expect: { abstains: false } },
      {
        id: 'conversation',
        question: 'How long?',
        follow_ups: [{ question: 'And in the cold?', expect: { max_ttft_ms: 1500, abstains: false } }],
      },
    ],
  });
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.file;
};

describe('the editor’s streaming and abstention fields', () => {
  it('show each check in its field and save the file unchanged (per-turn checks of follow-ups too)', () => {
    const values = toValues(file());
    expect(values.cases.map((c) => [c.max_ttft_ms, c.stream_completes, c.abstains])).toEqual([
      ['800', 'true', ''],
      ['', '', 'true'],
      ['', '', 'false'],
      ['', '', ''],
    ]);
    expect(JSON.parse(values.abstention_phrases)).toEqual({ en: ['could not find anything'], zh: ['没有找到'] });
    const back = toFile(values);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(back.file).toEqual(file());
  });

  it('sets and clears them as typed and chosen', () => {
    const values = toValues(file());
    values.cases[0]!.stream_completes = '';
    values.cases[0]!.max_ttft_ms = '';
    values.cases[1]!.abstains = '';
    values.cases[2]!.max_ttft_ms = '1200';
    values.cases[2]!.stream_completes = 'true';
    values.abstention_phrases = '';
    const back = toFile(values);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(back.file.cases.map((c) => c.expect)).toEqual([
      undefined,
      undefined,
      { max_ttft_ms: 1200, stream_completes: true, abstains: false },
      undefined,
    ]);
    expect(back.file.abstention_phrases).toBeUndefined();
  });

  it('refuses a wrong value at its input, in the schema’s words', () => {
    const values = toValues(file());
    values.cases[0]!.max_ttft_ms = '-5';
    expect(caseFieldProblem(values, 0, 'max_ttft_ms')).toBe(
      'cases[0].expect.max_ttft_ms: must be a positive number of milliseconds (case "stream")',
    );
    values.cases[0]!.max_ttft_ms = 'soon';
    expect(caseFieldProblem(values, 0, 'max_ttft_ms')).toMatch(/^cases\[0\]\.expect\.max_ttft_ms: /);
    values.abstention_phrases = '{"english": "I do not know"}';
    const checked = toFile(values);
    expect(checked.ok).toBe(false);
    const errors = errorsFor(checked.ok ? [] : checked.errors);
    expect(errorAt(errors, 'abstention_phrases')).toContain('abstention_phrases.english: must be a list of strings');
    values.abstention_phrases = '{not json';
    const broken = toFile(values);
    expect(broken.ok ? [] : broken.errors).toContainEqual(expect.stringMatching(/^abstention_phrases: not valid JSON/));
  });
});
