import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { deletionBehaviour, PAST_FIRST_CHECK_MS, probeRequests } from './support/probes';
import { deleteDocument, deletionItem, openKnowledge } from './support/knowledge';
import { DOC, KB, SPACE } from './support/demo-ids.mjs';
import { LOOKS, lookPreferences, shoot } from './support/looks';
import { SCREENSHOTS_TAG } from './support/target';

/**
 * "Gone from answers" for a single deletion, against the real sandbox: a question made from the document's text is
 * asked once before the DELETE (the positive control) and again after the read confirmed it, through the knowledge
 * base's dataset. The page's clock is Playwright's (the 10 s gap and the 2-minute window pass by fastForward); the
 * sandbox's purges are held or run with its /__sandbox/deletion-behaviour control.
 */

const behaviour = deletionBehaviour;

async function deleteWithProbes(page: Page, documentId: string, name: string, space: string | null = SPACE.support) {
  await openKnowledge(page, KB.handbook);
  const field = page.getByLabel('Check answers through space');
  await field.fill(space ?? '');
  await deleteDocument(page, documentId, name);
}

/** Moves the page's clock on until the probe row reaches `stage` (each step lets a due probe go and come back). */
async function probeUntil(page: Page, documentId: string, stage: string) {
  const probe = deletionItem(page, documentId).getByTestId('deletion-probe');
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(5_000);
        return probe.getAttribute('data-stage');
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(stage);
}

test.describe('gone from answers (single deletion)', () => {
  test('reaches "not retrieved" only after the sandbox purged the document', async ({ page, sandbox }) => {
    await page.clock.install();
    const sent = probeRequests(page);
    await behaviour(page, sandbox, { purge_stalled: true });
    await deleteWithProbes(page, DOC.installation.id, DOC.installation.name);
    const item = deletionItem(page, DOC.installation.id);
    const probe = item.getByTestId('deletion-probe');
    // The control found the document before the DELETE; nothing is probed before the read confirms it.
    await expect(probe).toHaveAttribute('data-stage', 'awaiting_read');
    expect(sent).toHaveLength(1);
    const control = sent[0]!.postDataJSON() as Record<string, unknown>;
    expect(control).toMatchObject({
      dataset_id: expect.any(String),
      stream: false,
      refine_question: false,
      retrieval_with_websearch: false,
    });
    expect(control).not.toHaveProperty('document_id');
    expect(control).not.toHaveProperty('conversation_id');

    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(item).toHaveAttribute('data-state', 'deleted');
    // Deleted by the read, and still found while the purge is held: probing goes on.
    await expect(probe.getByTestId('probe-stage')).toContainText('Probing answers (probe 2');
    await page.clock.fastForward(30_000);
    await expect(probe).toHaveAttribute('data-stage', 'probing');

    await behaviour(page, sandbox, { purge_stalled: false });
    await probeUntil(page, DOC.installation.id, 'not_retrieved');
    await expect(probe.getByTestId('probe-stage')).toHaveText(/^Not retrieved in [3-6] probes$/);
    await expect(probe.getByTestId('probe-tokens')).toHaveText(/Probe tokens: [1-9]/);
    await probe.getByRole('button', { name: 'Show the probes’ evidence' }).click();
    const evidence = probe.getByTestId('probe-evidence');
    await expect(evidence).toContainText('Before the delete');
    await expect(evidence).toContainText('its base info answered 404');
    await expect(evidence).toContainText(/Probe 1 .*found in document_chunks\[\d+\]\.document_id/);
    await expect(evidence).toContainText(/nothing of it/);
    await expect(evidence).toContainText(`Space ${SPACE.support}, dataset`);

    // Verified gone, the document joins its knowledge base's forgotten-documents suite (asked again nightly).
    await page.goto('./suites');
    const listed = page.getByTestId('suite-list').getByRole('row').filter({ hasText: 'Forgotten documents' });
    await expect(listed.getByTestId('forgotten-mark')).toContainText(
      `knowledge base ${KB.handbook} · 1 removed document`,
    );
    await listed.getByRole('link').click();
    await expect(page.getByTestId('forgotten-note').locator(`[data-document="${DOC.installation.id}"]`)).toBeVisible();
  });

  test('a stalled purge ends "still in answers" within the bound; Probe again reads not retrieved once it runs', async ({
    page,
    sandbox,
  }) => {
    await page.clock.install();
    const sent = probeRequests(page);
    await behaviour(page, sandbox, { purge_stalled: true });
    await deleteWithProbes(page, DOC.wifi.id, DOC.wifi.name);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(deletionItem(page, DOC.wifi.id)).toHaveAttribute('data-state', 'deleted');
    await probeUntil(page, DOC.wifi.id, 'still_in_answers');
    const probe = deletionItem(page, DOC.wifi.id).getByTestId('deletion-probe');
    await expect(probe.getByTestId('probe-stage')).toHaveText('Still in answers');
    // The control, at most six probes in the round (the documented bound), and the one restricted probe a profile
    // sends to learn how the restriction treats a deleted document.
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.length).toBeLessThanOrEqual(8);
    const before = sent.length;
    await page.clock.fastForward(300_000);
    expect(sent.length).toBe(before);

    await behaviour(page, sandbox, { purge_stalled: false });
    await probe.getByRole('button', { name: 'Probe again' }).click();
    await probeUntil(page, DOC.wifi.id, 'not_retrieved');
  });

  test('the restriction trap never reads as gone: probes search the dataset, which still serves the document', async ({
    page,
    sandbox,
  }) => {
    await page.clock.install();
    const sent = probeRequests(page);
    await behaviour(page, sandbox, { purge_stalled: true, restriction_hides_deleted: true });
    await deleteWithProbes(page, DOC.battery.id, DOC.battery.name);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await probeUntil(page, DOC.battery.id, 'still_in_answers');
    // Verdicts come from dataset probes; one probe restricted to the document (once per profile) only shows how the
    // restriction treats it, and its hiding the document is not read as gone.
    const bodies = sent.map((req) => req.postDataJSON() as Record<string, unknown>);
    expect(bodies.filter((b) => 'document_id' in b)).toHaveLength(1);
    expect(bodies.filter((b) => !('document_id' in b)).every((b) => typeof b.dataset_id === 'string')).toBe(true);
    const probe = deletionItem(page, DOC.battery.id).getByTestId('deletion-probe');
    await probe.getByRole('button', { name: 'Show the probes’ evidence' }).click();
    await expect(probe.getByTestId('probe-evidence')).toContainText('hid it (the dataset still served it)');
  });

  test('a probe that found nothing before the DELETE claims nothing afterwards', async ({ page }) => {
    await page.clock.install();
    const sent = probeRequests(page);
    // The document's text as read before the DELETE shares no word with anything in the handbook's dataset: the
    // question made from it retrieves nothing of this document (as a service whose retrieval misses it would).
    const unmatched =
      'Xylophonic quarbles vendicate the ombrous frith beyond a gallimaufry of snoods, zephyrs and quaggas.';
    await page.route(`**/v1/documents/texts/${DOC.ledStatusCodes.id}`, (route) =>
      route.fulfill({ json: { document_id: DOC.ledStatusCodes.id, document_contents: [unmatched] } }),
    );
    await deleteWithProbes(page, DOC.ledStatusCodes.id, DOC.ledStatusCodes.name);
    const item = deletionItem(page, DOC.ledStatusCodes.id);
    const probe = item.getByTestId('deletion-probe');
    await expect(probe).toHaveAttribute('data-stage', 'not_checkable');
    await expect(probe.getByTestId('probe-stage')).toHaveText('Answers not checkable here');
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await expect(item).toHaveAttribute('data-state', 'deleted');
    await page.clock.fastForward(200_000);
    await expect(probe).toHaveAttribute('data-stage', 'not_checkable');
    expect(sent).toHaveLength(1);
  });

  test('in 简体中文 the evidence is worded in Chinese: its lines, times and counts', async ({ page }) => {
    await page.clock.install();
    // A control that finds nothing (as in the test above): the row's evidence is there at once, no probe window.
    await page.route(`**/v1/documents/texts/${DOC.ledStatusCodes.id}`, (route) =>
      route.fulfill({
        json: { document_id: DOC.ledStatusCodes.id, document_contents: ['Xylophonic quarbles vendicate the frith.'] },
      }),
    );
    await deleteWithProbes(page, DOC.ledStatusCodes.id, DOC.ledStatusCodes.name);
    const probe = deletionItem(page, DOC.ledStatusCodes.id).getByTestId('deletion-probe');
    await expect(probe).toHaveAttribute('data-stage', 'not_checkable');
    await lookPreferences(page, { scheme: 'light', locale: 'zh-CN' });
    await page.reload();
    await expect(probe.getByTestId('probe-stage')).toHaveText('此处无法检查回答');
    await probe.getByRole('button', { name: '显示探测证据' }).click();
    const evidence = probe.getByTestId('probe-evidence');
    await expect(evidence).toContainText(`空间 ${SPACE.support}，数据集`);
    await expect(evidence).toContainText(/删除前（\d{2}:\d{2}:\d{2}）：未找到该文档的内容（\d+ 个片段）/);
    await expect(evidence).toContainText(/探测用量：[\d,]+ 个令牌/);
    await expect(evidence).not.toContainText(/Before the delete|nothing of it|Tokens used|Space /);
  });

  test('without a space, a deleted row says "answers not checked" and no completion is sent', async ({ page }) => {
    await page.clock.install();
    const sent = probeRequests(page);
    await deleteWithProbes(page, DOC.installation.id, DOC.installation.name, null);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    const item = deletionItem(page, DOC.installation.id);
    await expect(item).toHaveAttribute('data-state', 'deleted');
    await expect(item.getByTestId('deletion-probe')).toHaveText('Answers not checked');
    expect(sent).toHaveLength(0);
  });
});

// Light and dark, English and Chinese, at 1280 and 420 px (a phone-width admin reading a verdict).
const SHOT_LOOKS = LOOKS.flatMap((look) => [1280, 420].map((width) => ({ ...look, width })));
for (const look of SHOT_LOOKS) {
  const name = `${look.scheme}${look.locale === 'en' ? '' : `-${look.locale}`}${look.width === 1280 ? '' : `-${look.width}`}`;
  test(`screenshots of probe rows: ${name}`, { tag: SCREENSHOTS_TAG }, async ({ page, sandbox }) => {
    await page.clock.install();
    // The flow's labels are English; a Chinese look is applied by a reload once the rows are there (they are kept).
    await lookPreferences(page, { ...look, locale: 'en' });
    await page.setViewportSize({ width: look.width, height: 900 });
    await behaviour(page, sandbox, { purge_stalled: true });
    await deleteWithProbes(page, DOC.wifi.id, DOC.wifi.name);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await probeUntil(page, DOC.wifi.id, 'still_in_answers');
    await behaviour(page, sandbox, { purge_stalled: false });
    await deleteWithProbes(page, DOC.installation.id, DOC.installation.name);
    await page.clock.fastForward(PAST_FIRST_CHECK_MS);
    await probeUntil(page, DOC.installation.id, 'not_retrieved');
    const probe = deletionItem(page, DOC.installation.id).getByTestId('deletion-probe');
    if (look.locale === 'en') await probe.getByRole('button', { name: 'Show the probes’ evidence' }).click();
    else {
      await lookPreferences(page, look);
      await page.reload();
      await expect(probe).toHaveAttribute('data-stage', 'not_retrieved', { timeout: 30_000 });
      // The evidence in the admin's language: its lines worded by the console's table, not the engine's English.
      await probe.getByRole('button', { name: '显示探测证据' }).click();
      const evidence = probe.getByTestId('probe-evidence');
      await expect(evidence).toContainText('删除前');
      await expect(evidence).not.toContainText('Probe ');
    }
    await deletionItem(page, DOC.wifi.id).scrollIntoViewIfNeeded();
    await shoot(page, `gone-from-answers-${name}`, { fullPage: false });
    await shoot(page, `gone-from-answers-full-${name}`);
  });
}
