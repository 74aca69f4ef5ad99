import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startSandbox, type SandboxHandle } from './support/sandbox';
import { startSite } from './support/site';
import { writeBulkFixture } from './support/bulk-fixture';
import { writeE2eFixture } from './support/e2e-fixture';

export interface ConsoleFixtures {
  /** Uncaught page errors seen during the test; the test fails if any remain. */
  pageErrors: string[];
  /** Content-Security-Policy violations the page reported; the test fails if there are any. */
  cspViolations: string[];
}

interface WorkerFixtures {
  sandbox: SandboxHandle;
  /** The console served for this worker, its config.json pointed at the worker's sandbox: the tests' baseURL. */
  site: string;
  /**
   * Load the 50,000-piece document beside the demo data (`test.use({ largeDocument: true })`). Off by default:
   * it makes the sandbox's start and every reset several times slower, and only the tests that open it need it.
   */
  largeDocument: boolean;
  /**
   * A knowledge base of this many documents to remove in bulk beside the demo data (`test.use({ bulkDocuments: 27 })`,
   * e2e/support/bulk-fixture.ts); 0, the default: none.
   */
  bulkDocuments: number;
}

/** The console's config.json, pointed at this worker's sandbox. */
export function configFor(sandbox: SandboxHandle, token: string | undefined = sandbox.token) {
  return {
    default_profile: 'sandbox',
    profiles: [
      {
        id: 'sandbox',
        name: 'Local sandbox',
        base_url: sandbox.baseUrl,
        secondary_url: sandbox.secondaryUrl,
        ...(token ? { token } : {}),
      },
    ],
  };
}

/** Another config.json for this page than the worker's site serves (a refused token, a slow sandbox, …). */
export async function serveConfig(page: Page, config: unknown) {
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: config, headers: { 'cache-control': 'no-store' } }),
  );
}

export const test = base.extend<ConsoleFixtures, WorkerFixtures>({
  largeDocument: [false, { scope: 'worker', option: true }],
  bulkDocuments: [0, { scope: 'worker', option: true }],
  sandbox: [
    async ({ largeDocument, bulkDocuments }, use, workerInfo) => {
      // Demo data (plus the large document or a bulk knowledge base if asked); a short lock wait and purge delay keep
      // deletion tests quick. A bulk fixture file per worker: workers of other files may ask for another size.
      const fixture = largeDocument
        ? writeE2eFixture()
        : bulkDocuments > 0
          ? writeBulkFixture(
              bulkDocuments,
              join(workerInfo.project.outputDir, `bulk-fixture-${workerInfo.workerIndex}.json`),
            )
          : undefined;
      const sandbox = await startSandbox([
        ...(fixture ? ['--fixture', fixture] : []),
        '--lock-wait-ms',
        '1500',
        '--purge-delay-ms',
        '1500',
        '--stream-delay-ms',
        '20',
      ]);
      await use(sandbox);
      await sandbox.stop();
    },
    { scope: 'worker' },
  ],
  site: [
    async ({ sandbox }, use) => {
      const site = await startSite(configFor(sandbox));
      await use(site.url);
      await site.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => use(site),
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      // The console runs under the production CSP (see scripts/security-headers.mjs); anything it blocks is a bug.
      await page.exposeBinding('kcReportCsp', (_source, text: string) => void violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { kcReportCsp?: (t: string) => void }).kcReportCsp;
          report?.(
            `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || e.documentURI}:${e.lineNumber}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'CSP violations reported by the page').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, sandbox }, use) => {
    await sandbox.reset();
    await use(page);
  },
});

export { expect };
