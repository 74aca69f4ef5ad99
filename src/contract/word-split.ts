/**
 * Word segmentation for Chinese and Japanese text, whose words are not separated by spaces.
 * FTS5's unicode61 tokenizer would make a whole run of Han characters one token ("信标的电池能用多久" is one
 * "word"), so no question could ever match it. Both the indexed text and the question therefore go through
 * Intl.Segmenter (ICU's dictionary word breaker, built into Node): each CJK run is replaced by its words
 * separated by spaces, which unicode61 then splits as usual. Text without CJK characters is left exactly as it
 * is, so Latin text is indexed and queried as before (porter stemming and all).
 * In the contract because the sandbox's retrieval and the suites' `similar_to` must split words the same way.
 */

/** A run of Han, Hiragana or Katakana (plus the marks that belong inside words: ー ｰ 々 〆). */
const CJK_RUN = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30FC\uFF70\u3005\u3006]+/gu;
const CJK_CHAR = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30FC\uFF70\u3005\u3006]/u;
const KANA = /[\p{sc=Hiragana}\p{sc=Katakana}]/u;
const LATIN_WORD = /[\p{L}\p{N}]+/gu;

// ICU uses one Chinese/Japanese dictionary either way; the locale only matters for kana-heavy runs.
// Made on first use: the console imports the contract, and most pages never split words.
let segmenters: { zh: Intl.Segmenter; ja: Intl.Segmenter } | undefined;

export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/** The words of one CJK run, with their offsets inside it. */
function segmentRun(run: string): { segment: string; index: number }[] {
  segmenters ??= {
    zh: new Intl.Segmenter('zh', { granularity: 'word' }),
    ja: new Intl.Segmenter('ja', { granularity: 'word' }),
  };
  const segmenter = KANA.test(run) ? segmenters.ja : segmenters.zh;
  return [...segmenter.segment(run)].filter((s) => s.segment.trim() !== '');
}

/** The text as the full-text index sees it: each CJK run replaced by its words, spaced. Identity without CJK. */
export function indexText(text: string): string {
  if (!hasCjk(text)) return text;
  return text.replace(
    CJK_RUN,
    (run) =>
      ` ${segmentRun(run)
        .map((s) => s.segment)
        .join(' ')} `,
  );
}

export interface WordToken {
  /** Lower-cased word. */
  word: string;
  cjk: boolean;
  /** UTF-16 offsets in the text (end exclusive), so callers can tell adjacent CJK words from separated ones. */
  start: number;
  end: number;
}

/** Words in reading order: runs of letters and digits, CJK runs cut into their words. */
export function wordTokens(text: string): WordToken[] {
  const out: WordToken[] = [];
  // Lower-cased before matching, as questions always were (a few letters change length when lower-cased, so a
  // Latin word's offsets may be off by that; only CJK words' offsets are compared).
  const latin = (part: string, offset: number) => {
    for (const m of part.toLowerCase().matchAll(LATIN_WORD))
      out.push({ word: m[0], cjk: false, start: offset + m.index, end: offset + m.index + m[0].length });
  };
  if (!hasCjk(text)) {
    latin(text, 0);
    return out;
  }
  let last = 0;
  for (const m of text.matchAll(CJK_RUN)) {
    latin(text.slice(last, m.index), last);
    for (const s of segmentRun(m[0])) {
      const start = m.index + s.index;
      out.push({ word: s.segment, cjk: true, start, end: start + s.segment.length });
    }
    last = m.index + m[0].length;
  }
  latin(text.slice(last), last);
  return out;
}

/** Latin (non-CJK) words only, lower-cased: CJK runs count as separators. Cheap, no segmentation. */
export function latinWords(text: string): string[] {
  const source = hasCjk(text) ? text.replace(CJK_RUN, ' ') : text;
  return source.toLowerCase().match(LATIN_WORD) ?? [];
}

/** Splits one CJK-bearing piece of text into its words and the characters between them, losing nothing. */
export function cjkPieces(text: string): string[] {
  if (!hasCjk(text)) return [text];
  const out: string[] = [];
  let last = 0;
  for (const m of text.matchAll(CJK_RUN)) {
    for (const s of segmentRun(m[0])) {
      const end = m.index + s.index + s.segment.length;
      out.push(text.slice(last, end));
      last = end;
    }
  }
  if (last < text.length) out.push(text.slice(last));
  return out.filter((p) => p !== '');
}
