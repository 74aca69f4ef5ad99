import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoViolations } from './support/axe';
import { CONVERSATION, DOC, DS, KB, SPACE } from './support/demo-ids.mjs';

const SCHEMES = ['light', 'dark'] as const;

interface PageCase {
  name: string;
  path: string;
  /** Waits until the page shows what it is for (not its loader). */
  ready: (page: Page) => Promise<void>;
  /** Instead of a plain visit: the steps that bring the page to the state checked (an answered question, calls in the log). */
  open?: (page: Page) => Promise<void>;
}

/** A success and a failed save (404), then the Activity page, so the log shows both outcomes. */
async function callsThenActivity(page: Page) {
  await page.goto(`./knowledge/${KB.handbook}`);
  await expect(page.getByTestId('knowledge-name')).toBeVisible();
  // In-app navigation from here on: the log lives in memory and a reload would empty it.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Conversations' }).click();
  await page.getByRole('textbox', { name: 'Conversation id' }).fill('does-not-exist');
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('x');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('error-state')).toBeVisible();
  await nav.getByRole('link', { name: 'Activity' }).click();
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

const PAGES: PageCase[] = [
  { name: 'home', path: './', ready: heading },
  { name: 'knowledge lookup', path: './knowledge', ready: heading },
  {
    name: 'knowledge base',
    path: `./knowledge/${KB.handbook}`,
    ready: (p) => expect(p.getByTestId('knowledge-name')).toBeVisible(),
  },
  { name: 'datasets lookup', path: './datasets', ready: heading },
  {
    name: 'dataset',
    path: `./datasets/${DS.handbook}`,
    ready: (p) => expect(p.getByText('Beacon product handbook').first()).toBeVisible(),
  },
  {
    name: 'dataset compare',
    path: `./datasets/${DS.handbook}?compare=${DS.faq}`,
    ready: (p) => expect(p.getByTestId('compare-table')).toContainText('Customer support FAQ'),
  },
  {
    name: 'document',
    path: `./documents/${DOC.battery.id}`,
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toHaveText('beacon-battery-and-power.md'),
  },
  {
    name: 'conversation',
    path: `./conversations/${CONVERSATION.amberDisplay}`,
    ready: (p) => expect(p.getByRole('button', { name: 'Save changes' })).toBeVisible(),
  },
  { name: 'playground', path: './playground', ready: heading },
  {
    name: 'playground answered',
    path: `./playground/${SPACE.support}`,
    ready: heading,
    open: async (page) => {
      await page.goto(`./playground/${SPACE.support}`);
      const box = page.getByLabel('Message', { exact: true });
      await box.fill('How long does the Beacon battery last on a full charge?');
      await box.press('Enter');
      await expect(page.getByTestId('answer').last().getByTestId('answer-text')).toContainText('about 14 days');
    },
  },
  {
    name: 'activity',
    path: './activity',
    ready: (p) => expect(p.getByText(`/v1/knowledge/${KB.handbook}`).first()).toBeVisible(),
    open: callsThenActivity,
  },
  { name: 'catalog', path: './catalog', ready: heading },
  { name: 'settings', path: './settings', ready: heading },
  { name: 'not found', path: './no-such-page', ready: heading },
];

/**
 * Light, then dark, the way a visitor's system asks for it (the console's default scheme is "auto", which follows
 * the system live): each state is reached once and checked in both, instead of being rebuilt for each scheme.
 */
async function expectNoViolationsInEachScheme(page: Page, label: string) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expectNoViolations(page, `${label} (${scheme})`);
  }
}

test.describe('axe, light and dark schemes', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
  });

  for (const c of PAGES) {
    test(`${c.name} has no WCAG 2.1 A/AA violation`, async ({ page }) => {
      if (c.open) await c.open(page);
      else await page.goto(c.path);
      await c.ready(page);
      await expectNoViolationsInEachScheme(page, c.name);
    });
  }

  test('the delete-document confirmation has no violation', async ({ page }) => {
    await page.goto(`./knowledge/${KB.handbook}`);
    await page.getByRole('combobox', { name: 'Document id' }).fill(DOC.battery.id);
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
    await expect(dialog.getByTestId('confirm-document')).toContainText('beacon-battery-and-power.md');
    await expectNoViolationsInEachScheme(page, 'delete confirmation');
  });

  test('the activity entry drawer has no violation', async ({ page }) => {
    await callsThenActivity(page);
    await page.getByRole('textbox', { name: 'Filter' }).fill('does-not-exist');
    await page.getByTestId('activity-row').first().click();
    await expect(page.getByTestId('activity-error')).toContainText('not found');
    await expectNoViolationsInEachScheme(page, 'activity drawer');
  });

  test('the spotlight has no violation', async ({ page }) => {
    await page.goto(`./knowledge/${KB.handbook}`);
    await expect(page.getByTestId('knowledge-name')).toBeVisible();
    await page.getByTestId('spotlight-button').click();
    const search = page.getByRole('textbox', { name: /search/i }).or(page.getByPlaceholder(/./).last());
    await expect(search.first()).toBeFocused();
    await page.keyboard.type('631');
    await expectNoViolationsInEachScheme(page, 'spotlight');
  });
});

test('on a phone, the overview and the opened navigation have no violation', async ({ page }) => {
  // The header hides the title and moves the profile switch into the navigation below Mantine's xs/sm breakpoints.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('./');
  await heading(page);
  await expectNoViolations(page, 'overview at 390 px');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('combobox', { name: 'Connection profile' }),
  ).toBeVisible();
  await expectNoViolations(page, 'navigation open at 390 px');
});
