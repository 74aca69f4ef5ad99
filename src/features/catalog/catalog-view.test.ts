import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../lib';
import { groupByKind, routeFor, unknownIdCandidate } from './catalog-view';

const e = (
  kind: CatalogEntry['kind'],
  id: string,
  lastSeenAt: number,
  extra: Partial<CatalogEntry> = {},
): CatalogEntry => ({
  profileId: 'p',
  kind,
  id,
  lastSeenAt,
  pinned: false,
  ...extra,
});

describe('catalog view', () => {
  const entries = [
    e('conversation', '931506272047501', 5, { label: 'Display shows solid amber' }),
    e('dataset', '731506272047301', 3, { label: 'Beacon product handbook' }),
    e('dataset', '731506272047302', 4, { label: 'Customer support FAQ' }),
    e('dataset', '731506272047304', 1, { pinned: true }),
    e('agent', 'agent-support', 2, { label: 'Beacon Support Assistant' }),
  ];

  it('routes each kind to its page, agents to none, ids encoded', () => {
    expect(routeFor('knowledge', '631')).toBe('/knowledge/631');
    expect(routeFor('space', '101')).toBe('/playground/101');
    expect(routeFor('conversation', 'a/b c')).toBe('/conversations/a%2Fb%20c');
    expect(routeFor('agent', 'agent-support')).toBeUndefined();
  });

  it('groups by kind in a fixed order, pinned first then newest', () => {
    const groups = groupByKind(entries, '');
    expect(groups.map((g) => g.kind)).toEqual(['dataset', 'conversation', 'agent']);
    expect(groups[0]!.entries.map((x) => x.id)).toEqual(['731506272047304', '731506272047302', '731506272047301']);
  });

  it('filters on id, label and kind name, every word', () => {
    expect(groupByKind(entries, 'beacon').flatMap((g) => g.entries.map((x) => x.id))).toEqual([
      '731506272047301',
      'agent-support',
    ]);
    expect(
      groupByKind(entries, '数据集 FAQ', (k) => (k === 'dataset' ? '数据集' : k)).flatMap((g) =>
        g.entries.map((x) => x.id),
      ),
    ).toEqual(['731506272047302']);
    expect(groupByKind(entries, 'nothing-like-this')).toEqual([]);
  });

  it('offers an unknown single-token query as an id', () => {
    expect(unknownIdCandidate(' 831506272047401 ', entries)).toBe('831506272047401');
    expect(unknownIdCandidate('731506272047301', entries)).toBeUndefined();
    expect(unknownIdCandidate('two words', entries)).toBeUndefined();
    expect(unknownIdCandidate('   ', entries)).toBeUndefined();
  });
});
