/**
 * An admin's intent to open a page, told to the app (src/app/prefetch-on-intent.ts), which starts that page's chunk
 * and first reads before the click. Links need nothing: the app watches pointer, focus and touch on every `a[href]`.
 * A control that opens a page without being a link names the page in INTENT_PATH_ATTR; an id box that holds an id it
 * would open sends INTENT_EVENT.
 */

/** The path below the base path (as config/paths.ts builds it) a button opens, e.g. a catalog entry's. */
export const INTENT_PATH_ATTR = 'data-intent-path';

/** Sent (bubbling) from an element when the admin is about to open `detail.path`. */
export const INTENT_EVENT = 'kc-intent';

export interface IntentDetail {
  path: string;
}

export function signalIntent(from: Element, path: string): void {
  from.dispatchEvent(new CustomEvent<IntentDetail>(INTENT_EVENT, { bubbles: true, detail: { path } }));
}
