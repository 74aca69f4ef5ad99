import type { ComponentType } from 'react';

/**
 * Every page's module, each its own chunk. Rendered only through page-loaders.ts, which loads each row with its
 * area's messages (withMessages(areasOf(name), pageModules[name])); early-preload.ts fetches the first page's row
 * ahead. Imports nothing at run time, so the entry evaluates this first.
 */
export const pageModules = {
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

export type PageName = keyof typeof pageModules;

/** The page shown at a path below the base path. */
export function pageAt(pathname: string): PageName {
  const first = pathname.split('/').find(Boolean) ?? '';
  return first === ''
    ? 'home'
    : Object.hasOwn(pageModules, first) && first !== 'home'
      ? (first as PageName)
      : 'notFound';
}
