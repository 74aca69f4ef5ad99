import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Demo datasets (src/server/fixtures/DEMO.md). */
export const DS = {
  handbook: '731506272047301',
  faq: '731506272047302',
  unknown: '731506272040000',
} as const;

/** One field's row on the dataset page or in the comparison table. */
export const field = (scope: Page | Locator, path: string) => scope.locator(`[data-field="${path}"]`);

/** Appearance and language for the next navigation, as a returning user would have them stored. */
export async function lookPreferences(page: Page, { scheme, locale }: { scheme: 'light' | 'dark'; locale: 'en' | 'zh-CN' }) {
  await page.addInitScript(
    ([s, l]) => {
      window.localStorage.setItem('kc.color-scheme', s);
      window.localStorage.setItem('kc.locale', l);
    },
    [scheme, locale] as const,
  );
}

/** Full-page screenshots go to SHOTS_DIR (default test-results/screenshots) for a person to look at. */
export async function shoot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  const dir = resolve(process.env.SHOTS_DIR ?? 'test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: resolve(dir, `${name}.png`), fullPage });
}
