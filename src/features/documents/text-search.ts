/** UI limits of the full-text view (not service limits). */
export const TEXT_VIEW = {
  /** Typing pauses this long before a search runs over every piece. */
  searchDebounceMs: 250,
  /** At most this many hits are marked inside one piece; a one-letter query in a long piece stays cheap. */
  maxMarksPerPiece: 100,
} as const;

/** Lowercased pieces, computed once per text, so each search is a plain indexOf per piece. */
export function buildSearchIndex(pieces: readonly string[]): string[] {
  return pieces.map((p) => p.toLowerCase());
}

export interface SearchHits {
  /** The query the hits are for (lowercased); empty when nothing was searched. */
  query: string;
  /** 0-based positions of the pieces that contain the query, in order. */
  pieces: number[];
  /** Occurrences over all pieces. */
  occurrences: number;
}

export const NO_HITS: SearchHits = { query: '', pieces: [], occurrences: 0 };

/** Case-insensitive search over the precomputed index. A blank query finds nothing. */
export function findHits(index: readonly string[], rawQuery: string): SearchHits {
  if (rawQuery.trim() === '') return NO_HITS;
  const query = rawQuery.toLowerCase();
  const pieces: number[] = [];
  let occurrences = 0;
  for (let i = 0; i < index.length; i++) {
    const text = index[i]!;
    let at = text.indexOf(query);
    if (at === -1) continue;
    pieces.push(i);
    while (at !== -1) {
      occurrences++;
      at = text.indexOf(query, at + query.length);
    }
  }
  return { query, pieces, occurrences };
}

export type Segment = { text: string; mark: boolean };

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A piece cut into plain and marked segments for `query`, case-insensitively, at most `maxMarks` marks.
 * Lowercasing can change a string's length (e.g. "İ"); then a case-insensitive RegExp finds the offsets instead.
 */
export function highlightSegments(
  text: string,
  rawQuery: string,
  maxMarks: number = TEXT_VIEW.maxMarksPerPiece,
): Segment[] {
  if (rawQuery.trim() === '' || text === '') return [{ text, mark: false }];
  const query = rawQuery.toLowerCase();
  const ranges: [number, number][] = [];
  const lower = text.toLowerCase();
  if (lower.length === text.length) {
    let at = lower.indexOf(query);
    while (at !== -1 && ranges.length < maxMarks) {
      ranges.push([at, at + query.length]);
      at = lower.indexOf(query, at + query.length);
    }
  } else {
    const re = new RegExp(escapeRegExp(rawQuery), 'giu');
    for (const m of text.matchAll(re)) {
      if (ranges.length >= maxMarks || m[0] === '') break;
      ranges.push([m.index, m.index + m[0].length]);
    }
  }
  if (ranges.length === 0) return [{ text, mark: false }];
  const out: Segment[] = [];
  let pos = 0;
  for (const [start, end] of ranges) {
    if (start > pos) out.push({ text: text.slice(pos, start), mark: false });
    out.push({ text: text.slice(start, end), mark: true });
    pos = end;
  }
  if (pos < text.length) out.push({ text: text.slice(pos), mark: false });
  return out;
}

export interface TextFigures {
  pieces: number;
  characters: number;
  /** Roughly four characters per token for English text; shown with "≈". */
  approxTokens: number;
}

export function textFigures(pieces: readonly string[]): TextFigures {
  let characters = 0;
  for (const p of pieces) characters += p.length;
  return { pieces: pieces.length, characters, approxTokens: Math.round(characters / 4) };
}

/** The whole text as one file: pieces joined by blank lines, as the service's paragraphs were. */
export function joinPieces(pieces: readonly string[]): string {
  return pieces.join('\n\n');
}

/** `beacon-installation-guide.md` → `beacon-installation-guide.txt`; characters no file system accepts become "_". */
export function textFileName(name: string | undefined, documentId: string): string {
  const fallback = `document-${documentId}`.replace(/[^\w.-]+/g, '_');
  const base = (name ?? '')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    // oxlint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
    .replace(/^[.\s_]+|[.\s]+$/g, '')
    .slice(0, 120);
  return `${base || fallback}.txt`;
}

/** Only web addresses become links; `javascript:`, `data:`, relative paths and anything unparseable stay text. */
export function safeHttpUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
