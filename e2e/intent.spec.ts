import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { DS, KB, SPACE, UNKNOWN } from './support/demo-ids.mjs';
import { BASE_PATH_TAG } from './support/target';
import { afterConnectionCheck, watchCalls } from './support/service-calls';

/**
 * The next page's work starts on intent (src/app/prefetch-on-intent.ts): a link the pointer rests on, or an id box
 * holding a usable id, asks for the page's chunk and first reads before the click, so the click finds them ready;
 * the click sends nothing more, and a failed read is what the page then shows.
 */

/** The catalog as the console keeps it (localStorage), with these knowledge bases met before. */
async function catalogWith(page: Page, entries: { id: string; label: string }[]) {
  const list = entries.map((e, i) => ({
    profileId: 'sandbox',
    kind: 'knowledge',
    id: e.id,
    label: e.label,
    lastSeenAt: 1_760_000_000_000 + i,
    pinned: false,
  }));
  await page.addInitScript((json) => localStorage.setItem('kc.catalog.v1', json), JSON.stringify(list));
}

const isServiceCall = (path: string) => (r: { url(): string; method(): string }) =>
  r.method() === 'GET' && new URL(r.url()).pathname === path;
const isServiceAnswer = (path: string) => (r: Response) => isServiceCall(path)(r.request());

test(
  'pointing at a record’s link asks for its page and data before the click; the click asks nothing more, under the base path too',
  { tag: BASE_PATH_TAG },
  async ({ page, baseURL }) => {
    await catalogWith(page, [{ id: KB.handbook, label: 'Beacon product handbook' }]);
    await page.goto('./catalog');
    const link = page.getByRole('link', { name: 'Open Beacon product handbook' });
    await expect(link).toBeVisible();
    await afterConnectionCheck(page);
    const calls = watchCalls(page, new URL(baseURL!).origin);
    const read = page.waitForRequest(isServiceCall(`/v1/knowledge/${KB.handbook}`));
    const chunk = page.waitForRequest((r) => /\/assets\/knowledge-[^/]+\.js$/.test(new URL(r.url()).pathname));
    await link.hover();
    // Both leave while the pointer rests, before any click.
    await Promise.all([read, chunk]);
    await link.click();
    await expect(page.getByTestId('knowledge-name')).toHaveText('Beacon product handbook');
    expect(calls.filter((c) => c === `GET /v1/knowledge/${KB.handbook}`)).toHaveLength(1);
  },
);

test('moving the keyboard focus onto a record’s link asks for its page before Enter', async ({ page, baseURL }) => {
  await catalogWith(page, [{ id: KB.faq, label: 'Customer support FAQ' }]);
  await page.goto('./catalog');
  const link = page.getByRole('link', { name: 'Open Customer support FAQ' });
  await expect(link).toBeVisible();
  await afterConnectionCheck(page);
  const calls = watchCalls(page, new URL(baseURL!).origin);
  const read = page.waitForRequest(isServiceCall(`/v1/knowledge/${KB.faq}`));
  await page.getByRole('textbox', { name: 'Search' }).focus();
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await read;
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('knowledge-name')).toHaveText('Customer support FAQ');
  // The read the focus started is the page's (the header's minute check may read a kept id too, but not this soon).
  expect(calls.filter((c) => c === `GET /v1/knowledge/${KB.faq}`)).toHaveLength(1);
});

test('a read that failed on hover is the page’s answer after the click, as its own would be, asked once', async ({
  page,
  baseURL,
}) => {
  await catalogWith(page, [{ id: UNKNOWN.knowledge, label: 'Gone' }]);
  await page.goto('./catalog');
  const link = page.getByRole('link', { name: 'Open Gone' });
  await expect(link).toBeVisible();
  await afterConnectionCheck(page);
  const calls = watchCalls(page, new URL(baseURL!).origin);
  const answered = page.waitForResponse(isServiceAnswer(`/v1/knowledge/${UNKNOWN.knowledge}`));
  await link.hover();
  expect((await answered).status()).toBe(404);
  await link.click();
  const error = page.getByTestId('error-state');
  await expect(error).toContainText(`knowledge base ${UNKNOWN.knowledge} not found`);
  await expect(error).toContainText('404');
  expect(calls.filter((c) => c === `GET /v1/knowledge/${UNKNOWN.knowledge}`)).toHaveLength(1);
});

test('an id box asks for the page of a usable id before Enter, never for one its page refuses', async ({
  page,
  baseURL,
}) => {
  await page.goto('./datasets');
  const box = page.getByRole('textbox', { name: 'Dataset id' });
  await afterConnectionCheck(page);
  const calls = watchCalls(page, new URL(baseURL!).origin);
  // Refused: the box says so, and no read of it leaves (nor of the id it ends with).
  await box.fill('x/..');
  await expect(page.getByText('This id cannot be used', { exact: false })).toBeVisible();
  // The FAQ's dataset: the header's connection check reads the handbook's.
  const read = page.waitForRequest(isServiceCall(`/v1/datasets/${DS.faq}`));
  await box.fill(DS.faq);
  await read;
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer support FAQ');
  expect(calls.filter((c) => c.startsWith('GET /v1/datasets/') && !c.endsWith(DS.handbook))).toEqual([
    `GET /v1/datasets/${DS.faq}`,
  ]);
});

test('pointing at a kept suite run’s link reads its start from this browser’s store before the click', async ({
  page,
}) => {
  // Every keyed read of IndexedDB, as "store:key".
  await page.addInitScript(() => {
    const reads: string[] = [];
    (window as unknown as { kcKeptReads: string[] }).kcKeptReads = reads;
    const get = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
      reads.push(`${this.name}:${String(key)}`);
      return get.call(this, key);
    };
  });
  const keptReads = () => page.evaluate(() => (window as unknown as { kcKeptReads: string[] }).kcKeptReads);
  await page.goto('./suites');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import JSON, CSV or YAML' }).click();
  const suite = {
    name: 'Intent suite',
    space_id: SPACE.support,
    cases: [
      { id: 'plus-price', question: 'How much does Beacon Plus cost per month?', expect: { contains: ['$4.99'] } },
    ],
  };
  await (
    await chooser
  ).setFiles({ name: 'intent.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(suite)) });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/\/runs\/run-/, { timeout: 30_000 });
  await expect(page.getByTestId('run-summary')).toContainText('done', { timeout: 30_000 });
  const runId = page.url().split('/').pop()!;
  // A new page load: this tab's memory of the run is gone, as when the admin comes back to it later.
  await page.goto(page.url().replace(/\/runs\/[^/]+$/, ''));
  await page.getByRole('tab', { name: 'Runs' }).click();
  const link = page.locator(`a[href$="/runs/${runId}"]`);
  await expect(link).toBeVisible();
  expect(await keptReads()).not.toContain(`suiteRuns:${runId}`);
  await link.hover();
  // Read while the pointer rests, before any click.
  await expect.poll(keptReads).toContain(`suiteRuns:${runId}`);
  await link.click();
  await expect(page.getByTestId('run-summary')).toContainText('done');
  await expect(page.locator('[data-testid="result-row"] td[data-status="pass"]')).toHaveCount(1);
});
