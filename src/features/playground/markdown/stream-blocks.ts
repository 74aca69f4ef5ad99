/**
 * Splits a growing Markdown text into the blocks that are finished (everything before the last blank
 * line outside a code fence) and the tail still being written. Finished blocks are rendered as Markdown
 * once each; the tail is plain text until its block ends, so a long stream does not re-parse the whole
 * message on every frame.
 */
export function splitStable(text: string): { blocks: string[]; tail: string } {
  const blocks: string[] = [];
  let start = 0;
  // The open fence's character and length: CommonMark closes it only with the same character, at least as many.
  let fence: { char: string; length: number } | null = null;
  let lineStart = 0;
  let blank = false;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text[i] !== '\n') continue;
    const line = text.slice(lineStart, i);
    const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (marker) {
      const run = marker[1]!;
      if (!fence) {
        // A backtick fence's info string may not contain a backtick.
        if (run[0] === '~' || !marker[2]!.includes('`')) fence = { char: run[0]!, length: run.length };
      } else if (run[0] === fence.char && run.length >= fence.length && marker[2]!.trim() === '') fence = null;
    }
    const isBlank = line.trim() === '';
    // A blank line after text closes a block, unless a fence is open. Only a line that has ended counts.
    if (i < text.length && isBlank && !fence && !blank && lineStart > start) {
      blocks.push(text.slice(start, lineStart));
      start = i + 1;
    }
    blank = isBlank;
    lineStart = i + 1;
  }
  return { blocks, tail: text.slice(start) };
}
