import { INTENT_EVENT, INTENT_PATH_ATTR, type IntentDetail } from '../components/intent';
import { preloadPage } from './page-loaders';
import { pathBelowBase, prefetchPageData, warmPage } from './prefetch';
import type { WarmContext } from './routes';

/**
 * How long the pointer rests on a link before its page is asked for: a pointer crossing the navigation on its way
 * elsewhere passes each link in a few ms and starts nothing; a pointer on its way to click rests ≥ 100 ms.
 */
export const HOVER_INTENT_MS = 60;

/** The page a link or a control opens, as a path below the base path, or null. */
function intentPath(target: EventTarget | null): { el: Element; path: string } | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest(`a[href], [${INTENT_PATH_ATTR}]`);
  if (!el) return null;
  const named = el.getAttribute(INTENT_PATH_ATTR);
  if (named !== null) return { el, path: named };
  // Another window, a download or another site: nothing to start here.
  const a = el as HTMLAnchorElement;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
  const path = pathBelowBase(a.href);
  return path === null ? null : { el, path };
}

/**
 * Starts the next page's work on intent, before the click: its chunk and its first reads (prefetchPageData: the
 * same reads as the page's, a failure being the page's first answer; never an id its page refuses) and what it shows
 * first from this browser's store (warmPage: a kept suite run's start) on a pointer
 * resting HOVER_INTENT_MS on a link, at once on keyboard focus, a touch or a press, and on an id box's intent event. One
 * listener per event at `root` (the document) serves every link the console draws.
 */
export function prefetchOnIntent(context: WarmContext, root: Document | HTMLElement = document): () => void {
  let hovered: Element | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = (path: string) => {
    void preloadPage(path);
    void prefetchPageData(context.client, path);
    void warmPage(context, path);
  };
  const leave = () => {
    clearTimeout(timer);
    hovered = null;
  };
  const onOver = (event: Event) => {
    // A touch starts on touchstart, before this.
    if ((event as PointerEvent).pointerType === 'touch') return;
    const found = intentPath(event.target);
    if (found?.el === hovered) return;
    leave();
    if (!found) return;
    hovered = found.el;
    timer = setTimeout(() => start(found.path), HOVER_INTENT_MS);
  };
  const onOut = (event: Event) => {
    const to = (event as PointerEvent).relatedTarget;
    if (hovered && !(to instanceof Node && hovered.contains(to))) leave();
  };
  const onFocus = (event: Event) => {
    const found = intentPath(event.target);
    // A mouse click focuses its link too: that intent was the hover's (keyboard focus shows :focus-visible).
    if (found && found.el.matches(':focus-visible')) start(found.path);
  };
  // A touch, or a button pressed on a link (≈100 ms before the click that follows its release).
  const onPress = (event: Event) => {
    if (event.type === 'pointerdown' && (event as PointerEvent).button !== 0) return;
    const found = intentPath(event.target);
    if (found) start(found.path);
  };
  const onIntent = (event: Event) => start((event as CustomEvent<IntentDetail>).detail.path);
  const listeners: [string, (event: Event) => void, AddEventListenerOptions?][] = [
    ['pointerover', onOver],
    ['pointerout', onOut],
    ['focusin', onFocus],
    ['touchstart', onPress, { passive: true }],
    ['pointerdown', onPress],
    [INTENT_EVENT, onIntent],
  ];
  for (const [type, listener, options] of listeners) root.addEventListener(type, listener, options);
  return () => {
    leave();
    for (const [type, listener, options] of listeners) root.removeEventListener(type, listener, options);
  };
}
