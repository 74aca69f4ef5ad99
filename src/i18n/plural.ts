import { formatNumber } from './format';
import type { Locale } from './locales';

/**
 * Plural forms, in one place. A counted message names its forms ICU-style, one block per counted value:
 * `{count, plural, one {# drift warning} other {# drift warnings}}`. The block's form is chosen by
 * Intl.PluralRules for the reader's language (`other` when the language has no such form: Chinese has only
 * `other`, so its messages are plain `{count} 条…`); `#` is the number, formatted for the language.
 * Callers pass the raw number.
 */
/**
 * Intl.PluralRules' category for the console's two languages, written out: the first Intl object a page makes loads
 * ICU's data (50–100 ms of a cold load on a two-core machine), and a counted message is on the first render of the
 * document page. English has `one` for exactly 1 (or -1), Chinese only `other`; plural.test.ts holds this to Intl.
 */
export function pluralCategory(n: number, locale: Locale): Intl.LDMLPluralRule {
  if (locale === 'zh-CN') return 'other';
  return Math.abs(n) === 1 ? 'one' : 'other';
}

/** The forms of one block, `one {…} other {…}`: each form's text may hold `{placeholders}` but no further block. */
function parseForms(body: string): Map<string, string> | null {
  const forms = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const head = /^\s*([=\w]+)\s*\{/.exec(body.slice(i));
    if (!head) return body.slice(i).trim() === '' ? forms : null;
    let depth = 1;
    let j = i + head[0].length;
    const start = j;
    for (; j < body.length && depth > 0; j++) {
      if (body[j] === '{') depth++;
      else if (body[j] === '}') depth--;
    }
    if (depth !== 0) return null;
    forms.set(head[1]!, body.slice(start, j - 1));
    i = j;
  }
  return forms;
}

/** Replaces every `{name, plural, …}` block by the form for vars[name]; other text is left for interpolation. */
export function selectPlurals(
  template: string,
  vars: Readonly<Record<string, string | number>>,
  locale: Locale,
): string {
  if (!template.includes(', plural,')) return template;
  let out = '';
  let i = 0;
  for (;;) {
    const found = /\{(\w+), plural,/g;
    found.lastIndex = i;
    const m = found.exec(template);
    if (!m) return out + template.slice(i);
    // The block ends at its matching brace.
    let depth = 1;
    let j = m.index + m[0].length;
    for (; j < template.length && depth > 0; j++) {
      if (template[j] === '{') depth++;
      else if (template[j] === '}') depth--;
    }
    const forms = depth === 0 ? parseForms(template.slice(m.index + m[0].length, j - 1)) : null;
    const value = vars[m[1]!];
    out += template.slice(i, m.index);
    if (!forms || typeof value !== 'number') {
      // A block without its number stays visible rather than vanishing (as a placeholder does).
      out += template.slice(m.index, j);
    } else {
      const form = forms.get(`=${value}`) ?? forms.get(pluralCategory(value, locale)) ?? forms.get('other') ?? '';
      out += form.replace(/#/g, formatNumber(value, locale));
    }
    i = j;
  }
}
