import type { Request } from '@playwright/test';
import { configFor, serveConfig, test, expect } from './fixtures';
import { settle } from './support/settle';
import { BASE_PATH_TAG } from './support/target';
import { ask, setStream, streamOff, streamOn } from './support/playground';
import { startSandbox } from './support/sandbox';
import { DOC, SPACE } from './support/demo-ids.mjs';

const BATTERY_Q = 'How long does the Beacon battery last on a full charge?';
const COMPLETIONS = /\/v1\/spaces\/completions\//;

const isCompletion = (r: Request) => r.method() === 'POST' && COMPLETIONS.test(r.url());

test(
  'an answer from a demo document shows the document among its sources, and the source opens the document page',
  { tag: BASE_PATH_TAG },
  async ({ page }) => {
    await page.goto(`./playground/${SPACE.support}`);
    await ask(page, BATTERY_Q);
    const answer = page.getByTestId('answer').last();
    await expect(answer.getByTestId('answer-text')).toContainText('about 14 days');
    const source = answer.getByTestId('source').filter({ hasText: DOC.battery.id }).first();
    await expect(source).toContainText('beacon-battery-and-power.md');
    await expect(answer.getByTestId('usage-total')).not.toHaveText('0');
    await expect(answer.getByTestId('answer-meta')).toContainText('sandbox-extractive');
    await source.getByRole('link', { name: 'beacon-battery-and-power.md' }).click();
    await expect(page).toHaveURL(new RegExp(`/documents/${DOC.battery.id}$`));
  },
);

test('a streamed answer is visible before its final event', async ({ page }) => {
  await page.goto(`./playground/${SPACE.support}`);
  await streamOn(page);
  // Record what the streaming message shows on every DOM change, until the final message replaces it.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { kcStreamSeen: number[] }).kcStreamSeen = seen;
    new MutationObserver(() => {
      const live = document.querySelector('[data-testid="streaming-answer"]');
      if (live?.textContent?.trim()) seen.push(live.textContent.length);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await ask(page, BATTERY_Q);
  await expect(page.getByTestId('answer').last()).toHaveAttribute('data-status', 'done');
  const seen = await page.evaluate(() => (window as unknown as { kcStreamSeen: number[] }).kcStreamSeen);
  // Several growing partial texts were on screen before the final event arrived.
  expect(new Set(seen).size).toBeGreaterThan(2);
  expect(seen.at(-1)!).toBeGreaterThan(seen[0]!);
  await expect(page.getByTestId('answer').last().getByTestId('source').first()).toBeVisible();
});

test('Stop mid-stream keeps the partial text', async ({ page }) => {
  // Its own sandbox with 400 ms between deltas: Stop lands mid-stream however loaded the machine is.
  const slow = await startSandbox(['--stream-delay-ms', '400']);
  try {
    await serveConfig(page, configFor(slow));
    await page.goto(`./playground/${SPACE.support}`);
    await streamOn(page);
    await ask(page, 'How many days do I have to return a Beacon kit for a full refund?');
    const live = page.getByTestId('streaming-answer');
    // Words of the answer, not the note shown until the first of them arrives.
    await expect(live.locator('.kc-caret')).toBeAttached();
    await expect(live).toContainText(/\w+ \w+/);
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await page.getByRole('button', { name: 'Stop' }).click();
    const stopped = page.getByTestId('answer').last();
    await expect(stopped).toHaveAttribute('data-status', 'stopped');
    await expect(stopped.getByTestId('answer-status')).toHaveText('Stopped');
    await expect(stopped.getByTestId('answer-text')).not.toBeEmpty();
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  } finally {
    await slow.stop();
  }
});

test('a stream that stalls ends as an error naming the idle limit, keeping the words received', async ({ page }) => {
  // Its own sandbox: a streamed answer's first words, then 60 s of silence. The profile's idle limit (config.json's
  // stream_idle_timeout_ms) is 1.5 s, so the stall is seen in seconds rather than the default minute.
  const stalling = await startSandbox(['--stream-delay-ms', '60000']);
  try {
    const config = configFor(stalling);
    await serveConfig(page, {
      ...config,
      profiles: config.profiles.map((p) => ({ ...p, stream_idle_timeout_ms: 1500 })),
    });
    await page.goto(`./playground/${SPACE.support}`);
    await streamOn(page);
    await ask(page, 'How many days do I have to return a Beacon kit for a full refund?');
    await expect(page.getByTestId('streaming-answer')).toContainText(/\w+/);
    const answer = page.getByTestId('answer').last();
    await expect(answer).toHaveAttribute('data-status', 'error', { timeout: 10_000 });
    await expect(answer.getByTestId('answer-status')).toHaveText('Failed');
    await expect(answer.getByTestId('error-state')).toContainText('No data for 1.5 s: the stream stalled.');
    await expect(answer.getByTestId('answer-text')).toContainText(/\w+/);
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  } finally {
    await stalling.stop();
  }
});

for (const stream of [true, false]) {
  test(`a follow-up keeps the conversation of the first answer (${stream ? 'streamed' : 'not streamed'})`, async ({
    page,
  }) => {
    await page.goto(`./playground/${SPACE.support}`);
    await setStream(page, stream);
    const bodies: Record<string, unknown>[] = [];
    const conversations: string[] = [];
    page.on('request', (r) => {
      if (isCompletion(r)) bodies.push(r.postDataJSON() as Record<string, unknown>);
    });
    page.on('response', async (r) => {
      if (isCompletion(r.request())) conversations.push((await r.headerValue('x-conversation-id')) ?? '');
    });
    await ask(page, BATTERY_Q);
    await expect(page.getByTestId('answer').last()).toHaveAttribute('data-status', 'done');
    await expect.poll(() => conversations.length).toBe(1);
    const first = conversations[0]!;
    expect(first).toMatch(/^\d+$/);
    expect(bodies[0]).not.toHaveProperty('conversation_id');
    await expect(page.getByRole('combobox', { name: 'conversation_id' })).toHaveValue(first);

    await ask(page, 'And how long does it take to charge?');
    await expect(page.getByTestId('answer')).toHaveCount(2);
    await expect(page.getByTestId('answer').last()).toHaveAttribute('data-status', 'done');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ conversation_id: first, session_id: bodies[0]!.session_id, stream });
  });
}

test('the transcript survives a reload, and no token is stored', async ({ page, sandbox }) => {
  await page.goto(`./playground/${SPACE.support}`);
  await ask(page, BATTERY_Q);
  await expect(page.getByTestId('answer-text')).toContainText('about 14 days');
  await page.reload();
  await expect(page.getByTestId('user-message')).toHaveText(BATTERY_Q);
  await expect(page.getByTestId('answer-text')).toContainText('about 14 days');
  await expect(page.getByTestId('source').first()).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).toContain('about 14 days');
  expect(stored).not.toContain(sandbox.token);

  await page.getByRole('button', { name: 'Session', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Clear the transcript' }).click();
  await expect(page.getByTestId('exchange')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No messages yet')).toBeVisible();
});

test('a hostile answer runs nothing, keeps no handler attribute and loads nothing from elsewhere', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const evil: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('evil.example')) evil.push(r.url());
  });
  const hostile = [
    'Answer <img src=x onerror=alert(1)> here.',
    '',
    '<script>alert(1)</script>',
    '',
    '[x](javascript:alert(1))',
    '',
    '<svg onload=alert(1)><circle r="3"/></svg>',
    '',
    '![t](https://evil.example/p.png)',
  ].join('\n');
  await page.route(COMPLETIONS, async (route) => {
    const response = await route.fetch();
    const real = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...real, assistant_message: hostile } });
  });
  await page.goto(`./playground/${SPACE.support}`);
  // The answer is rewritten as one JSON body: not streamed.
  await streamOff(page);
  await ask(page, BATTERY_Q);
  const text = page.getByTestId('answer-text');
  await expect(text).toContainText('Answer');
  await expect(text.getByText('x', { exact: true })).toHaveAttribute('data-link-removed');
  await expect(text).toContainText('https://evil.example/p.png');
  const transcript = page.getByTestId('transcript');
  const handlerAttributes = await transcript.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .flatMap((el) => [...el.attributes].map((a) => a.name))
      .filter((n) => /^on/i.test(n)),
  );
  expect(handlerAttributes).toEqual([]);
  expect(await text.locator('script, svg, img, iframe').count()).toBe(0);
  expect(await text.locator('a[href^="javascript" i]').count()).toBe(0);
  await settle(page);
  expect(dialogs).toEqual([]);
  expect(evil).toEqual([]);
});

test('a failed completion is sent exactly once and offers Retry', async ({ page }) => {
  let posts = 0;
  page.on('request', (r) => {
    if (isCompletion(r)) posts += 1;
  });
  await page.route(COMPLETIONS, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, status: 500, json: { code: 500, message: 'model backend down' } });
  });
  await page.goto(`./playground/${SPACE.support}`);
  await ask(page, BATTERY_Q);
  const error = page.getByTestId('error-state');
  await expect(error).toContainText('model backend down');
  await settle(page);
  expect(posts).toBe(1);
  await page.unroute(COMPLETIONS);
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('answer-text')).toContainText('about 14 days');
  expect(posts).toBe(2);
});

test('a stream that ends without its final event is flagged, and one click retries without streaming', async ({
  page,
}) => {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (isCompletion(r)) bodies.push(r.postDataJSON() as Record<string, unknown>);
  });
  await page.route(
    COMPLETIONS,
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-type': 'text/event-stream' },
        body: 'data: {"type":"planning","message":"searching the handbook"}\n\ndata: {"type":"stream","message":"The battery lasts"}\n\n',
      });
    },
    { times: 1 },
  );
  await page.goto(`./playground/${SPACE.support}`);
  await streamOn(page);
  await ask(page, BATTERY_Q);
  const answer = page.getByTestId('answer').last();
  await expect(answer).toHaveAttribute('data-status', 'ended_early');
  await expect(answer.getByTestId('answer-text')).toHaveText('The battery lasts');
  await expect(answer.getByTestId('trace')).toContainText('Agent trace (1)');
  await answer.getByRole('button', { name: 'Retry without streaming' }).click();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(answer.getByTestId('answer-text')).toContainText('about 14 days');
  expect(bodies.map((b) => b.stream)).toEqual([true, false]);
  // The retry replaced the cut answer rather than adding a turn.
  await expect(page.getByTestId('exchange')).toHaveCount(1);
});

test('context_params must be a JSON object before anything is sent', async ({ page }) => {
  let posts = 0;
  page.on('request', (r) => {
    if (isCompletion(r)) posts += 1;
  });
  await page.goto(`./playground/${SPACE.support}`);
  await page.getByRole('textbox', { name: 'context_params' }).fill('[1, 2]');
  await expect(page.getByText('Must be a JSON object')).toBeVisible();
  await ask(page, BATTERY_Q);
  await expect(page.getByText(/Nothing was sent: context_params/)).toBeVisible();
  // The message is kept for when the options are fixed.
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(BATTERY_Q);
  expect(posts).toBe(0);
});

test('the space picker opens a space, and compare answers one message twice', async ({ page }) => {
  await page.goto('./playground');
  await page.getByLabel('Space id').fill(SPACE.engineering);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/playground/${SPACE.engineering}$`));
  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByTestId('compare-side-1').getByRole('textbox', { name: 'space_id' }).fill(SPACE.support);
  await ask(page, 'What is the rate limit for Beacon Pro API keys?', 'Message for both sides');
  await expect(page.getByTestId('compare-side-0').getByTestId('answer-text')).toContainText('240 requests per minute');
  await expect(page.getByTestId('compare-side-1').getByTestId('answer')).toHaveAttribute('data-status', 'done');
});
