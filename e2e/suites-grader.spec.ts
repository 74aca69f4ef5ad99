import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { SPACE } from './support/demo-ids.mjs';

/**
 * expect.rubric in the built console: a grader configured in Settings (a local OpenAI-compatible test server, on
 * 127.0.0.1 as the test deployment's connect-src allows), a suite run, the verdict and reason in the case drawer.
 */
const KEY = 'sk-e2e-grader-key-31c7';

/** Passes an answer that holds the rubric's quoted phrase; answers the browser's CORS preflight. */
async function startGrader() {
  const seen: { auth?: string }[] = [];
  const server: Server = createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'authorization, content-type',
      'Access-Control-Allow-Methods': 'POST',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ auth: req.headers.authorization });
      const user = (JSON.parse(body) as { messages: { content: string }[] }).messages[1]!.content;
      const phrase = /Rubric:\n[^"]*"([^"]+)"/.exec(user)?.[1] ?? '\u0000';
      const pass = user.split('\nAnswer:\n')[1]!.includes(phrase);
      const content = JSON.stringify({ pass, reason: pass ? `It says ${phrase}.` : `It never says ${phrase}.` });
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const SUITE = {
  name: 'Graded answers',
  space_id: SPACE.support,
  cases: [
    {
      id: 'battery-life',
      question: 'How long does the Beacon battery last on a full charge?',
      expect: { rubric: 'The answer must say "14 days".' },
    },
    { id: 'plus-price', question: 'How much does Beacon Plus cost per month?', expect: { rubric: 'Says "free".' } },
  ],
};

async function runSuite(page: Page) {
  await page.goto('./suites');
  await expect(page.getByRole('heading', { level: 1, name: 'Test suites' })).toBeVisible({ timeout: 30_000 });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import JSON, CSV or YAML' }).click();
  await (
    await chooser
  ).setFiles({ name: 'graded.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(SUITE)) });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/\/runs\/run-/, { timeout: 30_000 });
  await expect(page.getByTestId('run-summary')).toContainText('done', { timeout: 30_000 });
}

async function openCase(page: Page, id: string) {
  await page.locator(`[data-testid="result-row"][data-case="${id}"]`).getByRole('button').click();
  return page.getByTestId('case-detail').getByTestId('rubric-verdict');
}

test('a rubric graded by the grader in Settings shows its verdict and reason, against a local OpenAI-compatible test server', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const grader = await startGrader();
  try {
    await page.goto('./settings');
    const form = page.getByRole('region', { name: 'Rubric grader' });
    await form.getByRole('textbox', { name: 'Grader API URL' }).fill(grader.url);
    await form.getByRole('textbox', { name: 'Model' }).fill('judge-1');
    await form.getByLabel('API key').fill(KEY);
    await form.getByRole('switch', { name: 'Remember the key in this tab' }).check();
    await form.getByRole('button', { name: 'Save grader' }).click();
    await expect(page.getByText('Grader saved')).toBeVisible();
    // Held like a token: never in localStorage.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(KEY);

    await runSuite(page);
    const pass = await openCase(page, 'battery-life');
    await expect(pass).toContainText('rubric: pass');
    await expect(pass).toContainText('It says 14 days.');
    await page.getByRole('dialog', { name: 'battery-life' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const fail = await openCase(page, 'plus-price');
    await expect(fail).toContainText('rubric: fail');
    await expect(fail).toContainText('It never says free.');
    expect(grader.seen.map((s) => s.auth)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);

    // Without a grader the same suite is not graded, and no case passes on it.
    await page.goto('./settings');
    await page.getByRole('button', { name: 'Remove grader' }).click();
    await runSuite(page);
    await expect(page.getByTestId('count-pass')).toHaveText('0');
    await expect(await openCase(page, 'battery-life')).toContainText('not graded (no grader in Settings)');
  } finally {
    await grader.close();
  }
});
