import { SANDBOX_LIMITS } from '../limits';

/** English function words dropped from queries: they match everything and rank nothing. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing down during each few for from further had has have having he her here hers herself him himself his ' +
    'how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ' +
    'ourselves out over own same she should so some such than that the their theirs them themselves then there these they this ' +
    'those through to too under until up very was we were what when where which while who whom why will with would you your ' +
    'yours yourself yourselves tell please explain describe give show much many also may might must shall get got let'
  ).split(' '),
);

/**
 * A light suffix strip so "deleting", "deleted" and "deletes" meet (a final "e" goes too, so "stake" and
 * "stakes" meet); only for sentence scoring and coverage, FTS5 itself uses the porter stemmer.
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'edly', 'ies', 'ied', 'ed', 'es', 's']) {
    if (!w.endsWith(suffix) || w.length - suffix.length < 3) continue;
    if (suffix === 'es' && !/(s|x|z|ch|sh)es$/.test(w)) continue;
    if (suffix === 's' && w.endsWith('ss')) continue;
    w = w.slice(0, -suffix.length);
    break;
  }
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w;
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The distinct content words of a question, in order, without stop words or one-letter words. */
export function queryTerms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (w.length < 2 && !/\p{N}/u.test(w)) continue;
    if (STOP_WORDS.has(w) || out.includes(w)) continue;
    out.push(w);
    if (out.length >= SANDBOX_LIMITS.maxQueryTerms) break;
  }
  return out;
}

/** An FTS5 MATCH expression that cannot be a syntax error: every term a quoted string, ORed. */
export function ftsQuery(terms: readonly string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}
