import type { Page } from '@playwright/test';

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
