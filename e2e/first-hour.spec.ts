import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { configFor, serveConfig, test, expect } from './fixtures';
import { CONVERSATION, DOC, DS, KB, SPACE } from './support/demo-ids.mjs';

/** What a new admin meets first: the skip link, starter ids and sample questions, and a quiet browser console. */

const BATTERY_Q = 'How long does the Beacon battery last on a full charge?';

/** Every console error, failed request and error answer the page meets. */
function watchNoise(page: Page) {
  const noise: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') noise.push(`console.error: ${m.text()}`);
  });
  page.on('requestfailed', (r) => noise.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) noise.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return noise;
}

/** The service calls the page made, per host, as "GET /v1/…" (preflights aside). */
function watchServiceCalls(page: Page, hosts: { base: string; secondary: string }) {
  const calls: { base: string[]; secondary: string[] } = { base: [], secondary: [] };
  page.on('request', (r) => {
    if (r.method() === 'OPTIONS') return;
    const url = new URL(r.url());
    const line = `${r.method()} ${url.pathname}`;
    if (url.origin === new URL(hosts.base).origin) calls.base.push(line);
    if (url.origin === new URL(hosts.secondary).origin) calls.secondary.push(line);
  });
  return calls;
}

/** The header's connection check has its verdict: both hosts accepted the token. */
const checked = (page: Page) => expect(page.getByTestId('profile-status')).toHaveAttribute('data-tone', 'ok');

test('the skip link is the first Tab stop and moves focus to the page’s heading, past header and navigation', async ({
  page,
}) => {
  await page.goto(`./knowledge/${KB.handbook}`);
  await expect(page.getByTestId('knowledge-name')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  // The next Tab goes on inside the page, not back to the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

const RECORD_PAGES = [
  { path: `knowledge/${KB.handbook}`, shows: (p: Page) => expect(p.getByTestId('knowledge-name')).toBeVisible() },
  {
    path: `datasets/${DS.handbook}`,
    shows: (p: Page) => expect(p.getByRole('heading', { level: 1 })).toHaveText('Beacon product handbook'),
  },
  {
    path: `documents/${DOC.battery.id}`,
    shows: (p: Page) => expect(p.getByRole('heading', { level: 1 })).toHaveText(DOC.battery.name),
  },
  {
    path: `conversations/${CONVERSATION.amberDisplay}`,
    shows: (p: Page) => expect(p.getByRole('textbox', { name: 'Title' })).toBeVisible(),
  },
];

for (const record of RECORD_PAGES) {
  test(`a cold load of /${record.path.split('/')[0]}/{id} logs no console error and no failed request`, async ({
    page,
    sandbox,
  }) => {
    const noise = watchNoise(page);
    const calls = watchServiceCalls(page, { base: sandbox.baseUrl, secondary: sandbox.secondaryUrl });
    await page.goto(`./${record.path}`);
    await record.shows(page);
    await checked(page);
    expect(noise).toEqual([]);
    // Each host is asked once at most by the check, and not at all when the page's read already answered.
    expect(calls.base.filter((c) => c.startsWith('GET /v1/datasets/')).length).toBeLessThanOrEqual(1);
    expect(calls.secondary.filter((c) => c.startsWith('GET /v1/knowledge/')).length).toBeLessThanOrEqual(1);
  });
}

for (const path of ['', 'knowledge', 'catalog', `playground/${SPACE.support}`, 'activity']) {
  test(`a cold load of /${path} checks each host with one harmless read at most`, async ({ page, sandbox }) => {
    const noise = watchNoise(page);
    const calls = watchServiceCalls(page, { base: sandbox.baseUrl, secondary: sandbox.secondaryUrl });
    await page.goto(`./${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checked(page);
    expect(calls.base.filter((c) => c.startsWith('GET /v1/'))).toHaveLength(1);
    expect(calls.secondary.filter((c) => c.startsWith('GET /v1/'))).toHaveLength(1);
    expect(noise).toEqual([]);
  });
}

test('with the sandbox profile, the id lookups and the catalog offer the demo records: one click opens one', async ({
  page,
}) => {
  await page.goto('./knowledge');
  await expect(page.getByText('No ids seen yet for this profile.')).toBeVisible();
  const starters = page.getByTestId('demo-starters');
  await expect(starters).toBeVisible();
  await starters.getByRole('button', { name: 'Beacon product handbook', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/knowledge/${KB.handbook}$`));
  await expect(page.getByTestId('knowledge-name')).toHaveText('Beacon product handbook');

  // A fresh browser's catalog is empty: it offers every kind. The ids just met are written to localStorage once a
  // second at most (src/lib/catalog/store.ts): cleared before that, the write still to come would bring them back.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kc.catalog.v1') ?? '')).toContain(KB.handbook);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('./catalog');
  await page
    .getByTestId('demo-starters')
    .getByRole('button', { name: `Document: ${DOC.installation.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/documents/${DOC.installation.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DOC.installation.name);
});

/** A service that is not the sandbox: every path 404 (CORS allowed), as a real service answers an unknown id. */
async function startPlainService(): Promise<{ url: string; server: Server; demoAsked: () => number }> {
  let demo = 0;
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, accept');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.url?.startsWith('/__sandbox/')) demo += 1;
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 404, message: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, demoAsked: () => demo };
}

test('for a service that is not the sandbox, no demo record and no sample question is offered', async ({
  page,
  sandbox,
}) => {
  const plain = await startPlainService();
  try {
    const config = configFor(sandbox);
    await serveConfig(page, {
      ...config,
      profiles: config.profiles.map((p) => ({ ...p, base_url: plain.url, secondary_url: plain.url })),
    });
    const detected = page.waitForResponse((r) => r.url().endsWith('/__sandbox/demo-suite'));
    await page.goto('./knowledge');
    await expect(page.getByText('No ids seen yet for this profile.')).toBeVisible();
    expect((await detected).status()).toBe(404);
    await expect(page.getByTestId('demo-starters')).toHaveCount(0);
    await page.goto(`./playground/${SPACE.support}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('No messages yet')).toBeVisible();
    await expect(page.getByTestId('sample-question')).toHaveCount(0);
    // Its "no" is remembered for the tab: the second page load did not ask again.
    expect(plain.demoAsked()).toBe(1);
  } finally {
    plain.server.close();
  }
});

test('the playground offers sample questions for a demo space; one click sends it, streamed, usage above the sources', async ({
  page,
}) => {
  await page.goto(`./playground/${SPACE.support}`);
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/v1/spaces/completions/')) bodies.push(r.postDataJSON());
  });
  await page.getByTestId('sample-question').filter({ hasText: BATTERY_Q }).click();
  const answer = page.getByTestId('answer').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(answer.getByTestId('answer-text')).toContainText('14 days');
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ message: BATTERY_Q, stream: true });
  // Token usage sits under the answer, above its sources.
  const usage = await answer.getByTestId('answer-meta').boundingBox();
  const sources = await answer.getByText(/^Sources \(\d+\)$/).boundingBox();
  expect(usage!.y).toBeLessThan(sources!.y);
});

test('page titles are in the strongest text colour, not grey: black in light mode, white in dark', async ({ page }) => {
  for (const [scheme, colour] of [
    ['light', 'rgb(0, 0, 0)'],
    ['dark', 'rgb(255, 255, 255)'],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('./');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', colour);
  }
});
