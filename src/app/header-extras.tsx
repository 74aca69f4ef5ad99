import type { ComponentType } from 'react';

/**
 * Slots in the header, left of the profile switch, for features that need a constant presence:
 * the pending-deletions indicator and the spotlight (search) button are added here later.
 * Each entry is a small component that renders its own button or badge (or null).
 */
export interface HeaderExtra {
  id: string;
  Component: ComponentType;
}

export const headerExtras: HeaderExtra[] = [];
