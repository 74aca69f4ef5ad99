import { describe, expect, it } from 'vitest';
import {
  caseFieldProblem,
  casesWithHiddenProblems,
  errorAt,
  errorsFor,
  pageOfFirstProblem,
  PAGE_SIZE,
} from './editor-form';
import { emptyCase, toFile, type EditorValues } from './editor-values';

function values(cases: number, edit: (i: number) => Partial<EditorValues['cases'][number]>): EditorValues {
  return {
    name: 'Beacon',
    space_id: '101',
    repeat: '',
    defaults: '',
    variants: '',
    pass_at_least: '',
    gate_min_pass_rate: '',
    gate_min_hit_rate: '',
    gate_min_mrr: '',
    abstention_phrases: '',
    kept: '',
    cases: Array.from({ length: cases }, (_, i) => ({ ...emptyCase(), id: `c${i}`, question: 'Q?', ...edit(i) })),
  };
}

function messagesOf(v: EditorValues): string[] {
  const checked = toFile(v);
  if (checked.ok) throw new Error('expected problems');
  return checked.errors;
}

describe('the editor form', () => {
  it('refuses a similarity of 1.5 at its field, with the documented range, before Save', () => {
    const v = values(3, (i) => (i === 2 ? { similar_text: 'fourteen days', similar_min: '1.5' } : {}));
    const problem = caseFieldProblem(v, 2, 'similar_min');
    expect(problem).toMatch(/^cases\[2\]\.expect\.similar_to\.min: /);
    expect(problem).toMatch(/1/);
    // The other fields of that case, and the same field of another case, have nothing to say.
    expect(caseFieldProblem(v, 2, 'similar_text')).toBeUndefined();
    expect(caseFieldProblem(v, 1, 'similar_min')).toBeUndefined();
    expect(
      caseFieldProblem(
        values(1, () => ({ similar_text: 'x', similar_min: '0.7' })),
        0,
        'similar_min',
      ),
    ).toBeUndefined();
  });

  it("places each schema message on its input's path", () => {
    const messages = messagesOf(values(2, (i) => (i === 1 ? { min_sources: '-1' } : {})));
    const errors = errorsFor(messages);
    expect(errorAt(errors, 'cases.1.min_sources')).toMatch(/min_sources/);
    expect(errorAt(errors, 'cases.0.min_sources')).toBeUndefined();
  });

  it('opens the rows whose further fields hold a problem, not those with a problem in the row itself', () => {
    const messages = messagesOf(
      values(3, (i) => (i === 0 ? { question: '' } : i === 2 ? { max_latency_ms: 'soon' } : {})),
    );
    expect(casesWithHiddenProblems(messages)).toEqual([2]);
  });

  it("turns to the first problem's page", () => {
    const at = PAGE_SIZE + 3;
    const messages = messagesOf(values(PAGE_SIZE * 2, (i) => (i === at ? { question: '' } : {})));
    expect(pageOfFirstProblem(messages)).toBe(2);
    expect(pageOfFirstProblem([])).toBeUndefined();
  });
});
