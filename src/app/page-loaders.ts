import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { FEATURE_AREAS, withMessages } from '../i18n';
import { trackedLoad } from './page-loading';

// Every page is its own chunk, loaded with its area's messages in the language on screen.
const loaders = {
  home: () => import('./pages/HomePage'),
  knowledge: withMessages(FEATURE_AREAS.knowledge, () => import('../features/knowledge')),
  datasets: withMessages(FEATURE_AREAS.datasets, () => import('../features/datasets')),
  documents: withMessages(FEATURE_AREAS.documents, () => import('../features/documents')),
  conversations: withMessages(FEATURE_AREAS.conversations, () => import('../features/conversations')),
  playground: withMessages(FEATURE_AREAS.playground, () => import('../features/playground')),
  activity: withMessages(FEATURE_AREAS.activity, () => import('../features/activity')),
  catalog: withMessages(FEATURE_AREAS.catalog, () => import('../features/catalog')),
  settings: withMessages(FEATURE_AREAS.settings, () => import('../features/settings')),
  notFound: () => import('./pages/NotFoundPage'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

type PageName = keyof typeof loaders;

/**
 * The pages as React.lazy components. A page renders when first visited; the shell shows a loading bar while its
 * chunk loads (the previous page stays on screen: navigations are transitions).
 */
export const pages = Object.fromEntries(
  Object.entries(loaders).map(([name, load]) => [name, lazy<ComponentType>(trackedLoad(load))]),
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
    first === '' ? 'home' : Object.hasOwn(loaders, first) && first !== 'home' ? (first as PageName) : 'notFound';
  loaders[name]().catch(() => {
    // The route's own load reports it (its error boundary offers a retry).
  });
}
