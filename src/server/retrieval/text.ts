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

/** Splits text into pieces that concatenate back to it exactly, each starting with its leading whitespace. */
export function wordPieces(text: string): string[] {
  return text.split(/(?<=\S)(?=\s)/).filter((p) => p.length > 0);
}
