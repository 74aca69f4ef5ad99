import { expect, type Page } from '@playwright/test';

/** The service calls a page sends from now on (preflights and the console's own files aside), as "GET /v1/…". */
export function watchCalls(page: Page, siteOrigin: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === siteOrigin || request.method() === 'OPTIONS') return;
    calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/**
 * Once the header's connection check has answered: it reads a record the catalog holds (its probe), which a test
 * counting one page's reads must not count.
 */
export async function afterConnectionCheck(page: Page): Promise<void> {
  await expect(page.getByTestId('profile-status')).toHaveAttribute('data-tone', 'ok');
}
