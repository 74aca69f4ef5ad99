import { MIN_OVERLAP_CHARS, QUESTION_CHARS } from './bounds';

/** Whitespace collapsed: a chunk and the full text may wrap the same words differently. */
export function normalizeText(s: string): string {
  return s.replace(/\s+/gu, ' ').trim();
}

/**
 * Whether `candidate` shares at least `min` consecutive characters with `reference` (both normalized), not counting
 * a run that one of `explainedBy` holds too. Any such run
 * contains a window of `min / 2` characters starting at a multiple of `min / 2` in the candidate, so only those
 * windows are looked up, and each hit is grown both ways to measure the run.
 */
export function longestOverlapAtLeast(
  candidate: string,
  reference: string,
  min = MIN_OVERLAP_CHARS,
  explainedBy: readonly string[] = [],
): boolean {
  const c = normalizeText(candidate);
  const r = normalizeText(reference);
  const others = explainedBy.map(normalizeText);
  if (c.length < min || r.length < min) return false;
  const step = Math.max(1, Math.floor(min / 2));
  for (let start = 0; start + step <= c.length; start += step) {
    const window = c.slice(start, start + step);
    for (let at = r.indexOf(window); at !== -1; at = r.indexOf(window, at + 1)) {
      let left = 0;
      while (start - left > 0 && at - left > 0 && c[start - left - 1] === r[at - left - 1]) left++;
      let right = step;
      while (start + right < c.length && at + right < r.length && c[start + right] === r[at + right]) right++;
      // A run another retrieved document also holds is that document's word, not proof of this one.
      if (left + right >= min && !others.some((o) => o.includes(c.slice(start - left, start + right)))) return true;
    }
  }
  return false;
}

/** `text` without any occurrence of `passage` (normalized): an answer that echoes the question quotes nothing else. */
export function withoutPassage(text: string, passage: string): string {
  const t = normalizeText(text);
  const p = normalizeText(passage);
  return p ? t.split(p).join(' \u0000 ') : t;
}

/**
 * The probe question: a passage of the document's own words, so retrieval of the document (if still there) ranks it
 * first. The longest piece of the text is taken, from a sentence start near its middle, cut at a word (or, for text
 * without spaces, a character) boundary within QUESTION_CHARS. Null when the text has no passage long enough.
 */
export function probeQuestion(contents: readonly string[]): string | null {
  const pieces = contents.map(normalizeText).filter((p) => p.length >= QUESTION_CHARS.min);
  if (pieces.length === 0) return null;
  const piece = pieces.reduce((a, b) => (b.length > a.length ? b : a));
  if (piece.length <= QUESTION_CHARS.max) return piece;
  // A sentence start at or before the middle, so the passage is not the document's title or boilerplate head.
  const middle = Math.floor(piece.length / 2) - Math.floor(QUESTION_CHARS.target / 2);
  const sentenceStarts = [...piece.matchAll(/[.!?。！？]\s*/gu)].map((m) => (m.index ?? 0) + m[0].length);
  const start = sentenceStarts.filter((s) => s <= middle && piece.length - s >= QUESTION_CHARS.min).pop() ?? 0;
  let end = Math.min(piece.length, start + QUESTION_CHARS.target);
  const space = piece.lastIndexOf(' ', end);
  if (end < piece.length && space - start >= QUESTION_CHARS.min) end = space;
  return piece.slice(start, Math.min(end, start + QUESTION_CHARS.max)).trim();
}
