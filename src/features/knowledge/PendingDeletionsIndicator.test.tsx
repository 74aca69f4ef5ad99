import { act, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectionStore } from '../../lib';
import { startServer, type TestServer } from '../../lib/test-support/http-server';
import { renderWithProviders } from '../../test/render';
import { PendingDeletionsIndicator } from './PendingDeletionsIndicator';
import { createDeletionRuntime, type DeletionRuntime } from './deletion/runtime';
import { DeletionRuntimeContext, createDeletionRuntimeSlot } from './deletion/runtime-context';

/** A service that never answers a DELETE while the test runs, so deletions stay active. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer(() => {
    // No answer: the request stays in flight.
  });
  connectionStore.init({
    default_profile: 'p',
    profiles: [{ id: 'p', name: 'P', base_url: server.url, secondary_url: server.url, token: 'tok' }],
  });
});
afterAll(() => server.close());

/** Each test has its own runtime: nothing kept, no other tabs, nothing left for the next test. */
const runtimes: DeletionRuntime[] = [];
afterEach(() => runtimes.splice(0).forEach((r) => r.dispose()));

function renderIndicator(options: { locale?: 'en' | 'zh-CN' } = {}) {
  const runtime = createDeletionRuntime({ storage: null, keptDb: null, coordinator: null });
  runtimes.push(runtime);
  renderWithProviders(
    <DeletionRuntimeContext.Provider value={createDeletionRuntimeSlot(runtime)}>
      <PendingDeletionsIndicator />
    </DeletionRuntimeContext.Provider>,
    options,
  );
  return runtime.tracker;
}

describe('PendingDeletionsIndicator', () => {
  it('is hidden at 0, then counts the active profile’s deletions and leads to where they are', async () => {
    const tracker = renderIndicator();
    expect(screen.queryByTestId('pending-deletions-indicator')).toBeNull();

    act(() => void tracker.track({ profileId: 'p', knowledgeId: 'k1', documentId: 'd1' }));
    const one = await screen.findByRole('link', { name: '1 deletion pending' });
    expect(one).toHaveAttribute('href', '/knowledge/k1');

    act(() => void tracker.track({ profileId: 'p', knowledgeId: 'k2', documentId: 'd2' }));
    // Another profile's deletion is not counted.
    act(() => void tracker.track({ profileId: 'other', knowledgeId: 'k3', documentId: 'd3' }));
    const two = await screen.findByRole('link', { name: '2 deletions pending' });
    expect(two).toHaveAttribute('href', '/knowledge');
    expect(two).toHaveTextContent('2');
    // Both DELETEs went out (the third waits for its own profile).
    await vi.waitFor(() =>
      expect(
        server.received
          .filter((r) => r.method === 'DELETE')
          .map((r) => r.url)
          .sort(),
      ).toEqual(['/v1/knowledge/k1/document/d1', '/v1/knowledge/k2/document/d2']),
    );
  });

  it('reads in Chinese too', async () => {
    const tracker = renderIndicator({ locale: 'zh-CN' });
    expect(screen.queryByTestId('pending-deletions-indicator')).toBeNull();
    act(() => void tracker.track({ profileId: 'p', knowledgeId: 'k1', documentId: 'd4' }));
    act(() => void tracker.track({ profileId: 'p', knowledgeId: 'k2', documentId: 'd5' }));
    expect(await screen.findByRole('link', { name: '2 个删除待确认' })).toBeInTheDocument();
  });
});
