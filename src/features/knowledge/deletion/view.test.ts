import { describe, expect, it } from 'vitest';
import { reduce, startDeletion, type TrackedDeletion } from '../../../removal-engine/single/machine';
import { deletionsFor, hasAccepted, indicatorTarget, lastError, progressOf } from './view';

const make = (profileId: string, knowledgeId: string, documentId: string, at: number): TrackedDeletion =>
  startDeletion({ profileId, knowledgeId, documentId }, at);

describe('deletion view helpers', () => {
  it('lists one profile’s deletions (optionally of one knowledge base), active ones first', () => {
    const done = reduce(reduce(make('p', 'k1', 'd1', 3), { type: 'accepted', at: 4 }), {
      type: 'checked',
      at: 8,
      result: 'gone',
    });
    const active = make('p', 'k1', 'd2', 1);
    const other = make('p', 'k2', 'd3', 2);
    const foreign = make('q', 'k1', 'd4', 5);
    const all = [foreign, done, other, active];
    expect(deletionsFor(all, 'p').map((d) => d.documentId)).toEqual(['d3', 'd2', 'd1']);
    expect(deletionsFor(all, 'p', 'k1').map((d) => d.documentId)).toEqual(['d2', 'd1']);
    expect(deletionsFor(all, null)).toEqual([]);
  });

  it('leads the indicator to the one knowledge base involved, else to the overview', () => {
    expect(indicatorTarget([make('p', 'k1', 'd1', 0), make('p', 'k1', 'd2', 0)])).toBe('/knowledge/k1');
    expect(indicatorTarget([make('p', 'k1', 'd1', 0), make('p', 'k2', 'd2', 0)])).toBe('/knowledge');
  });

  it('tracks progress: a 200 and each check change the signature', () => {
    const d0 = make('p', 'k', 'd', 0);
    const d1 = reduce(d0, { type: 'accepted', at: 1 });
    const d2 = reduce(d1, { type: 'checked', at: 3_001, result: 'present' });
    expect(hasAccepted(d0)).toBe(false);
    expect(hasAccepted(d1)).toBe(true);
    expect(new Set([progressOf(d0), progressOf(d1), progressOf(d2)]).size).toBe(3);
  });

  it('finds the last error of a failed deletion', () => {
    const failed = reduce(make('p', 'k', 'd', 0), {
      type: 'request_failed',
      at: 1,
      error: { status: 404, code: 404, message: 'nope' },
    });
    expect(lastError(failed)).toEqual({ status: 404, code: 404, message: 'nope' });
    expect(lastError(make('p', 'k', 'd', 0))).toBeUndefined();
  });
});
