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

  it('closes a fence only with the same character, at least as many', () => {
    // A ~~~ line inside a ``` fence is code: the blank line after it does not end the block.
    expect(splitStable('```\na\n~~~\n\nb')).toEqual({ blocks: [], tail: '```\na\n~~~\n\nb' });
    expect(splitStable('~~~~\na\n~~~\n\nb')).toEqual({ blocks: [], tail: '~~~~\na\n~~~\n\nb' });
    expect(splitStable('````\na\n```\n\nb')).toEqual({ blocks: [], tail: '````\na\n```\n\nb' });
    // A closing line with text after the marker is code too; a longer run closes.
    expect(splitStable('```\na\n``` x\n\nb')).toEqual({ blocks: [], tail: '```\na\n``` x\n\nb' });
    expect(splitStable('~~~\na\n~~~~~\n\nb')).toEqual({ blocks: ['~~~\na\n~~~~~\n'], tail: 'b' });
  });
});
