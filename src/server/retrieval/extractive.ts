import { SANDBOX_LIMITS } from '../limits';
import type { RetrievedChunk } from './search';
import { paragraphs, sentences } from './text';
import { stem, words } from './terms';

export const NOTHING_FOUND_REPLY =
  'I could not find anything about that in the knowledge available here. Try other words, or choose another dataset or document.';

/**
 * The sandbox's reply without a model: the sentences of the best chunks that share the most terms with the
 * question (a term of the previous turn counts half), at most a few, in reading order, then their sources.
 * Deterministic: the same store and question give the same reply.
 */
export function extractiveReply(chunks: readonly RetrievedChunk[], primary: readonly string[], context: readonly string[]): string {
  const hits = chunks.filter((c) => c.hit).slice(0, SANDBOX_LIMITS.maxReplySentences + 2);
  if (hits.length === 0) return NOTHING_FOUND_REPLY;
  const primaryStems = new Set(primary.map(stem));
  const contextStems = new Set(context.map(stem).filter((s) => !primaryStems.has(s)));

  const candidates: { text: string; key: string; weight: number; hit: number; pos: number; doc: string }[] = [];
  hits.forEach((chunk, hit) => {
    let pos = 0;
    for (const para of paragraphs(chunk.content)) {
      for (const sentence of sentences(para)) {
        const present = new Set(words(sentence).map(stem));
        let weight = 0;
        for (const s of primaryStems) if (present.has(s)) weight += 2;
        for (const s of contextStems) if (present.has(s)) weight += 1;
        candidates.push({ text: sentence, key: sentence.toLowerCase().replace(/\s+/g, ' '), weight, hit, pos: pos++, doc: chunk.document_name });
      }
    }
  });

  const chosen: typeof candidates = [];
  const keys = new Set<string>();
  const ranked = candidates.filter((c) => c.weight > 0).sort((a, b) => b.weight - a.weight || a.hit - b.hit || a.pos - b.pos);
  for (const c of ranked.length > 0 ? ranked : candidates.slice(0, 1)) {
    if (keys.has(c.key)) continue;
    keys.add(c.key);
    chosen.push(c);
    if (chosen.length >= SANDBOX_LIMITS.maxReplySentences) break;
  }
  chosen.sort((a, b) => a.hit - b.hit || a.pos - b.pos);
  const sources = [...new Set(chosen.map((c) => c.doc).filter((d) => d !== ''))];
  const body = chosen.map((c) => c.text).join(' ');
  return sources.length > 0 ? `${body}\n\nSources: ${sources.join('; ')}` : body;
}
