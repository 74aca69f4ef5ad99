import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';

export type Scheme = 'light' | 'dark';
export type Locale = 'en' | 'zh-CN';
/** The four looks every page is seen in. */
export const LOOKS: { scheme: Scheme; locale: Locale }[] = [
  { scheme: 'light', locale: 'en' },
  { scheme: 'dark', locale: 'en' },
  { scheme: 'light', locale: 'zh-CN' },
  { scheme: 'dark', locale: 'zh-CN' },
];

/** Appearance and language for the next navigation, as a returning user would have them stored. */
export async function lookPreferences(
  page: Page,
  { scheme, locale }: { scheme: 'light' | 'dark'; locale: 'en' | 'zh-CN' },
) {
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
