import { expect, type Page } from '@playwright/test';

/** Types a message in the playground's composer (or a compare column's, by its label) and sends it with Enter. */
export async function ask(page: Page, message: string, label = 'Message') {
  const box = page.getByLabel(label, { exact: true });
  await box.fill(message);
  await box.press('Enter');
}

/** Turns the request's `stream` option on (the playground's default). */
export async function streamOn(page: Page) {
  const toggle = page.getByRole('switch', { name: /^stream\b/ });
  await toggle.check({ force: true });
  await expect(toggle).toBeChecked();
}

/** Turns the request's `stream` option off. */
export async function streamOff(page: Page) {
  const toggle = page.getByRole('switch', { name: /^stream\b/ });
  await toggle.uncheck({ force: true });
  await expect(toggle).not.toBeChecked();
}

/** Sets the request's `stream` option. */
export const setStream = (page: Page, on: boolean) => (on ? streamOn(page) : streamOff(page));
