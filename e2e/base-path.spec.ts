import { BASE_PATH_TAG, basePath } from './support/target';
import { expect, test } from './fixtures';
import { DS, KB } from './support/demo-ids.mjs';

/**
 * What depends on the base path the console is built under (BASE_PATH): `npm test` runs these at the root and
 * again under /kc/, with the other tests tagged @base-path; everything else runs once.
 */
test.describe('the base path', { tag: BASE_PATH_TAG }, () => {
  test('config.json is read from beside index.html, under the base path', async ({ page, baseURL }) => {
    // The worker's server answers config.json only beside index.html (e2e/support/site.ts); it points at the sandbox.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('config.json')) asked.push(r.url());
    });
    await page.goto(`./knowledge/${KB.handbook}`);
    await expect(page.getByRole('heading', { name: 'Beacon product handbook' }).first()).toBeVisible();
    expect(asked).toEqual([`${baseURL}config.json`]);
    await expect(page.getByTestId('config-warning')).toHaveCount(0);
  });

  test('a deep link is answered with index.html, its assets load from under the base path, and a reload stays', async ({
    page,
    request,
    baseURL,
  }) => {
    const html = await request.get(`./datasets/${DS.handbook}`);
    expect(html.status()).toBe(200);
    expect(html.headers()['content-type']).toContain('text/html');
    expect(await html.text()).toContain(`src="${basePath}assets/`);

    // Everything the console's own server answered (the service's hosts are on other ports).
    const failed: string[] = [];
    const assets: string[] = [];
    const origin = new URL(baseURL!).origin;
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin !== origin) return;
      if (/\.(js|css)$/.test(url.pathname)) assets.push(r.url());
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`./datasets/${DS.handbook}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Beacon product handbook');
    await page.reload();
    await expect(page).toHaveURL(`${baseURL}datasets/${DS.handbook}`);
    await expect(heading).toHaveText('Beacon product handbook');
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((u) => !u.startsWith(`${baseURL}assets/`))).toEqual([]);
    expect(failed).toEqual([]);
  });

  test('an unknown path shows the console’s own 404 page; a missing asset is a real 404', async ({ page, request }) => {
    await page.goto('./no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByText('There is no page at /no/such/page.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the overview' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    expect((await request.get('./assets/missing-chunk.js')).status()).toBe(404);
  });

  test('links and navigations stay under the base path, and Back returns', async ({ page, baseURL }) => {
    await page.goto('./');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // evaluateAll does not wait: read the links once the shell has drawn them (after config.json).
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(5);
    // The overview's link is the base itself, without its trailing slash (/kc); the others are under it.
    for (const href of hrefs) expect(`${href}/`.startsWith(basePath), `${href} is under ${basePath}`).toBe(true);

    await nav.getByRole('link', { name: 'Datasets' }).click();
    await expect(page).toHaveURL(`${baseURL}datasets`);
    // An id typed in the lookup is opened with navigate(), which must keep the base path too.
    await page.getByLabel('Dataset id').fill(DS.faq);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(`${baseURL}datasets/${DS.faq}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer support FAQ');
    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}datasets`);
  });
});
