import { countTokens } from 'gpt-tokenizer';
import { paragraphs, sentences, wordPieces } from './text';

/**
 * Chunking by a dataset's chunk_size and chunk_overlap, both counted in TOKENS (gpt-tokenizer, o200k_base).
 * Sentences are packed whole into a chunk while they fit; the next chunk starts with the trailing sentences of
 * the previous one whose tokens add up to at most chunk_overlap. A sentence longer than chunk_size is cut at
 * word boundaries. Paragraph breaks inside a chunk are kept as blank lines.
 */
interface Unit {
  text: string;
  tokens: number;
  paragraph: number;
}

function units(text: string, chunkSize: number): Unit[] {
  const out: Unit[] = [];
  paragraphs(text).forEach((para, paragraph) => {
    for (const sentence of sentences(para)) {
      const tokens = countTokens(sentence);
      if (tokens <= chunkSize) {
        out.push({ text: sentence, tokens, paragraph });
        continue;
      }
      let piece = '';
      let pieceTokens = 0;
      for (const word of wordPieces(sentence)) {
        const wordTokens = countTokens(word);
        if (pieceTokens + wordTokens > chunkSize && piece !== '') {
          out.push({ text: piece.trim(), tokens: pieceTokens, paragraph });
          piece = '';
          pieceTokens = 0;
        }
        piece += word;
        pieceTokens += wordTokens;
      }
      if (piece.trim() !== '') out.push({ text: piece.trim(), tokens: pieceTokens, paragraph });
    }
  });
  return out;
}

/** Sentences of one paragraph are joined by a space, except after a CJK full stop (。！？ take no space after them). */
function join(group: Unit[]): string {
  let out = '';
  group.forEach((unit, i) => {
    const prev = group[i - 1];
    if (prev !== undefined) {
      if (unit.paragraph !== prev.paragraph) out += '\n\n';
      else if (!/[。！？]$/.test(prev.text)) out += ' ';
    }
    out += unit.text;
  });
  return out;
}

export function chunkText(text: string, chunkSize: number, chunkOverlap: number): string[] {
  const all = units(text, chunkSize);
  const chunks: string[] = [];
  let current: Unit[] = [];
  let currentTokens = 0;
  for (const unit of all) {
    if (currentTokens + unit.tokens > chunkSize && current.length > 0) {
      chunks.push(join(current));
      // Carry the tail sentences (up to chunk_overlap tokens) into the next chunk, but never so many that
      // the new sentence would not fit, and never the whole previous chunk (which would not advance).
      const tail: Unit[] = [];
      let tailTokens = 0;
      for (let i = current.length - 1; i > 0; i--) {
        const u = current[i]!;
        if (tailTokens + u.tokens > chunkOverlap || tailTokens + u.tokens + unit.tokens > chunkSize) break;
        tail.unshift(u);
        tailTokens += u.tokens;
      }
      current = tail;
      currentTokens = tailTokens;
    }
    current.push(unit);
    currentTokens += unit.tokens;
  }
  if (current.length > 0) chunks.push(join(current));
  return chunks;
}
