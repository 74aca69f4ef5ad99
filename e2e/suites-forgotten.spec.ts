import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { SandboxHandle } from './support/sandbox';
import { loseBatteryDocument, suiteShots, runSuiteAndWait } from './support/suites';
import { withForgotten, type ForgottenEntry } from '../src/suite-engine/forgotten';
import { DOC, DS, KB, SPACE } from './support/demo-ids.mjs';

/**
 * The forgotten-documents suite of a knowledge base, against a real sandbox: the suite rememberForgotten keeps once a
 * removal is verified gone from answers (made here by the engine's own function and kept in the browser's database,
 * as the deletion runtime's onGoneFromAnswers will keep it), shown as kept automatically, run in the console (the
 * document deleted: passes; brought back by a re-sync, here the sandbox's reset to its fixture: fails) and exported
 * for `npm run suite`, which exits 1 on the document brought back.
 */
const SLOW = { timeout: 30_000 };
const QUESTION = 'How long does the Beacon battery last on a full charge?';

async function resetSandbox(sandbox: SandboxHandle) {
  const res = await fetch(`${sandbox.secondaryUrl}/__sandbox/reset`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  expect(res.status).toBe(200);
}

/** The kept row put in the console's IndexedDB (store `suites`), as rememberForgotten writes it. */
async function keepInBrowser(page: Page, row: unknown) {
  await page.evaluate(
    (value) =>
      new Promise<void>((ok, fail) => {
        const open = indexedDB.open('knowledge-console');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('suites', 'readwrite');
          tx.objectStore('suites').put(value);
          tx.oncomplete = () => {
            open.result.close();
            ok();
          };
          tx.onerror = () => fail(tx.error);
        };
      }),
    row,
  );
}

test('a removed document kept in its forgotten suite: passes while deleted, fails once a re-sync brings it back', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(150_000);
  await resetSandbox(sandbox);
  try {
    // The removal: deleted in the sandbox and gone from answers (its purge done), as the deletion probe verifies.
    await loseBatteryDocument(sandbox, QUESTION);
    const verifiedAt = Date.parse('2026-11-27T22:15:00Z');
    const entry: ForgottenEntry = {
      profileId: 'sandbox',
      knowledgeId: KB.handbook,
      datasetId: DS.handbook,
      spaceId: SPACE.support,
      documentId: DOC.battery.id,
      question: QUESTION,
      verifiedAt,
    };
    await page.goto('./suites');
    await expect(page.getByRole('heading', { name: 'Test suites' })).toBeVisible(SLOW);
    await keepInBrowser(page, withForgotten(undefined, entry, verifiedAt));
    await page.reload();

    // The suites list: labelled as kept automatically, with its knowledge base and its one removed document.
    const listed = page.getByTestId('suite-list').getByRole('row').filter({ hasText: 'Forgotten documents' });
    const mark = listed.getByTestId('forgotten-mark');
    await expect(mark).toContainText('kept automatically', SLOW);
    await expect(mark).toContainText(`knowledge base ${KB.handbook} · 1 removed document`);
    await listed.getByRole('link').click();
    const note = page.getByTestId('forgotten-note');
    await expect(note).toContainText(KB.handbook);
    const docRow = note.locator(`[data-document="${DOC.battery.id}"]`);
    await expect(docRow).toContainText(QUESTION);
    await expect(docRow).toContainText('2026');
    await suiteShots(page, 'forgotten');

    // Run while the document is deleted: the probe question cites nothing of it, the case passes.
    await runSuiteAndWait(page);
    await expect(page.getByTestId('count-pass')).toHaveText('1');
    await expect(page.locator(`[data-testid="result-row"][data-case="gone-${DOC.battery.id}"]`)).toContainText(
      'not_cites_document',
    );

    // A re-sync brings it back (the sandbox's fixture again): the same suite now fails, naming the document.
    await resetSandbox(sandbox);
    await page.getByRole('link', { name: /Forgotten documents/ }).click();
    await runSuiteAndWait(page);
    await expect(page.getByTestId('count-pass')).toHaveText('0');
    const failed = page.locator(`[data-testid="result-row"][data-case="gone-${DOC.battery.id}"]`);
    await expect(failed.locator('td[data-status="fail"]')).toHaveCount(1);
    await expect(failed).toContainText('not_cites_document');
    await suiteShots(page, 'forgotten-failed');

    // Exported as any suite is, the file runs in CI: `npm run suite` exits 1 on the document brought back.
    await page.getByRole('link', { name: /Forgotten documents/ }).click();
    await page.getByRole('link', { name: '← Test suites' }).click();
    await listed.getByRole('button', { name: /^More actions for Forgotten documents/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export JSON' }).click();
    const file = (await (await download).path())!;
    expect(JSON.parse(readFileSync(file, 'utf8')).cases[0].expect).toEqual({ not_cites_document: DOC.battery.id });
    const out = join(mkdtempSync(join(tmpdir(), 'kc-forgotten-')), 'out.json');
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/suite.ts', file, '--base-url', sandbox.baseUrl, '--json', out],
      { env: { PATH: process.env.PATH ?? '', KC_TOKEN: sandbox.token }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let printed = '';
    cli.stdout.on('data', (d: Buffer) => (printed += d.toString()));
    cli.stderr.on('data', (d: Buffer) => (printed += d.toString()));
    expect(await new Promise<number | null>((ok) => cli.on('exit', ok)), printed).toBe(1);
    expect(printed).toContain(DOC.battery.id);
  } finally {
    await resetSandbox(sandbox);
  }
});
