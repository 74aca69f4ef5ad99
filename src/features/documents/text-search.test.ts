import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  findHits,
  highlightSegments,
  joinPieces,
  safeHttpUrl,
  textFigures,
  textFileName,
} from './text-search';

/** The e2e fixture's large document, rebuilt here: 50,000 pieces with a marker every 5,000. */
const largePiece = (i: number) =>
  `Log entry ${i}: the keeper noted wind, tide and lamp hours for watch ${i % 24}.${i % 5_000 === 0 ? ` Lighthouse marker ${i / 5_000}.` : ''}`;
const LARGE = Array.from({ length: 50_000 }, (_, i) => largePiece(i + 1));

describe('search over the pieces', () => {
  const index = buildSearchIndex(LARGE);

  it('finds a rare phrase case-insensitively, by 0-based piece position', () => {
    const hits = findHits(index, 'lighthouse MARKER 7');
    expect(hits.pieces).toEqual([34_999]);
    expect(hits.occurrences).toBe(1);
    expect(findHits(index, 'marker').pieces).toEqual(Array.from({ length: 10 }, (_, k) => (k + 1) * 5_000 - 1));
  });

  it('counts every occurrence and every matching piece', () => {
    const hits = findHits(buildSearchIndex(['a a a', 'b', 'A']), 'a');
    expect(hits).toEqual({ query: 'a', pieces: [0, 2], occurrences: 4 });
  });

  it('a blank query finds nothing', () => {
    expect(findHits(index, '   ').pieces).toEqual([]);
  });

  it('stays fast on 50,000 pieces (a common word hits every piece)', () => {
    const started = performance.now();
    const hits = findHits(index, 'the keeper');
    const rare = findHits(index, 'marker 10');
    const ms = performance.now() - started;
    expect(hits.pieces).toHaveLength(50_000);
    expect(rare.pieces).toEqual([49_999]);
    // Generous for a shared CI machine; measured at a few milliseconds.
    expect(ms).toBeLessThan(500);
  });
});

describe('highlighting', () => {
  it('cuts a piece into plain and marked segments, keeping the original case', () => {
    expect(highlightSegments('Marker one, marker two', 'MARKER')).toEqual([
      { text: 'Marker', mark: true },
      { text: ' one, ', mark: false },
      { text: 'marker', mark: true },
      { text: ' two', mark: false },
    ]);
  });

  it('caps the marks in one piece', () => {
    const segments = highlightSegments('a'.repeat(500), 'a', 100);
    expect(segments.filter((s) => s.mark)).toHaveLength(100);
    expect(segments.map((s) => s.text).join('')).toBe('a'.repeat(500));
  });

  it('keeps offsets right when lowercasing changes the length', () => {
    const segments = highlightSegments('İstanbul marker', 'marker');
    expect(segments).toEqual([
      { text: 'İstanbul ', mark: false },
      { text: 'marker', mark: true },
    ]);
  });

  it('treats the query as text, not a pattern', () => {
    expect(
      highlightSegments('cost (x+1)? İ', '(x+1)?')
        .filter((s) => s.mark)
        .map((s) => s.text),
    ).toEqual(['(x+1)?']);
  });
});

describe('figures, file and links', () => {
  it('counts pieces, characters and approximate tokens', () => {
    expect(textFigures(['abcd', 'efgh', 'ij'])).toEqual({ pieces: 3, characters: 10, approxTokens: 3 });
  });

  it('joins pieces with blank lines', () => {
    expect(joinPieces(['one', 'two'])).toBe('one\n\ntwo');
  });

  it('names the download after the document', () => {
    expect(textFileName('beacon-installation-guide.md', '1')).toBe('beacon-installation-guide.txt');
    expect(textFileName('keeper-logs.txt', '1')).toBe('keeper-logs.txt');
    expect(textFileName('a/b:c?.pdf', '1')).toBe('a_b_c_.txt');
    expect(textFileName('', '831506272047401')).toBe('document-831506272047401.txt');
    expect(textFileName(undefined, '8/1')).toBe('document-8_1.txt');
    expect(textFileName('..', '7')).toBe('document-7.txt');
  });

  it('links only http and https addresses', () => {
    expect(safeHttpUrl('https://docs.example/a b')).toBe('https://docs.example/a%20b');
    expect(safeHttpUrl('http://x.example')).toBe('http://x.example/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('data:text/html,<b>x</b>')).toBeUndefined();
    expect(safeHttpUrl('/relative/path')).toBeUndefined();
    expect(safeHttpUrl('')).toBeUndefined();
  });
});
