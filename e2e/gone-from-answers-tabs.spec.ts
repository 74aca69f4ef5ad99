import type { Page } from '@playwright/test';
import { configFor, serveConfig, test, expect } from './fixtures';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy';
import { deleteDocument, deletionItem, openKnowledge } from './support/knowledge';
import { deletionBehaviour } from './support/probes';
import type { SandboxHandle } from './support/sandbox';
import { DOC, KB, SPACE } from './support/demo-ids.mjs';

/**
 * A single deletion's probes with two tabs of one browser open, against the real sandbox: each probe (a billed
 * completion) is sent by the one tab holding the run's lock, counted where the completions arrive (a proxy in front
 * of the sandbox's base host, so a tab closed midway is counted too); the other tab shows the run's steps and its
 * verdict, and finishes the run when the probing tab closes. A short probe schedule (kc.probe-timing.v1) keeps it
 * quick; the sandbox's purges are held and let go with its /__sandbox/deletion-behaviour control.
 */
// Found probes 0, 2, 6 and 14 s after the read (the wait doubles), a verdict within a minute.
const TIMING = { minGapMs: 2_000, windowMs: 60_000 };
const SLOW = { timeout: 30_000 };

interface KeptRun {
  key: string;
  run: { stage: string; probes: unknown[]; control?: unknown; restrictionProbe?: unknown; tokens: number };
}

/** What the kept runs record as sent for this document: the control, each probe, the one restricted probe. */
async function recordedSends(page: Page, documentId: string): Promise<number> {
  const kept = await page.evaluate(() => localStorage.getItem('kc.deletion-probes.v1'));
  const run = (JSON.parse(kept ?? '[]') as KeptRun[]).find((k) => k.key.includes(documentId))?.run;
  if (!run) return 0;
  return run.probes.length + (run.control ? 1 : 0) + (run.restrictionProbe ? 1 : 0);
}

/** The sandbox's config, its base host (completions) behind the proxy that counts them. */
async function throughProxy(tab: Page, proxy: FaultProxy, sandbox: SandboxHandle) {
  const config = configFor(sandbox);
  await serveConfig(tab, { ...config, profiles: config.profiles.map((p) => ({ ...p, base_url: proxy.url })) });
  return tab;
}

test.describe('gone from answers, with several tabs open', () => {
  let proxy: FaultProxy;
  test.beforeEach(async ({ page, sandbox }) => {
    proxy = await startFaultProxy(sandbox.baseUrl);
    await page.context().addInitScript((timing) => {
      localStorage.setItem('kc.probe-timing.v1', JSON.stringify(timing));
    }, TIMING);
  });
  test.afterEach(async () => {
    await proxy.stop();
  });

  test('each probe is sent once by one tab; the other tab shows the run and its verdict', async ({ page, sandbox }) => {
    test.setTimeout(120_000);
    await deletionBehaviour(page, sandbox, { purge_stalled: true });
    const a = await throughProxy(await page.context().newPage(), proxy, sandbox);
    await openKnowledge(a, KB.handbook);
    await a.getByLabel('Check answers through space').fill(SPACE.support);
    await deleteDocument(a, DOC.wifi.id, DOC.wifi.name);
    const probeA = deletionItem(a, DOC.wifi.id).getByTestId('deletion-probe');
    await expect(probeA).toHaveAttribute('data-stage', 'probing', SLOW);

    // Tab B opens while A probes: it shows the run as A writes it, and sends nothing of its own.
    // The test's own page: its errors are checked as it ends.
    const b = await throughProxy(page, proxy, sandbox);
    await openKnowledge(b, KB.handbook);
    const probeB = deletionItem(b, DOC.wifi.id).getByTestId('deletion-probe');
    await expect(probeB).toHaveAttribute('data-stage', 'probing', SLOW);
    // A probe of A's schedule goes by with both tabs open (found: the purge is held). The purge is let go before
    // the round's fourth found probe: the round's last two probes (of six at most) must be the empty ones.
    const seen = await recordedSends(a, DOC.wifi.id);
    await expect.poll(() => recordedSends(a, DOC.wifi.id), SLOW).toBeGreaterThan(seen);
    await expect(probeB.getByTestId('probe-stage')).toContainText('Probing answers (probe');

    await deletionBehaviour(page, sandbox, { purge_stalled: false });
    for (const probe of [probeA, probeB]) await expect(probe).toHaveAttribute('data-stage', 'not_retrieved', SLOW);
    await expect(probeB.getByTestId('probe-stage')).toHaveText(/^Not retrieved in \d+ probes$/);
    await expect(probeB.getByTestId('probe-stage')).toHaveText(
      (await probeA.getByTestId('probe-stage').textContent())!,
    );
    await expect(probeB.getByTestId('probe-tokens')).toHaveText(
      (await probeA.getByTestId('probe-tokens').textContent())!,
    );
    // Every completion that reached the service is one the run records: none was sent twice.
    const recorded = await recordedSends(b, DOC.wifi.id);
    expect(recorded).toBeGreaterThanOrEqual(4);
    expect(proxy.completions()).toBe(recorded);

    // "Probe again" in tab B, which did not probe the run: one new round, its two empty probes sent once.
    await probeB.getByRole('button', { name: 'Probe again' }).click();
    for (const probe of [probeA, probeB]) await expect(probe).toHaveAttribute('data-stage', 'not_retrieved', SLOW);
    await expect.poll(() => recordedSends(a, DOC.wifi.id), SLOW).toBe(recorded + 2);
    expect(proxy.completions()).toBe(recorded + 2);
  });

  test('the probing tab closes mid-window: the other tab finishes the run, no recorded probe sent again', async ({
    page,
    sandbox,
  }) => {
    test.setTimeout(120_000);
    await deletionBehaviour(page, sandbox, { purge_stalled: true });
    const a = await throughProxy(await page.context().newPage(), proxy, sandbox);
    await openKnowledge(a, KB.handbook);
    await a.getByLabel('Check answers through space').fill(SPACE.support);
    await deleteDocument(a, DOC.battery.id, DOC.battery.name);
    await expect(deletionItem(a, DOC.battery.id).getByTestId('deletion-probe')).toHaveAttribute(
      'data-stage',
      'probing',
      SLOW,
    );
    // The test's own page: its errors are checked as it ends.
    const b = await throughProxy(page, proxy, sandbox);
    await openKnowledge(b, KB.handbook);
    const probeB = deletionItem(b, DOC.battery.id).getByTestId('deletion-probe');
    await expect(probeB).toHaveAttribute('data-stage', 'probing', SLOW);

    // Closed right after a probe was recorded (the next is seconds away): nothing of A's is in flight.
    const seen = await recordedSends(a, DOC.battery.id);
    await expect.poll(() => recordedSends(a, DOC.battery.id), SLOW).toBeGreaterThan(seen);
    await a.close();
    const sentByA = proxy.completions();
    expect(await recordedSends(b, DOC.battery.id)).toBe(sentByA);

    await deletionBehaviour(page, sandbox, { purge_stalled: false });
    await expect(probeB).toHaveAttribute('data-stage', 'not_retrieved', SLOW);
    // B sent the probes after A's last (two empty ones at least) and none of those A had recorded.
    const recorded = await recordedSends(b, DOC.battery.id);
    expect(recorded).toBeGreaterThanOrEqual(sentByA + 2);
    expect(proxy.completions()).toBe(recorded);
  });
});
