import { ANSWER_BOUNDS } from '../bounds';
import type { RetrievedChunk } from './search';
import { paragraphs, sentences } from './text';
import { hasCjk } from './segment';
import { stem, termPresence } from './terms';

export const NOTHING_FOUND_REPLY =
  'I could not find anything about that in the knowledge available here. Try other words, or choose another dataset or document.';

/** Terms keyed by what a sentence is matched on (a Latin term's stem, a CJK term's characters): each counts once. */
function distinctTerms(terms: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of terms) {
    const key = hasCjk(t) ? `cjk:${t.replace(/ /g, '')}` : stem(t);
    if (!out.has(key)) out.set(key, t);
  }
  return out;
}

/**
 * The sandbox's reply without a model: the sentences of the best chunks that share the most terms with the
 * question (a term of the previous turn counts half), at most a few, in reading order, then their sources.
 * Deterministic: the same store and question give the same reply.
 */
export function extractiveReply(
  chunks: readonly RetrievedChunk[],
  primary: readonly string[],
  context: readonly string[],
): string {
  const hits = chunks.filter((c) => c.hit).slice(0, ANSWER_BOUNDS.maxReplySentences + 2);
  if (hits.length === 0) return NOTHING_FOUND_REPLY;
  const primaryTerms = distinctTerms(primary);
  const contextTerms = new Map([...distinctTerms(context)].filter(([key]) => !primaryTerms.has(key)));

  const candidates: { text: string; key: string; weight: number; hit: number; pos: number; doc: string }[] = [];
  hits.forEach((chunk, hit) => {
    let pos = 0;
    for (const para of paragraphs(chunk.content)) {
      for (const sentence of sentences(para)) {
        const has = termPresence(sentence);
        let weight = 0;
        for (const t of primaryTerms.values()) if (has(t)) weight += 2;
        for (const t of contextTerms.values()) if (has(t)) weight += 1;
        candidates.push({
          text: sentence,
          key: sentence.toLowerCase().replace(/\s+/g, ' '),
          weight,
          hit,
          pos: pos++,
          doc: chunk.document_name,
        });
      }
    }
  });

  const chosen: typeof candidates = [];
  const keys = new Set<string>();
  const ranked = candidates
    .filter((c) => c.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.hit - b.hit || a.pos - b.pos);
  for (const c of ranked.length > 0 ? ranked : candidates.slice(0, 1)) {
    if (keys.has(c.key)) continue;
    keys.add(c.key);
    chosen.push(c);
    if (chosen.length >= ANSWER_BOUNDS.maxReplySentences) break;
  }
  chosen.sort((a, b) => a.hit - b.hit || a.pos - b.pos);
  const sources = [...new Set(chosen.map((c) => c.doc).filter((d) => d !== ''))];
  // A Chinese or Japanese sentence follows another without a space.
  const glued = (prev: string, next: string) => /[。！？]$/.test(prev) && hasCjk(next.charAt(0));
  const body = chosen.map((c, i) => (i === 0 || glued(chosen[i - 1]!.text, c.text) ? c.text : ` ${c.text}`)).join('');
  return sources.length > 0 ? `${body}\n\nSources: ${sources.join('; ')}` : body;
}
