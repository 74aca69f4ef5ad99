import type { Page } from '@playwright/test';

/**
 * Instead of a fixed wait: resolves once the page has run what is already queued (microtasks, a timer of 0, two
 * frames: React has committed what it was rendering) and no finite animation or transition is still running (a
 * modal's fade, a drawer's slide; a loader's endless spin does not count). Used before screenshots and axe runs, and
 * before asserting that something did NOT happen (no request sent, no navigation): what the page would have done
 * in response has been done by then.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
