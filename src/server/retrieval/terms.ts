import { ANSWER_BOUNDS } from '../bounds';
import { hasCjk, latinWords, wordTokens, type WordToken } from './segment';

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

/**
 * Chinese and Japanese function words and question words dropped from queries, like STOP_WORDS: they are in
 * nearly every chunk, so they would let any chunk through and, counted in a chunk's coverage, lift weak ones.
 */
const CJK_STOP_WORDS = new Set(
  (
    '的 地 得 了 着 过 是 在 和 与 及 或 而 并 也 都 就 又 还 再 才 很 更 最 吗 呢 吧 啊 呀 么 嘛 哦 被 把 给 对 从 向 到 于 以 之 其 ' +
    '这 那 哪 谁 我 你 您 他 她 它 们 个 些 有 没 能 会 要 该 可 请 让 将 如 若 则 但 等 为 ' +
    '什么 怎么 怎样 怎么样 如何 为什么 为何 多少 多久 多长 几 哪些 哪个 哪里 哪儿 是否 可以 能否 能不能 会不会 是不是 有没有 一下 ' +
    '请问 我们 你们 他们 它们 这个 那个 这些 那些 这样 那样 已经 没有 如果 因为 所以 但是 以及 或者 还是 应该 需要 时候 ' +
    'の は が を に で と も か へ や ね よ な から まで より です ます でした ました する します した ある いる どの くらい どのくらい ' +
    'なに なん 何 どう どれ どこ いつ ですか ますか'
  ).split(' '),
);

/**
 * The distinct content words of a question, in order, without stop words or one-letter (Latin) words.
 * CJK: dictionary words as Intl.Segmenter gives them; adjacent single characters that are not stop words are
 * kept together as one phrase term ("信 标", the words joined by a space): the segmenter cuts a word it does not
 * know (a product name like 信标) into characters, and a phrase matches those characters only in that order.
 */
export function queryTerms(text: string): string[] {
  const out: string[] = [];
  const add = (term: string) => {
    if (out.length < ANSWER_BOUNDS.maxQueryTerms && !out.includes(term)) out.push(term);
  };
  let run: WordToken[] = [];
  const flush = () => {
    if (run.length > 0) add(run.map((t) => t.word).join(' '));
    run = [];
  };
  for (const token of wordTokens(text)) {
    const w = token.word;
    if (!token.cjk) {
      flush();
      if (w.length < 2 && !/\p{N}/u.test(w)) continue;
      if (STOP_WORDS.has(w)) continue;
      add(w);
      continue;
    }
    if (CJK_STOP_WORDS.has(w)) {
      flush();
      continue;
    }
    if ([...w].length === 1) {
      if (run.length > 0 && run[run.length - 1]!.end !== token.start) flush();
      run.push(token);
      continue;
    }
    flush();
    add(w);
  }
  flush();
  return out;
}

/**
 * Which question terms a text contains. Latin terms are compared by light stems (stem()); a CJK term by
 * substring of the text, its phrase words joined again: Chinese has no inflection to strip, and a substring
 * also finds the word where the segmenter cut the text differently than the question.
 */
export function termPresence(text: string): (term: string) => boolean {
  let stems: Set<string> | undefined;
  return (term) => {
    if (hasCjk(term)) return text.includes(term.replace(/ /g, ''));
    stems ??= new Set(latinWords(text).map(stem));
    return stems.has(stem(term));
  };
}

/** An FTS5 MATCH expression that cannot be a syntax error: every term a quoted string, ORed. */
export function ftsQuery(terms: readonly string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}
