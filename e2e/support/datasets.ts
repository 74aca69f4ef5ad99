import type { Locator, Page } from '@playwright/test';

export { lookPreferences, shoot } from './looks';

/** Demo datasets (src/server/fixtures/DEMO.md). */
export const DS = {
  handbook: '731506272047301',
  faq: '731506272047302',
  unknown: '731506272040000',
} as const;

/** One field's row on the dataset page or in the comparison table. */
export const field = (scope: Page | Locator, path: string) => scope.locator(`[data-field="${path}"]`);
