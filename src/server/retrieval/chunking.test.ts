import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { chunkText } from './chunking';
import { paragraphs, sentences, wordPieces } from './text';
import { ftsQuery, queryTerms, stem } from './terms';

const sentence = (i: number) =>
  `Sentence number ${i} talks about topic ${i} with a few more ordinary words to fill it out.`;
const longText = Array.from({ length: 12 }, (_, p) =>
  Array.from({ length: 4 }, (_unused, s) => sentence(p * 4 + s)).join(' '),
).join('\n\n');

describe('chunkText (sizes in tokens)', () => {
  it('keeps every chunk within chunk_size tokens and loses no sentence', () => {
    const chunks = chunkText(longText, 256, 0);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(countTokens(c)).toBeLessThanOrEqual(256);
    for (let i = 0; i < 48; i++) expect(chunks.some((c) => c.includes(sentence(i)))).toBe(true);
  });

  it('repeats up to chunk_overlap tokens of trailing sentences at the start of the next chunk', () => {
    const noOverlap = chunkText(longText, 256, 0);
    const overlapped = chunkText(longText, 256, 64);
    expect(overlapped.length).toBeGreaterThanOrEqual(noOverlap.length);
    for (let i = 1; i < overlapped.length; i++) {
      const prevSentences = sentences(overlapped[i - 1]!.replace(/\n\n/g, ' '));
      const first = sentences(overlapped[i]!.replace(/\n\n/g, ' '))[0]!;
      expect(prevSentences).toContain(first);
    }
    // Without overlap no sentence is repeated.
    const all = noOverlap.flatMap((c) => sentences(c.replace(/\n\n/g, ' ')));
    expect(new Set(all).size).toBe(all.length);
  });

  it('cuts a sentence longer than chunk_size at word boundaries', () => {
    const giant = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ') + '.';
    const chunks = chunkText(giant, 256, 32);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(countTokens(c)).toBeLessThanOrEqual(256);
    expect(
      chunks
        .join(' ')
        .split(/\s+/)
        .filter((w) => w.startsWith('word')).length,
    ).toBeGreaterThanOrEqual(600);
  });

  it('returns nothing for empty text and one chunk for a short one', () => {
    expect(chunkText('', 512, 102)).toEqual([]);
    expect(chunkText('One line.\n\nTwo lines.', 512, 102)).toEqual(['One line.\n\nTwo lines.']);
  });
});

describe('text helpers', () => {
  it('splits paragraphs on blank lines and sentences after stops', () => {
    expect(paragraphs('a\n\n\n b \r\n\r\nc\n  \nd')).toEqual(['a', 'b', 'c', 'd']);
    expect(sentences('One. Two? Three! 四。五')).toEqual(['One.', 'Two?', 'Three!', '四。', '五']);
  });

  it('word pieces concatenate back to the text exactly', () => {
    for (const t of ['  lead and trail  ', 'a\n\nb c', '', 'single']) expect(wordPieces(t).join('')).toBe(t);
  });
});

describe('query terms', () => {
  it('drops stop words and duplicates and quotes each term for FTS5', () => {
    expect(queryTerms('How do I reset the reset PASSWORD?')).toEqual(['reset', 'password']);
    expect(ftsQuery(['knife', 'a"b'])).toBe('"knife" OR "a""b"');
    expect(ftsQuery([])).toBeNull();
  });

  it('stems lightly so inflections meet', () => {
    expect(stem('deleting')).toBe(stem('deleted'));
    expect(stem('deletes')).toBe(stem('delete'));
    expect(stem('stakes')).toBe(stem('stake'));
    expect(stem('boxes')).toBe(stem('box'));
    expect(stem('glass')).toBe('glass');
  });
});
