import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { SandboxHandle } from './support/sandbox';
import { openKnowledge } from './support/knowledge';
import { settle } from './support/settle';
import { CONVERSATION, DOC, KB } from './support/demo-ids.mjs';

/**
 * An id is a segment of a request's path (src/contract/path-id.ts): typed as `..`, it would make the browser send
 * DELETE /v1/knowledge/5/ instead of a document's delete. Every id box says why such an id cannot be used, on the
 * field, as it is typed, and nothing is sent for it.
 */
const RULE =
  /cannot be “\.” or “\.\.” nor contain \/, \?, #, \\ or control characters\. The service’s ids are usually numeric strings/;

/**
 * The header's connection check: its probe, the sandbox detection and its reads of a demo record by a numeric id
 * (src/api/connection/connection-check.ts). None can carry a refused id, which is never all digits.
 */
const CONNECTION_CHECK =
  /__kc_probe__|\/__sandbox\/(demo-suite|starters)$|^GET .*\/v1\/(datasets|knowledge)\/\d+(\?.*)?$/;

/** Every request the page sends to the sandbox from now on, but the connection check's. */
function serviceRequests(page: Page, sandbox: SandboxHandle): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    const request = `${r.method()} ${url}`;
    if ((url.startsWith(sandbox.baseUrl) || url.startsWith(sandbox.secondaryUrl)) && !CONNECTION_CHECK.test(request)) {
      sent.push(request);
    }
  });
  return sent;
}

test.describe('ids that would change a request’s path', () => {
  test('`..` as a document to delete: the field says why, and no request is sent', async ({ page, sandbox }) => {
    await openKnowledge(page, KB.handbook);
    await expect(page.getByTestId('knowledge-name')).toHaveText('Beacon product handbook');
    const sent = serviceRequests(page, sandbox);
    const field = page.getByRole('combobox', { name: 'Document id' });
    for (const id of ['..', `../../conversations/${CONVERSATION.amberDisplay}`, '.']) {
      await field.fill(id);
      await expect(field).toHaveAccessibleDescription(RULE);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('button', { name: 'Delete…' }).click();
      await settle(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(sent).toEqual([]);
    // A usable id clears the message.
    await field.fill(DOC.battery.id);
    await expect(field).not.toHaveAccessibleDescription(RULE);
  });

  test('`..` in an id lookup: the field says why, and the page stays', async ({ page, sandbox }) => {
    await page.goto('./datasets');
    const field = page.getByLabel('Dataset id');
    await expect(field).toBeVisible();
    const sent = serviceRequests(page, sandbox);
    await field.fill('..');
    await expect(field).toHaveAccessibleDescription(RULE);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await settle(page);
    await expect(page).toHaveURL(/\/datasets$/);
    expect(sent).toEqual([]);
  });

  test('an address holding such an id shows why instead of asking for it', async ({ page, sandbox }) => {
    const sent = serviceRequests(page, sandbox);
    await page.goto(`./knowledge/${encodeURIComponent('5?x')}`);
    await expect(page.getByRole('alert').filter({ hasText: 'The address holds an id' })).toContainText(RULE);
    await settle(page);
    expect(sent).toEqual([]);
  });
});
