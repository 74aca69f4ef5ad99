import { wordTokens } from '../contract';

/** The words of a text as the sandbox's retrieval splits them (CJK runs into dictionary words), NFC, lower-cased. */
function words(text: string): string[] {
  return wordTokens(text.normalize('NFC')).map((t) => t.word.toLocaleLowerCase('en'));
}

/**
 * Lexical similarity 0–1 of an answer to a reference: token-level F1 (SQuAD's), the words both share counted as often
 * as both have them. Reworded answers that keep the reference's words score high; no model is needed.
 */
export function tokenF1(answer: string, reference: string): number {
  const a = words(answer);
  const r = words(reference);
  if (a.length === 0 || r.length === 0) return a.length === r.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const w of r) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of a) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(w, n - 1);
    }
  }
  if (shared === 0) return 0;
  const precision = shared / a.length;
  const recall = shared / r.length;
  return (2 * precision * recall) / (precision + recall);
}
