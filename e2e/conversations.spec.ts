import type { Page, Request } from '@playwright/test';
import { test, expect } from './fixtures';
import { settle } from './support/settle';
import { SCREENSHOTS_TAG } from './support/target';
import { CONVERSATION } from './support/demo-ids.mjs';

/** Every PUT/DELETE the page sends to a conversation, seen on the network. */
function conversationWrites(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (/\/v1\/conversations\//.test(r.url()) && (r.method() === 'PUT' || r.method() === 'DELETE')) seen.push(r);
  });
  return seen;
}

const titleInput = (page: Page) => page.getByRole('textbox', { name: 'Title' });

test('a conversation is opened by id, with the fields it cannot know marked', async ({ page }) => {
  await page.goto('./conversations');
  await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Conversation id' }).fill(` ${CONVERSATION.amberDisplay} `);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${CONVERSATION.amberDisplay}$`));
  await expect(page.getByTestId('conversation-id')).toHaveText(CONVERSATION.amberDisplay);
  await expect(page.getByTestId('prefill-note')).toContainText('never seen this conversation');
  await expect(page.getByText('Not known — never seen. Left as is unless you change it.')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
});

test('a 129-character title shows an error and sends no request', async ({ page }) => {
  const writes = conversationWrites(page);
  await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
  const long = 'T'.repeat(129);
  await titleInput(page).fill(long);
  await expect(page.getByTestId('counter-title')).toHaveText('129 / 128');
  await expect(page.getByTestId('counter-title')).toHaveAttribute('data-over', 'true');
  await expect(page.getByText('Title must be at most 128 characters.')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Once the page has done what the click set off, no request has left.
  await settle(page);
  expect(writes).toHaveLength(0);
  // Nothing was cut: the input still holds every character typed.
  await expect(titleInput(page)).toHaveValue(long);
  await expect(titleInput(page)).not.toHaveAttribute('maxlength', /.*/);
});

test('an update sends only the changed field, shows the returned record, and a reload pre-fills from it', async ({
  page,
}) => {
  const writes = conversationWrites(page);
  await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
  await titleInput(page).fill('Amber display after router swap');
  await expect(page.getByText('"title": "Amber display after router swap"')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();

  const result = page.getByTestId('conversation-result');
  await expect(result).toContainText('Updated — the service returned this record');
  await expect(result.getByTestId('record-agent')).toContainText('Beacon Support Assistant');
  await expect(result.getByTestId('record-agent')).toContainText('Mode: chat');
  await expect(result.getByTestId('record-agent')).toContainText('agent-support');
  await expect(result).toContainText('crm-48213');
  await expect(page.getByText(`Conversation ${CONVERSATION.amberDisplay} updated.`)).toBeVisible();
  expect(writes).toHaveLength(1);
  expect(writes[0]!.postDataJSON()).toEqual({ title: 'Amber display after router swap' });

  await page.reload();
  await expect(titleInput(page)).toHaveValue('Amber display after router swap');
  await expect(page.getByRole('textbox', { name: 'Third-party user id' })).toHaveValue('crm-48213');
  await expect(page.getByRole('textbox', { name: 'Agent id' })).toHaveValue('agent-support');
  await expect(page.getByTestId('prefill-note')).toContainText('the last record this console saw');
  await expect(page.getByText('Not known — never seen.', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Amber display after router swap');
});

test('"Send all fields" puts every field in the body', async ({ page }) => {
  const writes = conversationWrites(page);
  await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
  await titleInput(page).fill('Once');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('conversation-result')).toBeVisible();
  await page.getByRole('switch', { name: 'Send all fields' }).check({ force: true });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => writes.length).toBe(2);
  expect(writes[1]!.postDataJSON()).toEqual({
    agent_id: 'agent-support',
    title: 'Once',
    file_ids: [],
    config: { enable_websearch: false },
    status: 1,
    third_user_id: 'crm-48213',
  });
});

test('delete asks for the typed id, shows the returned record, and the form then offers no update', async ({
  page,
}) => {
  await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
  await page.getByRole('button', { name: 'Delete conversation…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
  const confirm = dialog.getByRole('button', { name: 'Delete conversation' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill('931506272047');
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill(CONVERSATION.amberDisplay);
  await confirm.click();
  await expect(dialog).toBeHidden();

  const result = page.getByTestId('conversation-result');
  await expect(result).toContainText('Deleted — the service returned this record');
  await expect(result).toContainText('Display shows solid amber after router change');
  await expect(result.getByTestId('record-agent')).toContainText('Beacon Support Assistant');

  // A deleted conversation cannot be updated (the service would answer 404): the page says it was deleted here and
  // keeps its form read-only (e2e/first-hour-records.spec.ts follows it through a reload).
  await expect(page.getByTestId('deleted-here')).toContainText('Deleted by this profile');
  await expect(titleInput(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
});

test('a failed save keeps the input and shows the ErrorResponse', async ({ page }) => {
  await page.route('**/v1/conversations/**', async (route) => {
    const origin = route.request().headers().origin ?? '*';
    const cors = {
      'access-control-allow-origin': origin,
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'PUT, DELETE, OPTIONS',
    };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    if (route.request().method() === 'PUT')
      return route.fulfill({
        status: 500,
        headers: cors,
        json: { code: 50001, message: 'conversation store unavailable' },
      });
    return route.continue();
  });
  await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
  await titleInput(page).fill('Kept after a failure');
  await page.getByRole('switch', { name: 'Web search' }).check({ force: true });
  await page.getByRole('button', { name: 'Save changes' }).click();
  const error = page.getByTestId('error-state');
  await expect(error).toContainText('The update was not saved');
  await expect(error).toContainText('500');
  await expect(error).toContainText('50001');
  await expect(error).toContainText('conversation store unavailable');
  await expect(titleInput(page)).toHaveValue('Kept after a failure');
  await expect(page.getByRole('switch', { name: 'Web search' })).toBeChecked();
  await expect(page.getByTestId('conversation-result')).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`screenshot: conversation page, ${scheme}, ${locale}`, { tag: SCREENSHOTS_TAG }, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript((l) => localStorage.setItem('kc.locale', l), locale);
      await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
      const title = page.locator('input[name="title"]');
      await title.fill('Amber display after router swap');
      await page.locator('button[type="submit"]').click();
      await expect(page.getByTestId('conversation-result')).toBeVisible();
      // An error state on the form too: a title over the limit.
      await title.fill('T'.repeat(130));
      await expect(page.getByTestId('counter-title')).toHaveAttribute('data-over', 'true');
      await page.screenshot({ path: `test-results/screenshots/conversation-${scheme}-${locale}.png`, fullPage: true });
      await page.goto('./conversations');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: /Recently seen|最近查看/ })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/conversations-lookup-${scheme}-${locale}.png` });
    });
  }
}
