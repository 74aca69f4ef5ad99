import { test, expect } from './fixtures';
import { BASE_PATH_TAG } from './support/target';
import { countDeletes, deleteDocument, deletionItem, openKnowledge, totalFiles } from './support/knowledge';
import { DOC, DS, KB, UNKNOWN } from './support/demo-ids.mjs';

/** Past the 30 s lock window plus the 5 s grace, so a check concludes. */
const PAST_LOCK_WINDOW_MS = 36_000;
/** Past the first check (about 3 s after the 200). */
const PAST_FIRST_CHECK_MS = 4_000;

test.describe('knowledge base page', () => {
  test('looks a knowledge base up by id and shows its record', async ({ page }) => {
    await openKnowledge(page, KB.handbook);
    await expect(page.getByTestId('knowledge-name')).toHaveText('Beacon product handbook');
    await expect(totalFiles(page)).toHaveText('6');
    const record = page.locator('[data-field]');
    await expect(record.filter({ hasText: 'Category' })).toContainText('Product');
    await expect(record.filter({ hasText: 'Personal' })).toContainText('No');
    await expect(record.filter({ hasText: 'Default folder' })).toContainText('4101');
    await expect(record.filter({ hasText: 'Delete permission' })).toContainText('You may delete documents');
    // created_at 1736154600 s is shown as a date, with the raw integer on hover.
    const created = record.filter({ hasText: 'Created' }).locator('[title]');
    await expect(created).toHaveAttribute('title', '1736154600');
    // Written out by src/i18n/format.ts, not by Intl: exactly what this browser's Intl would write.
    const intl = await page.evaluate(() =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(1736154600 * 1000),
    );
    await expect(created).toHaveText(intl);
  });

  test('an unknown id shows the service’s ErrorResponse message', async ({ page }) => {
    await openKnowledge(page, UNKNOWN.knowledge);
    const error = page.getByTestId('error-state');
    await expect(error).toContainText(`knowledge base ${UNKNOWN.knowledge} not found`);
    await expect(error).toContainText('404');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('links to its dataset', { tag: BASE_PATH_TAG }, async ({ page }) => {
    await openKnowledge(page, KB.handbook);
    await page.getByTestId('dataset-link').click();
    await expect(page).toHaveURL(new RegExp(`/datasets/${DS.handbook}$`));
  });

  test('"With settings" reads the variant and shows its extra fields', async ({ page }) => {
    const settingsRequest = page.waitForRequest((r) =>
      r.url().includes(`/v1/knowledge/${KB.handbook}?with_settings=true`),
    );
    await openKnowledge(page, KB.handbook);
    await page.getByRole('switch', { name: 'With settings' }).check();
    await settingsRequest;
    const extras = page.getByTestId('settings-extras');
    await expect(extras).toContainText('settings');
    await expect(extras.locator('[data-field="top_k"]')).toContainText('5');
    await expect(extras.locator('[data-field="chunk_size"]')).toContainText('512');
    // A documented field is not repeated as an extra.
    await expect(extras.locator('[data-field="total_files"]')).toHaveCount(0);
  });

  test('delete is disabled, with the reason, where owned_delete_permission is false', async ({ page }) => {
    await openKnowledge(page, KB.policies);
    await expect(page.getByTestId('knowledge-name')).toHaveText('People & policies');
    await expect(page.getByTestId('delete-disabled-reason')).toContainText('owned_delete_permission is false');
    await expect(page.getByRole('button', { name: 'Delete…' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Document id' })).toBeDisabled();
  });
});

test.describe('tracked document deletion', () => {
  test('goes pending → deleted; total_files drops and the base info is then a 404', async ({ page, sandbox }) => {
    await page.clock.install();
    await openKnowledge(page, KB.handbook);
    await expect(totalFiles(page)).toHaveText('6');
    await deleteDocument(page, DOC.installation.id, DOC.installation.name);

    const item = deletionItem(page, DOC.installation.id);
    await expect(item).toContainText(DOC.installation.name);
    await expect(item).toHaveAttribute('data-state', 'pending');
    await expect(item.getByTestId('deletion-state')).toHaveText('Pending — waiting for confirmation');
    await expect(item.getByTestId('next-check')).toBeVisible();

    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(item).toHaveAttribute('data-state', 'deleted');
    await expect(item.getByTestId('deletion-state')).toHaveText('Deleted');
    await expect(totalFiles(page)).toHaveText('5');

    const base = await page.request.post(`${sandbox.baseUrl}/v1/documents/query-base`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
      data: { document_id: DOC.installation.id },
    });
    expect(base.status()).toBe(404);

    // The history lists the DELETE and the check that confirmed it.
    await item.getByRole('button', { name: /Show history/ }).click();
    await expect(item).toContainText('DELETE #1');
    await expect(item).toContainText('200 accepted');
    await expect(item).toContainText('gone');
    await item.getByRole('button', { name: 'Dismiss' }).click();
    await expect(item).toHaveCount(0);
  });

  test('with the lock held: pending → re-issued → deleted once the lock is released', async ({ page, sandbox }) => {
    await sandbox.holdLock(DOC.wifi.id, 120_000);
    const deletes = countDeletes(page, KB.handbook, DOC.wifi.id);
    await page.clock.install();
    await openKnowledge(page, KB.handbook);
    await deleteDocument(page, DOC.wifi.id, DOC.wifi.name);

    const item = deletionItem(page, DOC.wifi.id);
    // The sandbox waits 1.5 s for the lock, then answers 200 without deleting.
    await expect(item).toHaveAttribute('data-state', 'pending');
    expect(deletes.count).toBe(1);
    // Early checks find it still there and keep waiting.
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(item).toHaveAttribute('data-state', 'pending');
    await expect(totalFiles(page)).toHaveText('6');

    // Past the lock window it is still there: the console re-issues the DELETE.
    await page.clock.fastForward(PAST_LOCK_WINDOW_MS);
    await expect.poll(() => deletes.count).toBe(2);
    await sandbox.releaseLock(DOC.wifi.id);
    await expect(item).toHaveAttribute('data-state', 'pending');

    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(item).toHaveAttribute('data-state', 'deleted');
    await expect(totalFiles(page)).toHaveText('5');
    expect(deletes.count).toBe(2);
    await item.getByRole('button', { name: /Show history/ }).click();
    await expect(item).toContainText('DELETE #2');
    await expect(item).toContainText('still there');
  });

  test('a pending deletion survives a reload and then resolves', async ({ page, sandbox }) => {
    await sandbox.holdLock(DOC.battery.id, 120_000);
    const deletes = countDeletes(page, KB.handbook, DOC.battery.id);
    await page.clock.install();
    await openKnowledge(page, KB.handbook);
    await deleteDocument(page, DOC.battery.id, DOC.battery.name);
    await expect(deletionItem(page, DOC.battery.id)).toHaveAttribute('data-state', 'pending');

    await page.reload();
    const item = deletionItem(page, DOC.battery.id);
    await expect(item).toHaveAttribute('data-state', 'pending');
    await expect(item).toContainText(DOC.battery.name);
    // The overview lists it too.
    await page.goto('./knowledge');
    await expect(deletionItem(page, DOC.battery.id)).toHaveAttribute('data-state', 'pending');
    await page.goBack();

    await sandbox.releaseLock(DOC.battery.id);
    await page.clock.fastForward(PAST_LOCK_WINDOW_MS);
    await expect.poll(() => deletes.count).toBe(2);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(deletionItem(page, DOC.battery.id)).toHaveAttribute('data-state', 'deleted');
    await expect(totalFiles(page)).toHaveText('5');
  });

  test('a cold-loaded knowledge base asks for the deletion runtime only after its record; a deletion started there tracks, and still counts in the record after a reload', async ({
    page,
    sandbox,
  }) => {
    // The runtime's chunk (named after its React sync) is asked for once the record has painted, not with the page.
    const order: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/use-deletion-sync-[^/]+\.js$/.test(new URL(r.url()).pathname)) order.push('runtime asked');
    });
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === `/v1/knowledge/${KB.handbook}`) order.push('record read');
    });
    await sandbox.holdLock(DOC.battery.id, 120_000);
    await page.clock.install();
    await page.goto(`./knowledge/${KB.handbook}`);
    await expect(page.getByTestId('knowledge-name')).toHaveText('Beacon product handbook');
    await deleteDocument(page, DOC.battery.id, DOC.battery.name);
    await expect(deletionItem(page, DOC.battery.id)).toHaveAttribute('data-state', 'pending');
    expect(order.indexOf('record read')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('runtime asked')).toBeGreaterThan(order.indexOf('record read'));
    await expect(totalFiles(page).locator('..')).toContainText('1 deletion pending');

    // Cold again: the deletion kept from before the reload loads the runtime at start-up; the record counts it.
    await page.reload();
    await expect(page.getByTestId('knowledge-name')).toHaveText('Beacon product handbook');
    await expect(totalFiles(page).locator('..')).toContainText('1 deletion pending');
    await expect(deletionItem(page, DOC.battery.id)).toHaveAttribute('data-state', 'pending');
    await expect(page.getByTestId('pending-deletions-indicator')).toHaveText('1');
  });

  test('a DELETE of another knowledge base’s document fails and rolls back with the service’s message', async ({
    page,
  }) => {
    await openKnowledge(page, KB.handbook);
    await deleteDocument(page, DOC.pricing.id, DOC.pricing.name);
    const item = deletionItem(page, DOC.pricing.id);
    await expect(item).toHaveAttribute('data-state', 'failed');
    const message = `document ${DOC.pricing.id} does not belong to knowledge base ${KB.handbook}`;
    await expect(item.getByTestId('deletion-error')).toContainText(message);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: message })).toBeVisible();
    // Nothing changed: the record still counts 6 files and no deletion is pending.
    await expect(totalFiles(page)).toHaveText('6');
    await expect(page.getByText('deletion pending')).toHaveCount(0);
  });

  test('the confirmation says "name unknown" when the document cannot be looked up', async ({ page }) => {
    await openKnowledge(page, KB.handbook);
    await page.getByRole('combobox', { name: 'Document id' }).fill(UNKNOWN.document);
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
    await expect(dialog.getByTestId('confirm-document')).toContainText('Name unknown');
    await expect(dialog).toContainText(`document ${UNKNOWN.document} not found`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('deletion-item')).toHaveCount(0);
  });
});

test.describe('a single deletion whose answer is lost', () => {
  test('reads "Unknown — checking once the network is back", not failed; back online a read confirms it, with one DELETE', async ({
    page,
    context,
    sandbox,
  }) => {
    await openKnowledge(page, KB.handbook);
    await expect(totalFiles(page)).toHaveText('6');
    // The DELETE reaches the service, which deletes the document; then the network goes before the answer is back.
    await page.route(/\/v1\/knowledge\/\d+\/document\/\d+$/, async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      await route.fetch();
      await context.setOffline(true);
      return route.abort('internetdisconnected');
    });
    await deleteDocument(page, DOC.installation.id, DOC.installation.name);
    const item = deletionItem(page, DOC.installation.id);
    await expect(item).toHaveAttribute('data-state', 'unknown');
    await expect(item.getByTestId('deletion-state')).toHaveText('Unknown — checking once the network is back');
    await expect(page.getByTestId('offline-banner')).toBeVisible();

    await context.setOffline(false);
    await expect(item).toHaveAttribute('data-state', 'deleted');
    await expect(item.getByTestId('deletion-state')).toHaveText('Deleted');
    // Counted at the sandbox: the one DELETE, never a second.
    expect(await sandbox.deleteCalls()).toEqual({ [DOC.installation.id]: 1 });
  });
});
