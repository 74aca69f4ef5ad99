import { cjkPieces } from './segment';

/** Paragraphs: the pieces of a document's full text, split on blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** Sentences of a paragraph: split after . ! ? (and their CJK forms) followed by space, and at line breaks. */
export function sentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?。！？])\s+|(?<=[。！？])|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Splits text into pieces that concatenate back to it exactly, each starting with its leading whitespace.
 * Chinese/Japanese runs, which have no spaces, are cut between their words, so an over-long CJK sentence can
 * still be cut to fit a chunk.
 */
export function wordPieces(text: string): string[] {
  return text
    .split(/(?<=\S)(?=\s)/)
    .flatMap(cjkPieces)
    .filter((p) => p.length > 0);
}
