/** The sandbox's word splitting lives in the contract (the suites' similar_to splits answers the same way). */
export { cjkPieces, hasCjk, indexText, latinWords, wordTokens, type WordToken } from '../../contract/word-split';

/**
 * Names the segmentation rules and the ICU data behind them. Stored with the index: when it changes (a Node
 * upgrade brings a new ICU dictionary), the CJK chunks are segmented again so index and questions agree.
 */
export const SEGMENTATION_TAG = `cjk-words-1/icu-${process.versions.icu ?? 'none'}`;
