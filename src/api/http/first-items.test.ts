import { describe, expect, it } from 'vitest';
import { firstStringItems } from './first-items';

describe('firstStringItems', () => {
  const whole = JSON.stringify({
    message: 'a "document_contents":["decoy"] inside a string',
    document_id: 7,
    document_contents: ['one', 'two "quoted" \\ back', 'three\nlines', '三'],
  });

  it('reads the complete items of every prefix, never an item cut short', () => {
    const items = ['one', 'two "quoted" \\ back', 'three\nlines', '三'];
    let seen = 0;
    for (let end = 0; end <= whole.length; end += 1) {
      const got = firstStringItems(whole.slice(0, end), 'document_contents');
      // Each prefix yields a leading run of the real items, growing with the prefix.
      expect(got).toEqual(items.slice(0, got.length));
      expect(got.length).toBeGreaterThanOrEqual(seen);
      seen = got.length;
    }
    expect(seen).toBe(items.length);
  });

  it('takes the key only outside strings, stops at max, and at an item that is not a string', () => {
    expect(firstStringItems(whole, 'document_contents', 2)).toEqual(['one', 'two "quoted" \\ back']);
    expect(firstStringItems('{"document_contents": [ "a" , 3, "b"]}', 'document_contents')).toEqual(['a']);
    expect(firstStringItems('{"x":"\\"document_contents\\":[\\"no\\"]"}', 'document_contents')).toEqual([]);
    expect(firstStringItems('{"document_contents":"not an array"}', 'document_contents')).toEqual([]);
  });
});
