import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRequestLog } from '../../lib/log/request-log';
import { useRequestLog } from '../../lib/log/use-request-log';
import { MemoryStorage } from '../../lib/test-support/memory-storage';
import { createConnectionStore } from '../../lib/profiles/store';
import { useConnection } from '../../lib/profiles/use-connection';

describe('React hooks over the external stores', () => {
  it('useConnection follows the active profile', () => {
    const store = createConnectionStore({ local: new MemoryStorage(), session: new MemoryStorage() });
    store.init({
      default_profile: 'a',
      profiles: [
        { id: 'a', name: 'A', base_url: 'http://a', secondary_url: 'http://a' },
        { id: 'b', name: 'B', base_url: 'http://b', secondary_url: 'http://b' },
      ],
    });
    const { result } = renderHook(() => useConnection(store));
    expect(result.current.active?.name).toBe('A');
    expect(result.current.profiles).toHaveLength(2);
    act(() => store.setActive('b'));
    expect(result.current.active?.name).toBe('B');
  });

  it('useRequestLog re-renders with new entries', () => {
    const log = createRequestLog();
    const { result } = renderHook(() => useRequestLog(log));
    expect(result.current).toEqual([]);
    act(() => {
      log.start(
        {
          method: 'GET',
          host: 'base',
          url: 'http://a/v1/x',
          targetUrl: 'http://a/v1/x',
          path: '/v1/x',
          requestHeaders: { Authorization: 'Bearer s3cret' },
        },
        's3cret',
      );
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]?.requestHeaders.Authorization).toBe('Bearer ***');
  });
});
