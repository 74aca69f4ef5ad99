import { describe, expect, it } from 'vitest';
import { AREAS, MESSAGE_TABLES, en, zhCN } from './message-tables';
import { formatDateTime, formatNumber } from './format';
import { areaOfFile, loadedMessages, MESSAGE_FILES } from './load';
import { interpolate, translator } from './translate';

// A counted message's `{count, plural, …}` block names its value like a placeholder does.
const placeholders = (s: string) =>
  [...new Set([...s.matchAll(/(?<!(?:one|other|=\d+) ?)\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]))].sort();

describe('message tables', () => {
  it('zh-CN has exactly the keys of en, in every area', () => {
    for (const [area, messages] of Object.entries(AREAS)) {
      expect(Object.keys(messages.zhCN).sort(), area).toEqual(Object.keys(messages.en).sort());
    }
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it('no key is defined by two areas (a later spread would silently win)', () => {
    const seen = new Map<string, string>();
    for (const [area, messages] of Object.entries(AREAS)) {
      for (const key of Object.keys(messages.en)) {
        expect(seen.get(key), `${key} in ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });

  it('feature areas keep their keys under their own prefix', () => {
    for (const area of ['knowledge', 'datasets', 'documents', 'conversations', 'playground', 'activity'] as const) {
      for (const key of Object.keys(AREAS[area].en)) expect(key.startsWith(`${area}.`), key).toBe(true);
    }
  });

  it('every translation is non-empty, uses the same placeholders as English, and zh-CN is actually Chinese', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(zhCN[key].trim(), key).not.toBe('');
      expect(placeholders(zhCN[key]), key).toEqual(placeholders(en[key]));
    }
    const chinese = Object.values(zhCN).filter((s) => /[\u4e00-\u9fff]/.test(s));
    expect(chinese.length / Object.keys(zhCN).length).toBeGreaterThan(0.95);
  });

  it('translates and interpolates', () => {
    expect(translator('en')('nav.knowledge')).toBe('Knowledge bases');
    expect(translator('zh-CN')('nav.knowledge')).toBe('知识库');
    expect(translator('en')('settings.saved', { name: 'Prod' })).toBe('Profile “Prod” saved');
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(MESSAGE_TABLES['zh-CN']['nav.settings']).toBe('设置');
    // A misspelt key does not compile (tsc checks this line); at run time it falls back to the key.
    // @ts-expect-error 'nav.knowledgee' is not a MessageKey
    expect(translator('en')('nav.knowledgee')).toBe('nav.knowledgee');
  });

  it('formats dates and numbers for the locale', () => {
    const ms = Date.UTC(2025, 0, 5, 12, 0, 0);
    expect(formatDateTime(ms, 'zh-CN')).toMatch(/2025年1月5日/);
    expect(formatDateTime(ms, 'en')).toMatch(/Jan 5, 2025/);
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
  });

  it('every area of message-tables.ts is one file under messages/, named for the area, and the other way round', () => {
    expect(MESSAGE_FILES.map(areaOfFile).sort()).toEqual(Object.keys(AREAS).sort());
  });

  it('in unit tests every area of both languages is loaded up front, each language exactly its half', () => {
    expect(loadedMessages('en')).toEqual(en);
    expect(loadedMessages('zh-CN')).toEqual(zhCN);
    expect(loadedMessages('zh-CN')?.['nav.settings']).toBe('设置');
  });
});
