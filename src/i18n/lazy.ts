import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Area } from './areas';
import { loadMessages } from './load';

/**
 * Wraps a module loader so its promise resolves only once the module AND the active language's tables of
 * `areas` are loaded: the module's components can then never show a raw key. For code that loads a module
 * itself, e.g. the catalog's spotlight: `withMessages(FEATURE_AREAS.catalog, () => import(…the spotlight module…))`.
 * A failure (module or messages) rejects; the next call tries both again.
 */
export function withMessages<T>(areas: readonly Area[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadMessages(areas)]).then(([mod]) => mod);
}

/**
 * React.lazy for a component that shows the keys of `areas`: it renders only once both its module and the
 * active language's tables of those areas have arrived (until then the nearest Suspense fallback shows).
 *   knowledge: lazyWithMessages(FEATURE_AREAS.knowledge, () => import(…the knowledge feature…)),
 * Like any React.lazy, a failed load stays failed for this component until the page reloads (the route's
 * error boundary offers that); the messages themselves are fetched again by the next caller.
 * T is bound as React.lazy's own: any component type fits; its props are checked where it is rendered.
 */
export function lazyWithMessages<T extends ComponentType<any>>(
  areas: readonly Area[],
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(withMessages(areas, load));
}
