import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { configFor, expect, test as base } from './fixtures';
import { CHROMIUM_ARGS, findTestChromium } from './support/chromium.mjs';
import { RETIRED, retiredDocumentId, writeBulkFixture } from './support/bulk-fixture';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy';
import { deleteDocument, deletionItem, openKnowledge } from './support/knowledge';
import { startSandbox } from './support/sandbox';
import { startSite } from './support/site';

/**
 * The console as a LAN serves it: http://<a name that is not loopback>:port. Such an origin is not a secure context,
 * so the page has no Web Locks (nor crypto.randomUUID, nor the async clipboard). The name resolves to this machine
 * (Chromium's host resolver rule), so nothing leaves it; the API stays on 127.0.0.1 behind counting proxies.
 */
const LAN_HOST = 'kc-lan.test';
const DOCUMENTS = 20;
const IDS = Array.from({ length: DOCUMENTS }, (_, i) => retiredDocumentId(i));
/** The document whose DELETE is in flight when the runner freezes: the last of its block (1 at once × 4). */
const SLOW = IDS[7]!;

interface Hosts {
  base: FaultProxy;
  secondary: FaultProxy;
}

const test = base.extend<object, { hosts: Hosts }>({
  sandbox: [
    async ({}, use) => {
      const sandbox = await startSandbox([
        '--fixture',
        writeBulkFixture(DOCUMENTS, resolve(import.meta.dirname, '.artifacts/bulk-fixture-lan.json')),
        '--lock-wait-ms',
        '1500',
        '--purge-delay-ms',
        '500',
        // The page's origin is http://kc-lan.test:<port>, not the default loopback list.
        '--cors-origin',
        '*',
      ]);
      await use(sandbox);
      await sandbox.stop();
    },
    { scope: 'worker' },
  ],
  hosts: [
    async ({ sandbox }, use) => {
      // A slower service: a batch is still sending when the tab running it freezes or closes; one document's
      // DELETE is slower still, so the runner is frozen while it waits for that answer.
      const deleteDelayMs = (id: string) => (id === SLOW ? 3_000 : 250);
      const hosts = {
        base: await startFaultProxy(sandbox.baseUrl, { delayMs: deleteDelayMs }),
        secondary: await startFaultProxy(sandbox.secondaryUrl, { delayMs: deleteDelayMs }),
      };
      await use(hosts);
      await Promise.all([hosts.base.stop(), hosts.secondary.stop()]);
    },
    { scope: 'worker' },
  ],
  site: [
    async ({ sandbox, hosts }, use) => {
      const config = configFor(sandbox);
      config.profiles[0]!.base_url = hosts.base.url;
      config.profiles[0]!.secondary_url = hosts.secondary.url;
      const site = await startSite(config);
      const url = new URL(site.url);
      url.hostname = LAN_HOST;
      await use(url.href);
      await site.stop();
    },
    { scope: 'worker' },
  ],
});

// Every test counts its own DELETEs (the sandbox is reset before each, the proxies live as long as the worker).
test.beforeEach(({ hosts }) => {
  hosts.base.deletes.clear();
  hosts.secondary.deletes.clear();
});

test.use({
  launchOptions: {
    executablePath: findTestChromium() ?? undefined,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  },
});

/** DELETEs that reached the service, per document. */
const sent = (hosts: Hosts, id: string) => (hosts.base.deletes.get(id) ?? 0) + (hosts.secondary.deletes.get(id) ?? 0);
const sentTotal = (hosts: Hosts) => IDS.reduce((n, id) => n + sent(hosts, id), 0);

const batchOf = (page: Page) => page.getByTestId('bulk-batch');
const count = (batch: Locator, phase: string) => batch.getByTestId(`bulk-count-${phase}`);

/** The one open tab running the batch (its panel says so); fails if two do. */
async function runner(tabs: Page[]): Promise<Page> {
  let found: Page[] = [];
  await expect
    .poll(
      async () => {
        const here = await Promise.all(
          tabs.map(async (t) => (await batchOf(t).getAttribute('data-runs-here')) === 'true'),
        );
        found = tabs.filter((_, i) => here[i]);
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  return found[0]!;
}

/** Removes every document of IDS in bulk from this tab, one request at a time. */
async function startBatch(page: Page) {
  await page.getByRole('button', { name: 'Remove many documents…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove many documents' });
  await dialog.getByLabel('Document ids').fill(IDS.join('\n'));
  await dialog.getByRole('button', { name: `Check ${DOCUMENTS} ids` }).click();
  await expect(dialog.getByTestId('bulk-check-summary')).toHaveText(
    `${DOCUMENTS} exist but can't be checked against this knowledge base, 0 unknown`,
  );
  await dialog.getByLabel('Requests at once').fill('1');
  await dialog.getByLabel(`Type ${DOCUMENTS} to confirm`).fill(String(DOCUMENTS));
  await dialog.getByRole('button', { name: `Remove ${DOCUMENTS} documents` }).click();
  await expect(dialog).toBeHidden();
}

async function expectPlainHttp(page: Page) {
  expect(new URL(page.url()).hostname).toBe(LAN_HOST);
  expect(
    await page.evaluate(() => ({
      secure: window.isSecureContext,
      locks: (navigator as { locks?: unknown }).locks === undefined,
      randomUUID: typeof (crypto as { randomUUID?: unknown }).randomUUID,
    })),
  ).toEqual({ secure: false, locks: true, randomUUID: 'undefined' });
}

test.describe('tabs on plain http (no Web Locks)', () => {
  test('a batch in three tabs: its runner frozen, then closed, and a Pause from another tab: one DELETE per document', async ({
    page,
    context,
    hosts,
  }) => {
    const tabs = [page, await context.newPage(), await context.newPage()];
    for (const tab of tabs) await openKnowledge(tab, RETIRED.knowledgeId);
    await expectPlainHttp(page);
    await expect(page.getByTestId('total-files')).toHaveText(String(DOCUMENTS));

    await startBatch(page);
    for (const tab of tabs) await expect(batchOf(tab)).toBeVisible();
    expect(await runner(tabs)).toBe(page);

    // Frozen while its DELETE of SLOW is on the way, as a throttled background tab (its script stops: headless pages
    // are never hidden, so the debugger pauses it): its lease lapses and a live tab takes over.
    await expect.poll(() => sent(hosts, SLOW)).toBe(1);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.pause');
    const live = tabs.slice(1);
    // Pause from a tab that does not run the batch: shown as sent until the runner's state shows it taken.
    const [asking, other] = live as [Page, Page];
    await batchOf(asking).getByRole('button', { name: 'Pause' }).click();
    await expect(batchOf(asking).getByTestId('bulk-requested')).toHaveText('Pause sent to the tab running it…');
    const second = await runner(live);
    for (const tab of live) await expect(batchOf(tab)).toHaveAttribute('data-status', 'paused');
    await expect(batchOf(asking).getByTestId('bulk-requested')).toHaveCount(0);
    // Thawed: the old runner learns it lost the batch before it sends anything, and only shows it.
    await cdp.send('Debugger.resume');
    await cdp.detach();
    await expect(batchOf(page)).toHaveAttribute('data-runs-here', 'false');
    await expect(batchOf(page)).toHaveAttribute('data-status', 'paused');
    const pausedAt = sentTotal(hosts);
    expect(pausedAt).toBeLessThan(DOCUMENTS);

    // Resumed from the tab not running it; the new runner then closes midway: the last live tab takes over.
    await batchOf(second === asking ? other : asking)
      .getByRole('button', { name: 'Resume' })
      .click();
    await expect(batchOf(second)).toHaveAttribute('data-status', 'running');
    await expect.poll(() => sentTotal(hosts)).toBeGreaterThanOrEqual(pausedAt + 4);
    await second.close();
    const rest = [page, second === asking ? other : asking];
    const last = await runner(rest);
    for (const tab of rest) {
      await expect(count(batchOf(tab), 'deleted')).toHaveAttribute('data-count', String(DOCUMENTS), {
        timeout: 30_000,
      });
      await expect(batchOf(tab)).toHaveAttribute('data-status', 'done');
    }
    await expect(last.getByTestId('total-files')).toHaveText('0');
    // Exactly one DELETE reached the service for every document, across the four runs of the batch.
    expect(IDS.filter((id) => sent(hosts, id) !== 1)).toEqual([]);
  });

  test('a single deletion in two tabs: the one running it closes before the read confirms it; one DELETE', async ({
    page,
    context,
    hosts,
  }) => {
    const doc = IDS[3]!;
    const second = await context.newPage();
    await openKnowledge(page, RETIRED.knowledgeId);
    await openKnowledge(second, RETIRED.knowledgeId);
    await expectPlainHttp(second);
    await deleteDocument(page, doc);
    await expect(deletionItem(second, doc)).toHaveAttribute('data-state', 'pending', { timeout: 15_000 });
    await page.close();
    await expect(deletionItem(second, doc)).toHaveAttribute('data-state', 'deleted', { timeout: 15_000 });
    expect(sent(hosts, doc)).toBe(1);
  });

  test('the copy buttons copy without the Clipboard API (missing on plain http)', async ({ page }) => {
    // What the page put on the clipboard, as the copy event saw it.
    await page.addInitScript(() => {
      document.addEventListener('copy', () => {
        (window as unknown as { kcCopied: string[] }).kcCopied ??= [];
        (window as unknown as { kcCopied: string[] }).kcCopied.push(String(document.getSelection()));
      });
    });
    await openKnowledge(page, RETIRED.knowledgeId);
    // The read's answer is what puts the id in the catalog: wait for it before leaving the page.
    await expect(page.getByTestId('total-files')).toBeVisible();
    expect(await page.evaluate(() => typeof navigator.clipboard)).toBe('undefined');
    await page.goto('./catalog');
    const copy = page.getByRole('button', { name: `Copy: ${RETIRED.knowledgeId}` });
    await copy.click();
    await expect(copy).toHaveAttribute('data-copied', 'true');
    expect(await page.evaluate(() => (window as unknown as { kcCopied?: string[] }).kcCopied)).toEqual([
      RETIRED.knowledgeId,
    ]);
  });

  test('a single deletion asked of a document a running batch is deleting shows the batch’s state, sends nothing', async ({
    page,
    context,
    hosts,
  }) => {
    const second = await context.newPage();
    await openKnowledge(page, RETIRED.knowledgeId);
    await openKnowledge(second, RETIRED.knowledgeId);
    await startBatch(page);
    await expect(batchOf(second)).toHaveAttribute('data-status', 'running');
    // Near the end of the batch (one at a time): still waiting there when asked here.
    const doc = IDS[DOCUMENTS - 2]!;
    await deleteDocument(second, doc);
    const shown = second.getByTestId('delete-in-batch');
    await expect(shown).toContainText(`Document ${doc} is being deleted by the bulk removal below`);
    await expect(shown).toContainText('Waiting');
    await expect(deletionItem(second, doc)).toHaveCount(0);
    await expect(batchOf(second)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(count(batchOf(second), 'deleted')).toHaveAttribute('data-count', String(DOCUMENTS));
    expect(sent(hosts, doc)).toBe(1);
  });
});
