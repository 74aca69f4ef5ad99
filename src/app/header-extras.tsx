import { Suspense, type ComponentType } from 'react';
// Imported by file, not through the features' index, so their pages stay in their own lazy chunks.
import { CatalogSpotlightTrigger } from '../features/catalog/CatalogSpotlightTrigger';
import { FEATURE_AREAS, lazyWithMessages } from '../i18n';
import { PAGE_LINKS } from './nav';

/**
 * The pending-deletions badge (and the deletion tracker it starts) is not needed to draw the first page:
 * it loads right after, in its own chunk, and shows nothing until a deletion is pending anyway.
 */
const LazyPendingDeletions = lazyWithMessages(FEATURE_AREAS.knowledge, () =>
  import('../features/knowledge/PendingDeletionsIndicator').then((m) => ({ default: m.PendingDeletionsIndicator })),
);

function PendingDeletions() {
  return (
    <Suspense fallback={null}>
      <LazyPendingDeletions />
    </Suspense>
  );
}

/**
 * Slots in the header, left of the profile switch, for features that need a constant presence.
 * Each entry is a small component that renders its own button or badge (or null).
 */
/** The spotlight offers every page of the navigation. */
function Spotlight() {
  return <CatalogSpotlightTrigger pages={PAGE_LINKS} />;
}

export interface HeaderExtra {
  id: string;
  Component: ComponentType;
}

export const headerExtras: HeaderExtra[] = [
  { id: 'pending-deletions', Component: PendingDeletions },
  { id: 'spotlight', Component: Spotlight },
];
