import { lazy } from 'react';

/**
 * The knowledge area. The header imports the indicator from here eagerly, so the page itself stays
 * in its own chunk: the router's lazy import resolves to this small wrapper, which renders the page lazily
 * (a lazy component cannot be a lazy module's default export itself). The router's Suspense covers both.
 */
const LazyKnowledgePage = lazy(() => import('./KnowledgePage'));

export default function KnowledgeRoute() {
  return <LazyKnowledgePage />;
}

export { PendingDeletionsIndicator } from './PendingDeletionsIndicator';
