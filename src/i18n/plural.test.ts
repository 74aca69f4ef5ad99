import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, zhCN, type MessageKey } from './message-tables';
import { LOCALES } from './locales';
import { pluralCategory } from './plural';
import { interpolate, translator } from './translate';

/**
 * Every counted message, with the values it takes besides its count, and what English shows for 0, 1 and 2.
 * A message that counts a noun and is missing here fails the last test.
 */
const COUNTED: Partial<Record<MessageKey, { vars?: Record<string, number | string>; en: [string, string, string] }>> = {
  'activity.count': {
    vars: { shown: 1 },
    en: ['1 of 0 calls', '1 of 1 call', '1 of 2 calls'],
  },
  'activity.driftCount': { en: ['0 drift warnings', '1 drift warning', '2 drift warnings'] },
  'datasets.compare.summary': {
    vars: { total: 2 },
    en: ['0 of 2 fields differ', '1 of 2 fields differs', '2 of 2 fields differ'],
  },
  'documents.text.region': {
    en: ['Text of the document, 0 pieces', 'Text of the document, 1 piece', 'Text of the document, 2 pieces'],
  },
  'documents.search.positionDetail': {
    vars: { n: 1, occurrences: 1 },
    en: [
      'Piece 1 of 0 pieces with hits (1 occurrence)',
      'Piece 1 of 1 piece with hits (1 occurrence)',
      'Piece 1 of 2 pieces with hits (1 occurrence)',
    ],
  },
  'knowledge.totalFiles.pending': { en: ['0 deletions pending', '1 deletion pending', '2 deletions pending'] },
  'knowledge.indicator': { en: ['0 deletions pending', '1 deletion pending', '2 deletions pending'] },
  'knowledge.history.requests': { en: ['0 requests', '1 request', '2 requests'] },
  'knowledge.deletion.notDeletedExplain': {
    en: [
      'Still present after 0 accepted requests: the document was probably locked. Retry to start again.',
      'Still present after 1 accepted request: the document was probably locked. Retry to start again.',
      'Still present after 2 accepted requests: the document was probably locked. Retry to start again.',
    ],
  },
  'answer.sources.all': {
    vars: { hidden: 1 },
    en: ['Show all 0 sources (1 more)', 'Show all 1 source (1 more)', 'Show all 2 sources (1 more)'],
  },
  'suites.importRefused': {
    vars: { file: 'a.csv' },
    en: [
      'a.csv was not imported (0 problems; nothing was kept)',
      'a.csv was not imported (1 problem; nothing was kept)',
      'a.csv was not imported (2 problems; nothing was kept)',
    ],
  },
  'suites.notSaved': { en: ['Not saved: 0 problems', 'Not saved: 1 problem', 'Not saved: 2 problems'] },
  'suites.run.rerunOf': {
    en: [
      'A re-run of 0 cases that did not pass.',
      'A re-run of 1 case that did not pass.',
      'A re-run of 2 cases that did not pass.',
    ],
  },
  'suites.filter.count': { vars: { shown: 1 }, en: ['1 of 0 cases', '1 of 1 case', '1 of 2 cases'] },
  'suites.trend.label': {
    en: [
      'Chart of pass rate and median latency over 0 runs',
      'Chart of pass rate and median latency over 1 run',
      'Chart of pass rate and median latency over 2 runs',
    ],
  },
  'knowledge.bulk.input.check': { en: ['Check 0 ids', 'Check 1 id', 'Check 2 ids'] },
  'knowledge.bulk.check.includeUnknown': {
    en: ['Also send the 0 unknown ids', 'Also send the 1 unknown id', 'Also send the 2 unknown ids'],
  },
  'knowledge.bulk.confirm.title': { en: ['Remove 0 documents?', 'Remove 1 document?', 'Remove 2 documents?'] },
  'knowledge.bulk.confirm.submit': { en: ['Remove 0 documents', 'Remove 1 document', 'Remove 2 documents'] },
  'knowledge.bulk.batch.title': { en: ['Bulk removal of 0 ids', 'Bulk removal of 1 id', 'Bulk removal of 2 ids'] },
  'knowledge.bulk.report.label': { en: ['Report: 0 rows', 'Report: 1 row', 'Report: 2 rows'] },
  // Counted, without a noun to agree: the number alone changes.
  'drift.title': {
    en: [
      'The answer differs from the documented shape (0)',
      'The answer differs from the documented shape (1)',
      'The answer differs from the documented shape (2)',
    ],
  },
  'datasets.flag.length': {
    vars: { max: 4096 },
    en: [
      '0 characters: over the documented maximum of 4,096',
      '1 character: over the documented maximum of 4,096',
      '2 characters: over the documented maximum of 4,096',
    ],
  },
  'datasets.flaggedCount': {
    en: ['0 flagged on their fields below', '1 flagged on their fields below', '2 flagged on their fields below'],
  },
};

/** The value a counted message's forms depend on (the one the table varies 0, 1, 2). */
const COUNT_VARS: Partial<Record<MessageKey, string>> = {
  'activity.count': 'total',
  'suites.filter.count': 'total',
  'documents.search.positionDetail': 'm',
  'datasets.flag.length': 'length',
};
const countVar = (key: MessageKey) => COUNT_VARS[key] ?? 'count';

describe('counted messages', () => {
  const tEn = translator('en');
  const tZh = translator('zh-CN');

  it('render 0, 1 and 2 with the right English form, and in Chinese with the number and no leftover braces', () => {
    for (const [key, { vars = {}, en: expected }] of Object.entries(COUNTED) as [
      MessageKey,
      NonNullable<(typeof COUNTED)[MessageKey]>,
    ][]) {
      const shown = [0, 1, 2].map((n) => tEn(key, { ...vars, [countVar(key)]: n }));
      expect(shown, key).toEqual(expected);
      for (const n of [0, 1, 2]) {
        const zh = tZh(key, { ...vars, [countVar(key)]: n });
        expect(zh, key).toContain(String(n));
        expect(zh, key).not.toMatch(/[{}#]/);
      }
    }
  });

  it('format the raw number for the language inside the message', () => {
    expect(tEn('activity.driftCount', { count: 12345 })).toBe('12,345 drift warnings');
    expect(tEn('documents.text.region', { count: 50000 })).toBe('Text of the document, 50,000 pieces');
    expect(tZh('documents.text.region', { count: 50000 })).toBe('文档正文，共 50,000 个片段');
    // A block whose number is missing stays visible, like a placeholder.
    expect(interpolate('{count, plural, one {# a} other {# b}}', {})).toBe('{count, plural, one {# a} other {# b}}');
  });

  it('leave no English message counting a noun without plural forms', () => {
    // A count, a total or a length followed by a plural noun ("{count} items", "{total} accepted requests").
    const counting = /\{(count|total|shown|hidden|m|occurrences|length)\}\s+(?:[a-z]+\s+)?[a-z]+s\b/;
    const bare = (Object.keys(en) as MessageKey[]).filter((key) => counting.test(en[key]) && !(key in COUNTED));
    expect(bare).toEqual([]);
    expect(Object.keys(zhCN).length).toBe(Object.keys(en).length);
  });
  it('are handed the raw number by every caller: a formatted string ("1,000") cannot choose a form', () => {
    const counted = new Set((Object.keys(en) as MessageKey[]).filter((key) => en[key].includes(', plural,')));
    const src = join(import.meta.dirname, '..');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => /\.tsx?$/.test(f) && !f.startsWith('i18n'),
    );
    const formatted: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(src, file), 'utf8');
      // t('key', { … }) up to the object's closing brace: any value in it that is formatted before t sees it.
      for (const m of text.matchAll(/\bt\(\s*'([\w.]+)',\s*(\{[^}]*\})/g)) {
        if (counted.has(m[1] as MessageKey) && /formatNumber\(|String\(|toLocaleString\(/.test(m[2]!))
          formatted.push(`${file}: ${m[1]}`);
      }
    }
    expect(counted.size).toBeGreaterThan(10);
    expect(formatted).toEqual([]);
  });
});

describe('pluralCategory', () => {
  it("is Intl.PluralRules' category for each language, without making an Intl object at run time", () => {
    const numbers = [-2, -1, -0, 0, 0.1, 0.5, 1, 1.5, 2, 3, 11, 21, 101, 1_000, 1_000_001, 1e21, NaN, Infinity];
    for (const locale of LOCALES) {
      const rules = new Intl.PluralRules(locale);
      for (const n of numbers) expect([locale, n, pluralCategory(n, locale)]).toEqual([locale, n, rules.select(n)]);
    }
  });
});
