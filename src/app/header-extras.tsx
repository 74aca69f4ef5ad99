import { Suspense, useContext, useEffect, useState, type ComponentType } from 'react';
// Imported by file, not through the features' index, so their pages stay in their own lazy chunks.
import { CatalogSpotlightTrigger } from '../features/catalog/CatalogSpotlightTrigger';
import { keptDeletionWork, onKeptDeletionWork } from '../features/knowledge/deletion/presence';
import { DeletionRuntimeContext, onRuntimeFilled } from '../features/knowledge/deletion/runtime-context';
import { FEATURE_AREAS, lazyWithMessages } from '../i18n';
import { PAGE_LINKS } from './nav';

/**
 * The pending-deletions badge and the deletion runtime it starts (about 12 KB with their messages) load only
 * when there is deletion work: kept from an earlier visit, started in another tab, or started on this app's
 * knowledge page. A first visit with nothing pending never fetches them.
 */
const LazyPendingDeletions = lazyWithMessages(FEATURE_AREAS.knowledge, () =>
  import('../features/knowledge/PendingDeletionsIndicator').then((m) => ({ default: m.PendingDeletionsIndicator })),
);

function PendingDeletions() {
  const slot = useContext(DeletionRuntimeContext);
  const [wanted, setWanted] = useState(() => Boolean(slot?.runtime) || keptDeletionWork());
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const offStorage = onKeptDeletionWork(() => {
      if (keptDeletionWork()) want();
    });
    const offFilled = slot ? onRuntimeFilled(slot, want) : () => undefined;
    return () => {
      offStorage();
      offFilled();
    };
  }, [slot, wanted]);
  if (!wanted) return null;
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
