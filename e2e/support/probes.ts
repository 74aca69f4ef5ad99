import { expect, type Page, type Request } from '@playwright/test';
import type { SandboxHandle } from './sandbox';

/*
 * "Gone from answers" steps shared by the single-deletion and bulk specs: the sandbox's purge controls, and the probe
 * completions the page sends.
 */

/** Past the first confirmation read of a deletion (about 3 s after the 200). */
export const PAST_FIRST_CHECK_MS = 4_000;

/** Stalls or runs the sandbox's purges, or sets its restriction trap (/__sandbox/deletion-behaviour). */
export async function deletionBehaviour(page: Page, sandbox: SandboxHandle, change: Record<string, boolean>) {
  const res = await page.request.put(`${sandbox.secondaryUrl}/__sandbox/deletion-behaviour`, {
    headers: { authorization: `Bearer ${sandbox.token}` },
    data: change,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The probe completions the page sends (each a billed completion), in order. */
export function probeRequests(page: Page) {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/v1/spaces/completions/')) seen.push(req);
  });
  return seen;
}
