import type { Download, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { SCREENSHOTS_TAG } from './support/target';
import { CONVERSATION, DOC, DS, KB, SPACE, UNKNOWN } from './support/demo-ids.mjs';

async function readDownload(download: Download): Promise<string> {
  const chunks = await (await download.createReadStream()).toArray();
  return Buffer.concat(chunks).toString('utf8');
}

/** An exported catalog as a teammate would send it (their profile id differs from ours). */
function teammateFile() {
  return {
    format: 'knowledge-console-catalog',
    version: 1,
    entries: [
      {
        profileId: 'teammate',
        kind: 'dataset',
        id: DS.handbook,
        label: 'Beacon product handbook',
        lastSeenAt: 1_700_000_000_000,
        pinned: true,
      },
      {
        profileId: 'teammate',
        kind: 'knowledge',
        id: KB.faq,
        label: 'Customer support FAQ 💬',
        lastSeenAt: 1_700_000_000_000,
        pinned: false,
      },
      {
        profileId: 'teammate',
        kind: 'document',
        id: DOC.battery.id,
        label: 'beacon-battery-and-power.md',
        lastSeenAt: 1_700_000_000_000,
        pinned: false,
      },
      { profileId: 'teammate', kind: 'planet', id: 'x', lastSeenAt: 1, pinned: false },
    ],
  };
}

async function importFile(page: Page, name: string, content: string) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
}

async function updateTitle(page: Page, title: string) {
  await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('conversation-result')).toBeVisible();
}

test('the catalog lists the ids met, grouped by kind, and exports and imports JSON', async ({ page }) => {
  await updateTitle(page, 'Catalogued conversation');
  await page.goto('./catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Id catalog' })).toBeVisible();
  const conversations = page.getByTestId('catalog-group-conversation');
  await expect(conversations.getByRole('link', { name: 'Open Catalogued conversation' })).toHaveAttribute(
    'href',
    new RegExp(`/conversations/${CONVERSATION.amberDisplay}$`),
  );
  // Agents have no page: listed without a link.
  const agents = page.getByTestId('catalog-group-agent');
  await expect(agents).toContainText('Beacon Support Assistant');
  await expect(agents.getByRole('link')).toHaveCount(0);

  // Export.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as JSON' }).click(),
  ]);
  const exported = JSON.parse(await readDownload(download)) as {
    format: string;
    entries: { kind: string; id: string }[];
  };
  expect(exported.format).toBe('knowledge-console-catalog');
  expect(exported.entries.map((e) => `${e.kind}:${e.id}`).sort()).toEqual([
    'agent:agent-support',
    `conversation:${CONVERSATION.amberDisplay}`,
  ]);

  // Import a teammate's file: entries land under our profile, a bad one is rejected.
  await importFile(page, 'teammate.json', JSON.stringify(teammateFile()));
  await expect(page.getByTestId('import-report')).toContainText('3 added, 0 updated, 1 rejected');
  await expect(page.getByTestId('catalog-group-dataset')).toContainText('Beacon product handbook');
  await expect(page.getByTestId('catalog-group-knowledge')).toContainText('Customer support FAQ 💬');

  // Importing our own export again updates what is there.
  await importFile(page, 'again.json', JSON.stringify(exported));
  await expect(page.getByTestId('import-report')).toContainText('0 added, 2 updated, 0 rejected');

  // A file that is not a catalog is refused with a reason, and nothing changes.
  await importFile(page, 'bad.json', '{"hello": 1}');
  await expect(page.getByTestId('import-report')).toContainText('not a Knowledge Console catalog');
  await expect(page.getByTestId('catalog-row')).toHaveCount(5);

  // Search, pin and forget.
  await page.getByRole('textbox', { name: 'Search' }).fill('faq');
  await expect(page.getByTestId('catalog-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Pin ${KB.faq}` }).click();
  await expect(page.getByRole('button', { name: `Unpin ${KB.faq}` })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: `Forget ${KB.faq}` }).click();
  await expect(page.getByText('No id matches the search.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('faq');
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(page.getByTestId('catalog-row')).toHaveCount(4);
});

test('Ctrl+K opens the spotlight and jumps to a known dataset; an unknown id opens as a chosen kind', async ({
  page,
}) => {
  await page.goto('./catalog');
  await importFile(page, 'teammate.json', JSON.stringify(teammateFile()));
  await expect(page.getByTestId('import-report')).toContainText('3 added');

  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: 'Search pages and known ids, or paste an id…' });
  await expect(search).toBeFocused();
  await search.fill('handbook');
  const action = page.locator(`[data-kind="dataset"][data-id="${DS.handbook}"]`);
  await expect(action).toContainText('Beacon product handbook');
  await expect(action).toContainText('Dataset');
  await action.click();
  await expect(page).toHaveURL(new RegExp(`/datasets/${DS.handbook}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Beacon product handbook' })).toBeVisible();

  // The header button opens it too; pages are listed; an unknown id is offered per kind.
  await page.getByRole('button', { name: 'Search ids (Ctrl+K)' }).click();
  await expect(search).toBeVisible();
  await search.fill('settings');
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible();
  await search.fill(DOC.installation.id);
  await page.getByRole('button', { name: /^Open as document/ }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${DOC.installation.id}$`));
});

for (const scheme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'zh-CN'] as const) {
    test(`screenshot: catalog page and spotlight, ${scheme}, ${locale}`, { tag: SCREENSHOTS_TAG }, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript((l) => localStorage.setItem('kc.locale', l), locale);
      await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
      await page.locator('input[name="title"]').fill('Catalogued conversation');
      await page.locator('button[type="submit"]').click();
      await expect(page.getByTestId('conversation-result')).toBeVisible();
      await page.goto('./catalog');
      await importFile(page, 'teammate.json', JSON.stringify(teammateFile()));
      await expect(page.getByTestId('import-report')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/catalog-${scheme}-${locale}.png`, fullPage: true });
      await page.keyboard.press('Control+K');
      await expect(page.locator('input.mantine-Spotlight-search')).toBeFocused();
      await page.keyboard.type('beacon');
      await expect(page.locator('[data-kind="dataset"]')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/spotlight-${scheme}-${locale}.png` });
      await page.keyboard.press('Control+A');
      await page.keyboard.type(UNKNOWN.document);
      await expect(page.getByText(UNKNOWN.document).first()).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/spotlight-unknown-${scheme}-${locale}.png` });
    });
  }
}

test('opening a conversation or a space remembers its id, though neither has a read operation', async ({ page }) => {
  await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`./playground/${SPACE.support}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('./catalog');
  await expect(page.getByTestId('catalog-group-conversation')).toContainText(CONVERSATION.amberDisplay);
  await expect(page.getByTestId('catalog-group-space')).toContainText(SPACE.support);
});
