import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { configFor, expect, serveConfig, test } from './fixtures';
import { RETIRED, retiredDocumentId } from './support/bulk-fixture';
import { openKnowledge } from './support/knowledge';
import type { SandboxHandle } from './support/sandbox';
import { importSuite } from './support/suites';
import { SCREENSHOTS_TAG } from './support/target';

/**
 * The README's pictures, written to docs/images/ by `npm run screenshots` (commit them when a page's look changes).
 * Light, English, a laptop-sized window, the viewport only: small PNGs that show what a newcomer meets.
 */
const IMAGES = resolve(import.meta.dirname, '..', 'docs', 'images');
const SLOW = { timeout: 30_000 };

// The demo data plus a knowledge base of 12 documents to remove in bulk (the worker sandbox of ./fixtures).
test.use({ bulkDocuments: 12 });

/**
 * The page sees the sandbox at the ports `npm start` gives it (8787, 8788), as the README tells a reader: its calls to
 * them are carried to this worker's sandbox.
 */
async function asNpmStart(page: Page, sandbox: SandboxHandle) {
  const hosts = { 'http://127.0.0.1:8787': sandbox.baseUrl, 'http://127.0.0.1:8788': sandbox.secondaryUrl };
  for (const [shown, real] of Object.entries(hosts)) {
    await page.route(`${shown}/**`, async (route) =>
      route.fulfill({ response: await route.fetch({ url: route.request().url().replace(shown, real) }) }),
    );
  }
  const [profile] = configFor(sandbox).profiles;
  await serveConfig(page, {
    default_profile: 'sandbox',
    profiles: [{ ...profile, base_url: 'http://127.0.0.1:8787', secondary_url: 'http://127.0.0.1:8788' }],
  });
}

async function look(page: Page) {
  await page.setViewportSize({ width: 1200, height: 680 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(IMAGES, `${name}.png`) });

test('readme: the first screen', { tag: SCREENSHOTS_TAG }, async ({ page, sandbox }) => {
  await asNpmStart(page, sandbox);
  await look(page);
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('profile-status')).toHaveAttribute('data-tone', 'ok');
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
  await page.mouse.move(0, 679);
  await shot(page, 'first-screen');
});

test('readme: a bulk removal running', { tag: SCREENSHOTS_TAG }, async ({ page, sandbox }) => {
  // Three documents locked by the service: their DELETEs are answered but change nothing, so the batch is still
  // confirming them while the rest show as deleted.
  const held = [3, 7, 10].map(retiredDocumentId);
  for (const id of held) await sandbox.holdLock(id, 120_000);
  await look(page);
  await page.setViewportSize({ width: 1200, height: 900 });
  await openKnowledge(page, RETIRED.knowledgeId);
  await page.getByRole('button', { name: 'Remove many documents…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
  await dialog.getByLabel('Document ids').fill(Array.from({ length: 12 }, (_, i) => retiredDocumentId(i)).join('\n'));
  await dialog.getByRole('button', { name: 'Check 12 ids' }).click();
  await expect(dialog.getByTestId('bulk-check-summary')).toContainText('12 exist');
  await dialog.getByLabel('Type 12 to confirm').fill('12');
  await dialog.getByRole('button', { name: 'Remove 12 documents' }).click();
  await expect(dialog).toBeHidden();
  const batch = page.getByTestId('bulk-batch');
  await expect(batch.getByTestId('bulk-count-deleted')).toHaveAttribute('data-count', '9', SLOW);
  await expect(batch).toHaveAttribute('data-status', 'running');
  await batch.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 899);
  await shot(page, 'bulk-removal');
  for (const id of held) await sandbox.releaseLock(id);
});

test('readme: a suite run', { tag: SCREENSHOTS_TAG }, async ({ page, sandbox }) => {
  await asNpmStart(page, sandbox);
  const suite = {
    name: 'Beacon answers',
    space_id: '101',
    cases: [
      {
        id: 'battery-life',
        question: 'How long does the Beacon battery last on a full charge?',
        expect: { contains: ['14 days'], cites_document: ['831506272047403'] },
      },
      { id: 'plus-price', question: 'How much does Beacon Plus cost per month?', expect: { contains: ['$4.99'] } },
      {
        id: 'return-window',
        question: 'How many days do I have to return a Beacon kit?',
        expect: { contains: ['30'] },
      },
      { id: 'no-guessing', question: 'What is the warranty on a Beacon kit?', expect: { contains: ['2 years'] } },
    ],
  };
  await look(page);
  await page.goto('./suites');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
  await importSuite(page, 'beacon.json', JSON.stringify(suite));
  await expect(page.getByRole('heading', { level: 1, name: suite.name })).toBeVisible(SLOW);
  await page.getByTestId('run-suite').click();
  await expect(page).toHaveURL(/\/runs\/run-/, SLOW);
  await expect(page.getByTestId('run-summary').locator('[data-run-status="done"]')).toBeVisible(SLOW);
  await expect(page.getByTestId('result-row').first()).toBeVisible(SLOW);
  await page.mouse.move(0, 679);
  await shot(page, 'suite-run');
});
