import { expect, type APIRequestContext } from '@playwright/test';
import type { SandboxHandle } from './sandbox';

/**
 * The sandbox's deletion behaviour (PUT /__sandbox/deletion-behaviour): hold its purges (a deleted document stays in
 * retrieval, so probes keep finding it) or let them run; docs/sandbox.md.
 */
export async function deletionBehaviour(
  request: APIRequestContext,
  sandbox: SandboxHandle,
  change: { purge_stalled?: boolean; restriction_hides_deleted?: boolean },
) {
  const res = await request.put(`${sandbox.secondaryUrl}/__sandbox/deletion-behaviour`, {
    headers: { authorization: `Bearer ${sandbox.token}` },
    data: change,
  });
  expect(res.status(), await res.text()).toBe(200);
}
