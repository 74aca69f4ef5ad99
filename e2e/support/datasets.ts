import type { Locator, Page } from '@playwright/test';

export { lookPreferences, shoot } from './looks';

/** One field's row on the dataset page or in the comparison table. */
export const field = (scope: Page | Locator, path: string) => scope.locator(`[data-field="${path}"]`);
