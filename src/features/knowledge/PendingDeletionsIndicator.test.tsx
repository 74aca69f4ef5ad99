import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectionStore } from '../../api';
import { startServer, type TestServer } from '../../api/test-support/http-server';
import { renderWithProviders } from '../../test/render';
import { PendingDeletionsIndicator } from './PendingDeletionsIndicator';
import { deletionTracker } from './deletion/instance';

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
afterAll(async () => {
  deletionTracker.stop();
  await server.close();
});

describe('PendingDeletionsIndicator', () => {
  it('is hidden at 0, then counts the active profile’s deletions and leads to where they are', async () => {
    renderWithProviders(<PendingDeletionsIndicator />);
    expect(screen.queryByTestId('pending-deletions-indicator')).toBeNull();

    act(() => void deletionTracker.track({ profileId: 'p', knowledgeId: 'k1', documentId: 'd1' }));
    const one = await screen.findByRole('link', { name: '1 deletion pending' });
    expect(one).toHaveAttribute('href', '/knowledge/k1');

    act(() => void deletionTracker.track({ profileId: 'p', knowledgeId: 'k2', documentId: 'd2' }));
    // Another profile's deletion is not counted.
    act(() => void deletionTracker.track({ profileId: 'other', knowledgeId: 'k3', documentId: 'd3' }));
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
    renderWithProviders(<PendingDeletionsIndicator />, { locale: 'zh-CN' });
    expect(await screen.findByRole('link', { name: '2 个删除待确认' })).toBeInTheDocument();
  });
});
