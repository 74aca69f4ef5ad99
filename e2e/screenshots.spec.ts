import { test, expect } from './fixtures';
import { LOOKS, lookPreferences, shoot } from './support/looks';
import { SCREENSHOTS_TAG } from './support/target';
import { CONVERSATION, DOC, DS, KB, SPACE } from './support/demo-ids.mjs';

/**
 * Every page in light and dark, English and Chinese, written to test-results/screenshots/ for a person
 * to look at. Each shot waits for the page's real content, so a page that fails to render fails here too.
 */
const PAGES: { name: string; path: string; ready: (page: import('@playwright/test').Page) => Promise<void> }[] = [
  { name: 'home', path: './', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  {
    name: 'knowledge',
    path: `./knowledge/${KB.handbook}`,
    ready: (p) => expect(p.getByText('Beacon product handbook').first()).toBeVisible(),
  },
  {
    name: 'dataset',
    path: `./datasets/${DS.handbook}`,
    ready: (p) => expect(p.getByText('Beacon product handbook').first()).toBeVisible(),
  },
  {
    name: 'dataset-compare',
    path: `./datasets/${DS.handbook}?compare=${DS.faq}`,
    ready: (p) => expect(p.getByTestId('compare-view')).toContainText('Customer support FAQ'),
  },
  {
    name: 'document',
    path: `./documents/${DOC.battery.id}`,
    ready: (p) => expect(p.getByText('beacon-battery-and-power.md').first()).toBeVisible(),
  },
  {
    name: 'conversation',
    path: `./conversations/${CONVERSATION.amberDisplay}`,
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'playground',
    path: `./playground/${SPACE.support}`,
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  { name: 'catalog', path: './catalog', ready: (p) => expect(p.getByText(KB.handbook).first()).toBeVisible() },
  { name: 'settings', path: './settings', ready: (p) => expect(p.getByText('Local sandbox').first()).toBeVisible() },
  {
    name: 'not-found',
    path: './no-such-page',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
];

for (const look of LOOKS) {
  test(`screenshots of every page: ${look.scheme}, ${look.locale}`, { tag: SCREENSHOTS_TAG }, async ({ page }) => {
    test.setTimeout(120_000);
    await lookPreferences(page, look);
    for (const { name, path, ready } of PAGES) {
      await page.goto(path);
      await ready(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', look.scheme);
      await shoot(page, `${name}-${look.scheme}-${look.locale}`);
    }
    // The request log lives in memory: load a page that calls the service, then reach Activity in-app.
    await page.goto(`./knowledge/${KB.handbook}`);
    await expect(page.getByText('Beacon product handbook').first()).toBeVisible();
    await page.locator('nav a[href$="/activity"]').first().click();
    await expect(page.getByRole('table').first()).toBeVisible();
    await shoot(page, `activity-${look.scheme}-${look.locale}`);
  });
}
