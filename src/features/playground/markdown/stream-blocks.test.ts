import { describe, expect, it } from 'vitest';
import { splitStable } from './stream-blocks';

describe('splitStable', () => {
  it('splits finished blocks from the tail, never inside a code fence', () => {
    expect(splitStable('one\n\ntwo')).toEqual({ blocks: ['one\n'], tail: 'two' });
    expect(splitStable('```\na\n\nb')).toEqual({ blocks: [], tail: '```\na\n\nb' });
    expect(splitStable('```\na\n\nb\n```\n\nc')).toEqual({ blocks: ['```\na\n\nb\n```\n'], tail: 'c' });
    // A blank line not yet ended by its newline does not close the block.
    expect(splitStable('one\n')).toEqual({ blocks: [], tail: 'one\n' });
  });
});
