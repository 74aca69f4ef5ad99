import { describe, expect, it } from 'vitest';
import { inputTooLarge } from './input-size';
import { BULK_BOUNDS } from '../../../removal-engine/batch/bounds';

describe('the size cap of an id file or pasted text', () => {
  it('is 2 MB: at the cap is read, one byte more (or the 80 MB file that crashed the tab) is refused', () => {
    expect(BULK_BOUNDS.inputBytesMax).toBe(2 * 1024 * 1024);
    expect(inputTooLarge(BULK_BOUNDS.inputBytesMax)).toBe(false);
    expect(inputTooLarge(BULK_BOUNDS.inputBytesMax + 1)).toBe(true);
    expect(inputTooLarge(80 * 1024 * 1024)).toBe(true);
  });

  it('leaves room for the most ids a batch takes, one a line', () => {
    const ids = Array.from({ length: BULK_BOUNDS.maxIds }, () => '9'.repeat(BULK_BOUNDS.idMaxLength)).join('\r\n');
    expect(inputTooLarge(ids.length)).toBe(false);
  });
});
