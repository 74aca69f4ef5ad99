import { createElement, lazy, useState, type ComponentType } from 'react';
import { withMessages } from '../i18n';
import { trackedLoad } from './page-loading';
import { PAGE_NAMES, pageAt, ROUTES, type PageName } from './routes';

/** Each page's component once its module and its areas' messages are in (see withMessages). */
const loaded = new Map<PageName, ComponentType>();

/** The page's module, once it and its areas' messages have arrived; remembered for pageComponent. */
const load = (name: PageName) => () =>
  withMessages(ROUTES[name].areas, ROUTES[name].module)().then((mod) => {
    loaded.set(name, mod.default);
    return mod;
  });

/**
 * A page as a component: rendered at once when its module is already in (preloaded at start-up or on the way to it),
 * else as React.lazy, and the shell shows a loading bar while its chunk loads (the previous page stays on screen:
 * navigations are transitions). Which of the two is decided when the page mounts, so it never remounts midway.
 * Rendering a loaded page directly matters on a cold load: a lazy page shows the Suspense fallback first, and React
 * then holds the page back for at least 300 ms after that fallback appeared (its reveal throttle).
 */
function pageComponent(name: PageName): ComponentType {
  const Lazy = lazy<ComponentType>(trackedLoad(load(name)));
  function Page() {
    const [Loaded] = useState(() => loaded.get(name));
    return createElement(Loaded ?? Lazy);
  }
  Page.displayName = `Page(${name})`;
  return Page;
}

export const pages = Object.fromEntries(PAGE_NAMES.map((name) => [name, pageComponent(name)])) as Record<
  PageName,
  ComponentType
>;

/**
 * Starts loading the chunk and messages of the page at `pathname` (below the base path): at start-up, beside
 * config.json, so the first render can wait for it (main.tsx); on each in-app navigation as it starts (prefetch.ts);
 * and on intent, a link to it hovered, focused or touched (prefetch-on-intent.ts), so the page is often in before the click. Loading twice costs
 * nothing: the browser keeps each module once. Resolves when the page is in, or failed: a failure is reported by the
 * route's own load (its error boundary offers a retry).
 */
export function preloadPage(pathname: string): Promise<void> {
  return load(pageAt(pathname))().then(
    () => undefined,
    () => undefined,
  );
}
