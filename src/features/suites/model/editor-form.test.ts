import { describe, expect, it } from 'vitest';
import { casesWithHiddenProblems, errorAt, errorsFor, pageOfFirstProblem, PAGE_SIZE } from './editor-form';
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
