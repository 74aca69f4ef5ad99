import { resolve } from 'node:path';

/**
 * Which build the suite runs against. BASE_PATH (default /) is the base path the console is built and served under;
 * E2E_DIST (default dist) names the build folder, so suites can run side by side; a sub-path build goes to
 * `<E2E_DIST>-subpath` so the two passes of `npm test` keep one build each.
 */
export const basePath = `/${(process.env.BASE_PATH ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
export const isSubPath = basePath !== '/';
export const distName = `${process.env.E2E_DIST ?? 'dist'}${isSubPath ? '-subpath' : ''}`;
export const distDir = resolve(import.meta.dirname, '..', '..', distName);

/** The tag of the tests that depend on the base path: the sub-path pass runs only these (playwright.config.ts). */
export const BASE_PATH_TAG = '@base-path';

/**
 * The tag of the tests that exist to write screenshots for a person to look at (test-results/screenshots/). Their
 * pages' behaviour is checked by the other tests; `npm test` leaves them out, `npm run screenshots` runs only them.
 */
export const SCREENSHOTS_TAG = '@screenshots';
export const screenshotsRun = process.env.E2E_SCREENSHOTS === '1';
