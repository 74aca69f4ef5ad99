import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_QUERY_RE, stripOtherLocales } from './locale-split-plugin.ts';

const MESSAGES = join(import.meta.dirname, '..', 'src', 'i18n', 'messages');

/** Evaluates the stripped module's object literal (it is plain data once the import and type syntax are gone). */
function tablesOf(code: string): { en: Record<string, string>; zhCN: Record<string, string> } {
  const literal = code.slice(code.indexOf('defineMessages(') + 'defineMessages('.length, code.lastIndexOf(')'));
  return new Function(`return (${literal});`)();
}

describe('locale split', () => {
  it('matches only area files imported with ?locale=', () => {
    expect(LOCALE_QUERY_RE.exec('/w/src/i18n/messages/shell.ts?locale=zhCN')?.[1]).toBe('zhCN');
    expect(LOCALE_QUERY_RE.exec('/w/src/i18n/messages/shell.ts?locale=en&lang.ts')?.[1]).toBe('en');
    expect(LOCALE_QUERY_RE.exec('/w/src/i18n/messages/shell.ts')).toBeNull();
    expect(LOCALE_QUERY_RE.exec('/w/src/features/x/messages/shell.ts?locale=en')).toBeNull();
  });

  it('keeps one language of every real area file, byte for byte, and empties the other', () => {
    const files = readdirSync(MESSAGES).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = readFileSync(join(MESSAGES, file), 'utf8');
      const english = stripOtherLocales(source, 'en', file);
      const chinese = stripOtherLocales(source, 'zhCN', file);
      expect(english, file).not.toMatch(/[\u4e00-\u9fff]/);
      expect(tablesOf(english).zhCN, file).toEqual({});
      expect(Object.keys(tablesOf(english).en).length, file).toBeGreaterThan(0);
      expect(tablesOf(chinese).en, file).toEqual({});
      // Chinese text before the cut must not shift the offsets (the parser counts UTF-16 units, like slice()).
      expect(Object.keys(tablesOf(chinese).zhCN).sort(), file).toEqual(Object.keys(tablesOf(english).en).sort());
    }
  });

  it('says which file is not in the expected shape', () => {
    expect(() => stripOtherLocales('export const x = { en: {}, zhCN: {} };', 'en', 'odd.ts')).toThrow(
      /odd\.ts: no defineMessages/,
    );
    expect(() => stripOtherLocales('export const x = defineMessages(tables);', 'en', 'odd.ts')).toThrow(
      /object literal/,
    );
  });
});
