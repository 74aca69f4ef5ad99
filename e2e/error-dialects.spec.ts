import type { Page } from '@playwright/test';
import { configFor, expect, serveConfig, test as base } from './fixtures';
import { expectNoViolations } from './support/axe';
import { writeE2eFixture } from './support/e2e-fixture';
import { lookPreferences, shoot, type Scheme } from './support/looks';
import { startSandbox, type SandboxHandle } from './support/sandbox';
import { CONVERSATION, DS } from './support/demo-ids.mjs';

/**
 * The console against a sandbox that answers errors the way the real FastAPI service does by default
 * (`--error-style fastapi`): `{"detail": "..."}`, and Pydantic's `{"detail": [{loc, msg, type}]}` for a 422.
 */
const test = base.extend<object, { sandbox: SandboxHandle }>({
  sandbox: [
    async ({}, use) => {
      const sandbox = await startSandbox(['--fixture', writeE2eFixture(), '--error-style', 'fastapi']);
      await use(sandbox);
      await sandbox.stop();
    },
    { scope: 'worker' },
  ],
});

/** Demo ids (src/server/fixtures/DEMO.md). */
const UNKNOWN_DATASET = '77999';

const headline = (page: Page) => page.getByTestId('error-state').getByTestId('error-headline');
const statusBadge = (page: Page) => page.getByTestId('error-state').getByTestId('error-status');

test('an unknown dataset shows the service’s sentence as the headline, the status beside it, the raw body on demand', async ({
  page,
}) => {
  await page.goto(`./datasets/${UNKNOWN_DATASET}`);
  await expect(headline(page)).toHaveText(`dataset ${UNKNOWN_DATASET} not found`);
  await expect(statusBadge(page)).toHaveText('HTTP 404');
  const error = page.getByTestId('error-state');
  await expect(error).not.toContainText('ErrorResponse');
  await error.getByRole('button', { name: /Raw response body/ }).click();
  await expect(
    error.locator('pre, code').filter({ hasText: `{"detail":"dataset ${UNKNOWN_DATASET} not found"}` }),
  ).toBeVisible();
  await shoot(page, 'error-headline-fastapi-detail-light');

  // The other dialect is noted where calls are inspected, not on the page.
  await page.getByRole('link', { name: 'Activity' }).first().click();
  await expect(page.getByLabel('1 drift warning')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as Scheme[]) {
  test(`a 422 on a conversation puts the service’s message under the field named in loc and keeps the input (${scheme})`, async ({
    page,
  }) => {
    await lookPreferences(page, { scheme, locale: 'en' });
    await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
    const title = page.getByRole('textbox', { name: 'Title' });
    const agent = page.getByRole('textbox', { name: 'Agent id' });
    await title.fill('Renamed before the refusal');
    // The form checks the documented length only: whether the agent exists, only the service knows.
    await agent.fill('no-such-agent');
    const answer = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/conversations/${CONVERSATION.amberDisplay}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toEqual({
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'agent_id'],
          msg: 'Value error, agent "no-such-agent" does not exist',
          input: 'no-such-agent',
        },
      ],
    });

    const message = 'Value error, agent "no-such-agent" does not exist';
    await expect(agent).toHaveAttribute('aria-invalid', 'true');
    // The message is the input's error: shown under it, and part of its accessible description.
    await expect(agent).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(agent).toBeFocused();
    await expect(agent).toHaveValue('no-such-agent');
    await expect(title).toHaveValue('Renamed before the refusal');
    await expect(headline(page)).toHaveText(`agent_id: ${message}`);
    await expect(statusBadge(page)).toHaveText('HTTP 422');
    await expect(page.getByTestId('other-field-errors')).toHaveCount(0);
    // WCAG 2.1 AA for what the refusal added: the field's message and the error state.
    await expectNoViolations(page, `the refused form (${scheme})`, 'form');
    // The field with its message and the error above Save, in one view (the header is fixed: no full-page shot).
    await page.setViewportSize({ width: 1280, height: 1000 });
    await agent.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.mouse.wheel(0, -120);
    await shoot(page, `form-422-${scheme}`, { fullPage: false });
  });
}

test('a refused token points to Settings, with the service’s words', async ({ page, sandbox }) => {
  await serveConfig(page, configFor(sandbox, 'not-the-token'));
  await page.goto(`./datasets/${DS.handbook}`);
  await expect(page).toHaveURL(/\/settings\?profile=sandbox&reason=token$/);
  await expect(page.getByTestId('token-rejected-notice')).toBeVisible();
  await expect(page.getByTestId('auth-rejected-notification')).toContainText('Invalid authentication credentials');
  await expect(page.getByTestId('auth-rejected-notification')).toContainText('HTTP 401');

  // Back on the page, the error says the same and links to Settings.
  await page.goBack();
  await expect(headline(page)).toHaveText('Invalid authentication credentials');
  await expect(statusBadge(page)).toHaveText('HTTP 401');
  await page.getByTestId('error-settings-link').click();
  await expect(page).toHaveURL(/\/settings\?profile=sandbox&reason=token$/);
});

/** Bodies of the other dialects the console reads, as their servers send them; 4xx so nothing is retried. */
const DIALECTS: { name: string; status: number; contentType: string; body: string; headline: string }[] = [
  {
    name: 'error-response',
    status: 404,
    contentType: 'application/json',
    body: '{"code":404,"message":"dataset 77999 not found"}',
    headline: 'dataset 77999 not found',
  },
  {
    name: 'pydantic',
    status: 422,
    contentType: 'application/json',
    body: '{"detail":[{"type":"int_parsing","loc":["path","dataset_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]}',
    headline: 'path.dataset_id: Input should be a valid integer, unable to parse string as an integer',
  },
  {
    name: 'problem-details',
    // RFC 9457's example says 403; a refused token on opening a page goes to Settings instead (faults.spec.ts).
    status: 402,
    contentType: 'application/problem+json',
    body: '{"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.","detail":"Your current balance is 30, but that costs 50.","status":402}',
    headline: 'Your current balance is 30, but that costs 50.',
  },
  {
    name: 'error-object',
    status: 429,
    contentType: 'application/json',
    body: '{"error":{"message":"Rate limit reached for requests","type":"requests","code":"rate_limit_exceeded"}}',
    headline: 'Rate limit reached for requests',
  },
  {
    name: 'error-string',
    status: 404,
    contentType: 'application/json',
    body: '{"error":"no route matched the request"}',
    headline: 'no route matched the request',
  },
  {
    name: 'message',
    status: 404,
    contentType: 'application/json',
    body: '{"message":"Not Found"}',
    headline: 'Not Found',
  },
  { name: 'text', status: 404, contentType: 'text/plain', body: 'Not Found', headline: 'Not Found' },
  {
    name: 'html',
    status: 404,
    contentType: 'text/html',
    body: '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n',
    headline: '404 Not Found',
  },
  { name: 'empty', status: 404, contentType: 'text/plain', body: '', headline: '(empty body)' },
];

test('every dialect’s message is the headline, with its status beside it', async ({ page }) => {
  let current = DIALECTS[0]!;
  await page.route(`**/v1/datasets/${UNKNOWN_DATASET}`, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: current.status,
          headers: { 'access-control-allow-origin': '*', 'content-type': current.contentType },
          body: current.body,
        })
      : route.fallback(),
  );
  for (const dialect of DIALECTS) {
    current = dialect;
    await page.goto(`./datasets/${UNKNOWN_DATASET}?dialect=${dialect.name}`);
    await expect(headline(page), dialect.name).toHaveText(dialect.headline);
    await expect(statusBadge(page), dialect.name).toHaveText(`HTTP ${dialect.status}`);
    await shoot(page, `error-headline-${dialect.name}-light`, { fullPage: false });
  }
});
