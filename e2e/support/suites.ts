import { expect, type Page } from '@playwright/test';
import { DOC, KB, SPACE } from './demo-ids.mjs';
import { shoot } from './looks';
import type { SandboxHandle } from './sandbox';

/** A suite file given to the suites list's import button (by its test id: the specs run in every language). */
export async function importSuite(page: Page, name: string, content: string, mimeType = 'application/json') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-suite').click();
  await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(content) });
}

/**
 * The service loses the battery document, as a release would regress: deleted from the handbook, then waited for
 * until an answer to `question` no longer cites it (the sandbox deletes in the background, as the service does).
 */
export async function loseBatteryDocument(sandbox: SandboxHandle, question: string) {
  const removed = await fetch(`${sandbox.secondaryUrl}/v1/knowledge/${KB.handbook}/document/${DOC.battery.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  expect(removed.status).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await fetch(`${sandbox.baseUrl}/v1/spaces/completions/${SPACE.support}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ session_id: 'e2e-gate-probe', message: question, stream: false }),
        });
        return `${res.status} cites ${(await res.text()).includes(DOC.battery.id)}`;
      },
      { timeout: 20_000 },
    )
    .toBe('200 cites false');
}

/** Light and dark shots of what is on screen, as `suites-NAME-SCHEME` (the console follows the system scheme). */
export async function suiteShots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await shoot(page, `suites-${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Runs the open suite with its Run button and waits on the run's page until the run is done. */
export async function runSuiteAndWait(page: Page) {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/\/runs\/run-/, { timeout: 30_000 });
  await expect(page.getByTestId('run-summary')).toContainText('done', { timeout: 30_000 });
}
