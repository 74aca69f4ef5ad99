import type { ComponentType } from 'react';
// Imported by file, not through the features' index, so their pages stay in their own lazy chunks.
import { CatalogSpotlightTrigger } from '../features/catalog/SpotlightTrigger';
import { PendingDeletionsIndicator } from '../features/knowledge/PendingDeletionsIndicator';

/**
 * Slots in the header, left of the profile switch, for features that need a constant presence.
 * Each entry is a small component that renders its own button or badge (or null).
 */
export interface HeaderExtra {
  id: string;
  Component: ComponentType;
}

export const headerExtras: HeaderExtra[] = [
  { id: 'pending-deletions', Component: PendingDeletionsIndicator },
  { id: 'spotlight', Component: CatalogSpotlightTrigger },
];
