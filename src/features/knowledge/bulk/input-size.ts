import { BULK_BOUNDS } from '../../../removal-engine/batch/bounds';

/**
 * Whether an id file or pasted text is over BULK_BOUNDS.inputBytesMax. Asked of a file's `size` before
 * `file.text()`, so an oversized file is never read whole. Pasted text is measured in UTF-16 units: ids are ASCII,
 * where that is their size in bytes.
 */
export const inputTooLarge = (bytes: number): boolean => bytes > BULK_BOUNDS.inputBytesMax;
