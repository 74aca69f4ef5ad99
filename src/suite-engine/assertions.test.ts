import { describe, expect, it } from 'vitest';
import { evaluate, type AnswerFacts } from './assertions';

const facts: AnswerFacts = {
  text: 'On a full charge the battery lasts about **14 Days**. Ünïcode: Straße.',
  sources: [
    { document_id: '831506272047403', score: 0.82 },
    { document_id: 831506272047401, score: 0.4 },
  ],
  latencyMs: 420,
  totalTokens: 1200,
};
const one = (assertions: Parameters<typeof evaluate>[0], f: AnswerFacts = facts) => {
  const [outcome, ...rest] = evaluate(assertions, f);
  expect(rest).toEqual([]);
  return outcome!;
};

describe('assertions', () => {
  it('contains: every string, case-insensitive', () => {
    expect(one({ contains: ['14 days', 'BATTERY'] })).toEqual({ key: 'contains', ok: true, detail: 'all found' });
    expect(one({ contains: ['14 days', '2 days', 'hours'] })).toEqual({
      key: 'contains',
      ok: false,
      detail: 'missing "2 days", "hours"',
    });
    expect(one({ contains: ['STRASSE'] }).ok).toBe(false);
    expect(one({ contains: ['ÜNÏCODE'] }).ok).toBe(true);
  });

  it('contains_any: at least one', () => {
    expect(one({ contains_any: ['fourteen', '14'] })).toEqual({ key: 'contains_any', ok: true, detail: 'found "14"' });
    expect(one({ contains_any: ['fourteen', 'two weeks'] })).toEqual({
      key: 'contains_any',
      ok: false,
      detail: 'none of "fourteen", "two weeks"',
    });
  });

  it('not_contains: none of them', () => {
    expect(one({ not_contains: ["I don't know"] })).toEqual({ key: 'not_contains', ok: true, detail: 'none found' });
    expect(one({ not_contains: ["I don't know", 'charge'] })).toEqual({
      key: 'not_contains',
      ok: false,
      detail: 'found "charge"',
    });
  });

  it('matches: a JavaScript regular expression, flags with /…/', () => {
    expect(one({ matches: '\\b14\\s+Days\\b' })).toEqual({ key: 'matches', ok: true, detail: 'matched "14 Days"' });
    expect(one({ matches: '\\b14\\s+days\\b' }).ok).toBe(false);
    expect(one({ matches: '/\\b14\\s+days\\b/i' }).ok).toBe(true);
    expect(one({ matches: '^Nothing' })).toEqual({ key: 'matches', ok: false, detail: 'no match for ^Nothing' });
  });

  it('cites_document: each id among the sources (numbers read as strings)', () => {
    expect(one({ cites_document: ['831506272047403', '831506272047401'] })).toEqual({
      key: 'cites_document',
      ok: true,
      detail: 'all cited',
    });
    expect(one({ cites_document: ['831506272047403', '831506272047499'] })).toEqual({
      key: 'cites_document',
      ok: false,
      detail: 'not cited: 831506272047499',
    });
  });

  it('not_cites_document: none of the ids among the sources (one id or a list; numbers read as strings)', () => {
    expect(one({ not_cites_document: '831506272047499' })).toEqual({
      key: 'not_cites_document',
      ok: true,
      detail: 'none cited',
    });
    expect(one({ not_cites_document: [831506272047499, '831506272047498'] }).ok).toBe(true);
    // The source's id is a number and the assertion's a string, and the other way round: the same id.
    expect(one({ not_cites_document: ['831506272047401', '831506272047499'] })).toEqual({
      key: 'not_cites_document',
      ok: false,
      detail: 'cited: 831506272047401',
    });
    expect(one({ not_cites_document: 831506272047403 })).toEqual({
      key: 'not_cites_document',
      ok: false,
      detail: 'cited: 831506272047403',
    });
    expect(one({ not_cites_document: '1' }, { ...facts, sources: [] }).ok).toBe(true);
  });

  it('min_sources', () => {
    expect(one({ min_sources: 2 })).toEqual({ key: 'min_sources', ok: true, detail: '2 sources' });
    expect(one({ min_sources: 3 }).ok).toBe(false);
    expect(one({ min_sources: 1 }, { ...facts, sources: [] })).toEqual({
      key: 'min_sources',
      ok: false,
      detail: '0 sources',
    });
  });

  it('min_top_score: the best source score', () => {
    expect(one({ min_top_score: 0.8 })).toEqual({ key: 'min_top_score', ok: true, detail: 'top score 0.82' });
    expect(one({ min_top_score: 0.9 }).ok).toBe(false);
    expect(one({ min_top_score: 0.1 }, { ...facts, sources: [{ document_id: '1' }] })).toEqual({
      key: 'min_top_score',
      ok: false,
      detail: 'no source has a score',
    });
  });

  it('max_latency_ms: send to complete answer', () => {
    expect(one({ max_latency_ms: 420 })).toEqual({ key: 'max_latency_ms', ok: true, detail: '420 ms ≤ 420 ms' });
    expect(one({ max_latency_ms: 400 })).toEqual({ key: 'max_latency_ms', ok: false, detail: '420 ms > 400 ms' });
  });

  it('max_total_tokens', () => {
    expect(one({ max_total_tokens: 1200 })).toEqual({ key: 'max_total_tokens', ok: true, detail: '1200 tokens' });
    expect(one({ max_total_tokens: 1199 }).ok).toBe(false);
    expect(one({ max_total_tokens: 9 }, { ...facts, totalTokens: undefined })).toEqual({
      key: 'max_total_tokens',
      ok: false,
      detail: 'no token usage in the answer',
    });
  });

  it('no expect: passes when the answer is not empty', () => {
    expect(one(undefined)).toEqual({ key: 'answered', ok: true, detail: 'answered' });
    expect(one({}, { ...facts, text: '  \n' })).toEqual({ key: 'answered', ok: false, detail: 'the answer is empty' });
  });

  it('every assertion of an expect, in the file’s order', () => {
    expect(evaluate({ min_sources: 1, contains: ['x'], matches: 'battery' }, facts).map((o) => [o.key, o.ok])).toEqual([
      ['min_sources', true],
      ['contains', false],
      ['matches', true],
    ]);
  });
});
