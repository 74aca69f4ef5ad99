import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { FEATURE_AREAS, prefetchMessages, withMessages, type Area } from '../i18n';
import { trackedLoad } from './page-loading';

// Every page is its own chunk, shown with its area's messages in the language on screen.
const modules = {
  home: () => import('./pages/HomePage'),
  knowledge: () => import('../features/knowledge'),
  datasets: () => import('../features/datasets'),
  documents: () => import('../features/documents'),
  conversations: () => import('../features/conversations'),
  playground: () => import('../features/playground'),
  suites: () => import('../features/suites'),
  activity: () => import('../features/activity'),
  catalog: () => import('../features/catalog'),
  settings: () => import('../features/settings'),
  notFound: () => import('./pages/NotFoundPage'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

type PageName = keyof typeof modules;

const areasOf = (name: PageName): readonly Area[] =>
  Object.hasOwn(FEATURE_AREAS, name) ? FEATURE_AREAS[name as keyof typeof FEATURE_AREAS] : [];

/** The page's module, once it and its areas' messages have arrived (see withMessages). */
const load = (name: PageName) => withMessages(areasOf(name), modules[name]);

/**
 * The pages as React.lazy components. A page renders when first visited; the shell shows a loading bar while its
 * chunk loads (the previous page stays on screen: navigations are transitions).
 */
export const pages = Object.fromEntries(
  (Object.keys(modules) as PageName[]).map((name) => [name, lazy<ComponentType>(trackedLoad(load(name)))]),
) as Record<PageName, LazyExoticComponent<ComponentType>>;

/**
 * Starts loading the chunk (and messages) of the page at `pathname` (below the base path): at start-up, before React
 * renders, so on a cold load it downloads beside config.json instead of after the shell's first render; and when a
 * navigation link is pointed at or focused, so the page is often in before the click. React.lazy's own load then
 * finds the module already fetched. Loading twice costs nothing: the browser keeps each module once.
 */
export function preloadPage(pathname: string): void {
  const first = pathname.split('/').find(Boolean) ?? '';
  const name: PageName =
    first === '' ? 'home' : Object.hasOwn(modules, first) && first !== 'home' ? (first as PageName) : 'notFound';
  // Fetched, not asked for: a failure here is reported by the route's own load (its error boundary offers a retry),
  // and the first render does not wait for these messages.
  modules[name]().catch(() => undefined);
  prefetchMessages(areasOf(name));
}
