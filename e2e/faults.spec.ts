import type { Page, Route } from '@playwright/test';
import { test, expect } from './fixtures';
import { settle } from './support/settle';
import { BASE_PATH_TAG } from './support/target';
import { ask, setStream, streamOn } from './support/playground';
import { CONVERSATION, DS, KB, SPACE } from './support/demo-ids.mjs';

/** Demo ids (src/server/fixtures/DEMO.md). */
const DATASET_NAME = 'Beacon product handbook';

const DATASET_URL = `**/v1/datasets/${DS.handbook}`;
// The knowledge read, with or without its query string.
const KNOWLEDGE_URL = new RegExp(`/v1/knowledge/${KB.handbook}(\\?.*)?$`);

// A fulfilled answer comes from another origin than the console: without this the browser withholds it (CORS).
const CORS = { 'access-control-allow-origin': '*' };

/**
 * Answers every GET on `url` with `answer`; other methods (a CORS preflight) go on to the sandbox. Counts
 * the API calls, which carry the bearer token; the client's no-cors reachability probe after a failed
 * fetch carries none and is not a retry.
 */
async function failReads(
  page: Page,
  url: string | RegExp,
  answer: (route: Route) => Promise<void>,
): Promise<{ count: number }> {
  const seen = { count: 0 };
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    if (route.request().headers()['authorization']) seen.count += 1;
    await answer(route);
  });
  return seen;
}

/**
 * Lets a read's retries happen without waiting out their back-off (1 s, 2 s, 4 s: CALL_BOUNDS): moves the page's
 * clock (page.clock.install() before the page loaded) on a second at a time until `calls` has reached `count`.
 */
async function retriesPass(page: Page, calls: { count: number }, count: number) {
  await expect
    .poll(
      async () => {
        if (calls.count < count) await page.clock.fastForward(1000);
        return calls.count;
      },
      { intervals: [50], timeout: 20_000 },
    )
    .toBe(count);
}

const serverError = (route: Route) =>
  route.fulfill({ status: 500, headers: CORS, json: { code: 500, message: 'index shard unavailable' } });

test.describe('a failed read', () => {
  // Three retries wait 1 s, 2 s and 4 s (CALL_BOUNDS), so a 5xx takes about 7 s to surface: the page's clock is
  // moved on instead of waiting (retriesPass).
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('a 500 on a dataset is retried 3 times, then shows the error with Retry; Retry after recovery shows it', async ({
    page,
  }) => {
    const calls = await failReads(page, DATASET_URL, serverError);
    await page.goto(`./datasets/${DS.handbook}`);
    await retriesPass(page, calls, 4);
    const error = page.getByTestId('error-state');
    await expect(error).toBeVisible();
    await expect(error).toContainText('The dataset could not be loaded');
    await expect(error).toContainText('The service answered with an error.');
    await expect(error).toContainText('500');
    await expect(error).toContainText('index shard unavailable');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(calls.count).toBe(4);
    // No fifth call follows on its own once the error shows.
    await settle(page);
    expect(calls.count).toBe(4);

    await page.unroute(DATASET_URL);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DATASET_NAME);
    await expect(page.getByTestId('error-state')).toHaveCount(0);
  });

  test('a 500 on a knowledge base shows the error with Retry; Retry after recovery shows it', async ({ page }) => {
    const calls = await failReads(page, KNOWLEDGE_URL, serverError);
    await page.goto(`./knowledge/${KB.handbook}`);
    await retriesPass(page, calls, 4);
    const error = page.getByTestId('error-state');
    await expect(error).toBeVisible();
    await expect(error).toContainText(KB.handbook);
    await expect(error).toContainText('index shard unavailable');
    expect(calls.count).toBe(4);

    await page.unroute(KNOWLEDGE_URL);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('knowledge-name')).toContainText('Beacon product handbook');
  });

  test('a 404 is not retried: one call, and the service’s message', async ({ page }) => {
    const calls = await failReads(page, DATASET_URL, (route) =>
      route.fulfill({ status: 404, headers: CORS, json: { code: 404, message: `dataset ${DS.handbook} not found` } }),
    );
    await page.goto(`./datasets/${DS.handbook}`);
    const error = page.getByTestId('error-state');
    await expect(error).toContainText(`dataset ${DS.handbook} not found`);
    await expect(error).toContainText('404');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The error shows only once the query has given up: one call, none after.
    await settle(page);
    expect(calls.count).toBe(1);
  });

  test('a timeout shows the error state with Retry, and Retry recovers', async ({ page }) => {
    const calls = await failReads(page, DATASET_URL, (route) => route.abort('timedout'));
    await page.goto(`./datasets/${DS.handbook}`);
    await retriesPass(page, calls, 4);
    const error = page.getByTestId('error-state');
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute('data-kind', /^(timeout|network)$/);
    await expect(error).toContainText(/did not answer in time|could not be reached/);
    // No answer is worth another try, like a 5xx.
    expect(calls.count).toBe(4);

    await page.unroute(DATASET_URL);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DATASET_NAME);
  });

  test('malformed JSON shows the raw body', async ({ page }) => {
    const broken = '{"name": "x",';
    const calls = await failReads(page, DATASET_URL, (route) =>
      route.fulfill({ status: 200, headers: { ...CORS, 'content-type': 'application/json' }, body: broken }),
    );
    await page.goto(`./datasets/${DS.handbook}`);
    const error = page.getByTestId('error-state');
    await expect(error).toHaveAttribute('data-kind', 'invalid_json');
    await expect(error).toContainText('The answer could not be used');
    await error.getByRole('button', { name: /Raw response body/ }).click();
    await expect(error.locator('pre, code').filter({ hasText: broken })).toBeVisible();
    // The same bytes would come back: not retried.
    expect(calls.count).toBe(1);
  });
});

/** The sandbox's real answer to GETs of `url`, with `patch` laid over its fields. */
async function patchAnswer(page: Page, url: string | RegExp, patch: Record<string, unknown>) {
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, ...patch } });
  });
}

test.describe('drifted answers', () => {
  test('a dataset with mistyped and out-of-range fields renders with warnings', async ({ page }) => {
    await patchAnswer(page, DATASET_URL, {
      top_k: '5',
      generate_metadata_enabled: 0,
      smart_indexing_enabled: 1,
      chunk_size: 4096,
      beta_reranker: { model: 'rerank-v2' },
    });
    await page.goto(`./datasets/${DS.handbook}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DATASET_NAME);
    const drift = page.getByTestId('drift-warnings');
    await expect(drift).toBeVisible();
    await expect(drift).toContainText('$.top_k');
    await expect(drift).toContainText('$.chunk_size');
    await expect(drift).toContainText('$.beta_reranker');
    // 0/1 flags are documented: read as off/on, not flagged.
    await expect(drift).not.toContainText('generate_metadata_enabled');
    await expect(page.locator('[data-field="generate_metadata_enabled"]')).toContainText('Off');
    await expect(page.locator('[data-field="smart_indexing_enabled"]')).toContainText('On');
    await expect(page.locator('[data-field="chunk_size"]')).toContainText('4,096');
    await expect(page.getByTestId('route-error')).toHaveCount(0);
  });

  test('hostile values that crash naive code (far-future timestamps, wrong shapes) still render the page', async ({
    page,
  }) => {
    await patchAnswer(page, DATASET_URL, {
      // As milliseconds this is past the last date JavaScript can represent: Intl throws on it.
      created_at: 1e20,
      updated_at: -1e19,
      name: { en: 'not a string' },
      retrieval_recall_strategy_ids: 'all',
      retrieval_segment_expansion: null,
      filter_attributes: { nested: [null] },
    });
    await patchAnswer(page, KNOWLEDGE_URL, {
      created_at: 1e20,
      total_files: 'six',
      personal: 'yes',
      owned_delete_permission: null,
    });

    await page.goto(`./datasets/${DS.handbook}`);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DS.handbook);
    await expect(page.getByTestId('drift-warnings').first()).toContainText('$.created_at');
    await expect(page.locator('[data-field="created_at"]')).toContainText('100000000000000000000');

    await page.goto(`./knowledge/${KB.handbook}`);
    await expect(page.getByTestId('knowledge-name')).toContainText('Beacon product handbook');
    const drift = page.getByTestId('drift-warnings').first();
    await drift.getByRole('button', { name: 'Show details' }).click();
    await expect(drift).toContainText('$.total_files');
    await expect(drift).toContainText('$.created_at');
    await expect(page.getByTestId('route-error')).toHaveCount(0);
  });

  test(
    'a page whose code fails to load shows the route error, and the rest of the console still works',
    { tag: BASE_PATH_TAG },
    async ({ page }) => {
      // A deploy replaced the chunk under an open tab: the page cannot load, the shell can.
      await page.route('**/assets/datasets-*.js', (route) => route.abort('failed'));
      await page.goto(`./datasets/${DS.handbook}`);
      const routeError = page.getByTestId('route-error');
      await expect(routeError).toContainText('This page could not be shown');
      await expect(routeError.getByRole('button', { name: 'Retry' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    },
  );
});

test.describe('offline', () => {
  test('a banner shows while offline, typed text is kept, a save fails clearly, and everything resumes online', async ({
    page,
    context,
  }) => {
    await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toBeVisible();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toHaveCount(0);

    await context.setOffline(true);
    await expect(banner).toHaveText('You are offline — changes are kept; reads resume when you are back.');
    await title.fill('Written on the train');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const failed = page.getByTestId('error-state');
    await expect(failed).toContainText('You are offline, so nothing was sent.');
    await expect(title).toHaveValue('Written on the train');

    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    await expect(title).toHaveValue('Written on the train');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('conversation-result')).toContainText('Written on the train');
  });

  test('a read opened while offline waits, and loads by itself when back online', async ({ page, context }) => {
    await page.goto('./datasets');
    // The page's code must be in before the network goes: only its data is meant to wait.
    const idInput = page.getByRole('textbox', { name: 'Dataset id' });
    await expect(idInput).toBeVisible();
    await context.setOffline(true);
    const tried: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/v1/datasets/${DS.faq}`)) tried.push(r.url());
    });
    await idInput.fill(DS.faq);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    // Paused, not failed: the read was not even tried (a failed try would have shown as an error by now).
    await settle(page);
    expect(tried).toEqual([]);
    await expect(page.getByTestId('error-state')).toHaveCount(0);
    await expect(page.getByText('Loading dataset')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer support FAQ');
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });
});

test.describe('a refused token', () => {
  test('a 401 on opening a page leads to Settings with the profile highlighted and its token kept', async ({
    page,
  }) => {
    const calls = await failReads(page, DATASET_URL, (route) =>
      route.fulfill({ status: 401, headers: CORS, json: { code: 401, message: 'invalid token' } }),
    );
    await page.goto(`./datasets/${DS.handbook}`);
    await expect(page).toHaveURL(/\/settings\?profile=sandbox&reason=token$/);
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'The service rejected the token for profile Local sandbox' });
    await expect(notice.first()).toBeVisible();
    const card = page.locator('[data-testid="profile-card"][data-profile-id="sandbox"]');
    await expect(card).toHaveAttribute('data-highlighted', 'true');
    await expect(card).toContainText(/token set/i);
    await expect(page.getByTestId('auth-rejected-notification')).toContainText('HTTP 401');
    expect(calls.count).toBe(1);

    // Back returns to the page (once sent, not sent again), which says what happened; the token still works.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/datasets/${DS.handbook}$`));
    await expect(page.getByTestId('error-state')).toContainText('The service rejected the token');
    await page.unroute(DATASET_URL);
    await page.getByTestId('error-state').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DATASET_NAME);
  });

  test('a 403 on a save only notifies: the form keeps its input; Open Settings goes there', async ({ page }) => {
    await page.route(`**/v1/conversations/${CONVERSATION.amberDisplay}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      await route.fulfill({ status: 403, headers: CORS, json: { code: 403, message: 'token lacks write scope' } });
    });
    await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Not lost');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const notification = page.getByTestId('auth-rejected-notification');
    await expect(notification).toContainText('HTTP 403');
    await expect(page.getByText('The service rejected the token for profile Local sandbox')).toBeVisible();
    await expect(page.getByTestId('error-state')).toContainText('token lacks write scope');
    // No automatic navigation: the admin's text is still here.
    await settle(page);
    await expect(page).toHaveURL(new RegExp(`/conversations/${CONVERSATION.amberDisplay}$`));
    await expect(title).toHaveValue('Not lost');

    await notification.getByRole('button', { name: 'Open Settings' }).click();
    await expect(page).toHaveURL(/\/settings\?profile=sandbox&reason=token$/);
    await expect(page.locator('[data-testid="profile-card"][data-profile-id="sandbox"]')).toContainText(/token set/i);
    await expect(page.getByTestId('token-rejected-notice')).toBeVisible();
  });
});

test.describe('a refused token on a playground completion', () => {
  const COMPLETIONS = /\/v1\/spaces\/completions\//;
  const FIRST_Q = 'How long does the Beacon battery last on a full charge?';

  /** Answers every completion POST with `status` once `gate` opens; the CORS preflight goes on to the sandbox. Counts the POSTs. */
  async function refuseCompletions(
    page: Page,
    status: 401 | 403,
    gate: Promise<void> = Promise.resolve(),
  ): Promise<{ count: number }> {
    const seen = { count: 0 };
    await page.route(COMPLETIONS, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      seen.count += 1;
      await gate;
      await route.fulfill({ status, headers: CORS, json: { code: status, message: 'invalid token' } });
    });
    return seen;
  }

  for (const stream of [true, false]) {
    test(`a 401 on a ${stream ? 'streamed' : 'non-streamed'} completion shows in the answer and notifies once; the page, transcript and draft stay`, async ({
      page,
    }) => {
      await page.goto(`./playground/${SPACE.support}`);
      // A first answer, so there is a transcript to lose.
      await ask(page, FIRST_Q);
      await expect(page.getByTestId('answer').first().getByTestId('answer-text')).toContainText('about 14 days');
      await setStream(page, stream);

      let open = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      const posts = await refuseCompletions(page, 401, gate);
      await ask(page, 'And how long does it take to charge?');
      // The admin is typing the next message when the refusal arrives.
      const box = page.getByLabel('Message', { exact: true });
      await box.fill('A draft I am still writing');
      await expect.poll(() => posts.count).toBe(1);
      open();

      const refused = page.getByTestId('answer').last();
      await expect(refused).toHaveAttribute('data-status', 'error');
      await expect(refused.getByTestId('error-state')).toContainText('invalid token');
      const notification = page.getByTestId('auth-rejected-notification');
      await expect(notification).toContainText('HTTP 401');
      await expect(page.getByText('The service rejected the token for profile Local sandbox')).toBeVisible();

      // A write: no automatic navigation, so nothing typed or shown is lost.
      await settle(page);
      await expect(page).toHaveURL(new RegExp(`/playground/${SPACE.support}$`));
      await expect(box).toHaveValue('A draft I am still writing');
      await expect(page.getByTestId('exchange')).toHaveCount(2);
      await expect(page.getByTestId('answer').first().getByTestId('answer-text')).toContainText('about 14 days');

      // Refused again (Retry): still one notification, and still no navigation.
      await refused.getByTestId('error-state').getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => posts.count).toBe(2);
      await expect(refused).toHaveAttribute('data-status', 'error');
      await settle(page);
      await expect(notification).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`/playground/${SPACE.support}$`));
      expect(posts.count).toBe(2);

      await notification.getByRole('button', { name: 'Open Settings' }).click();
      await expect(page).toHaveURL(/\/settings\?profile=sandbox&reason=token$/);
      await expect(page.getByTestId('token-rejected-notice')).toBeVisible();
    });
  }

  test('two streamed answers refused at once (compare) make one notification', async ({ page }) => {
    await page.goto(`./playground/${SPACE.support}`);
    await streamOn(page);
    await page.getByRole('tab', { name: 'Compare' }).click();
    await page.getByTestId('compare-side-1').getByRole('textbox', { name: 'space_id' }).fill(SPACE.engineering);
    const posts = await refuseCompletions(page, 403);
    await ask(page, FIRST_Q, 'Message for both sides');
    for (const side of [0, 1]) {
      await expect(page.getByTestId(`compare-side-${side}`).getByTestId('answer')).toHaveAttribute(
        'data-status',
        'error',
      );
    }
    expect(posts.count).toBe(2);
    await expect(page.getByTestId('auth-rejected-notification')).toContainText('HTTP 403');
    await settle(page);
    await expect(page.getByTestId('auth-rejected-notification')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`/playground/${SPACE.support}$`));
  });
});
