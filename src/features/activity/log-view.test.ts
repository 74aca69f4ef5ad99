import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../lib';
import { formatBytes, outcomeOf, prettyBody, visibleEntries } from './log-view';

let n = 0;
function entry(patch: Partial<RequestLogEntry>): RequestLogEntry {
  n++;
  return {
    id: `e${n}`,
    startedAt: 1000 + n,
    method: 'GET',
    host: 'base',
    url: 'u',
    targetUrl: 'u',
    path: `/v1/datasets/${n}`,
    pending: false,
    drift: [],
    requestHeaders: {},
    ...patch,
  };
}

describe('activity log view', () => {
  const ok = entry({ status: 200, endpoint: 'getDataset' });
  const notFound = entry({
    status: 404,
    method: 'PUT',
    host: 'secondary',
    path: '/v1/conversations/931',
    errorKind: 'http',
  });
  const down = entry({ errorKind: 'network', errorMessage: 'could not reach' });
  const unusable = entry({ status: 200, errorKind: 'invalid_json' });
  const running = entry({ pending: true });
  const all = [ok, notFound, down, unusable, running];

  it('classifies outcomes, a 2xx the console could not use as failed', () => {
    expect(all.map(outcomeOf)).toEqual(['success', 'client_error', 'failed', 'failed', 'pending']);
    expect(outcomeOf(entry({ status: 503 }))).toBe('server_error');
  });

  it("reads a call the console cancelled itself (the connection check's read) as cancelled, not a failure", () => {
    const cancelled = entry({ errorKind: 'aborted', purpose: 'test-connection' });
    expect(outcomeOf(cancelled)).toBe('cancelled');
    expect(visibleEntries([cancelled], '', 'errors')).toEqual([]);
    expect(visibleEntries([cancelled], '', 'all')).toEqual([cancelled]);
  });

  it('lists newest first and filters by status and text', () => {
    expect(visibleEntries(all, '', 'all').map((e) => e.id)).toEqual(
      [running, unusable, down, notFound, ok].map((e) => e.id),
    );
    expect(visibleEntries(all, '', 'errors')).toEqual([unusable, down, notFound]);
    expect(visibleEntries(all, '', 'ok')).toEqual([ok]);
    expect(visibleEntries(all, 'put 404', 'all')).toEqual([notFound]);
    expect(visibleEntries(all, 'conversations', 'ok')).toEqual([]);
    expect(visibleEntries(all, 'reach', 'all')).toEqual([down]);
  });

  it('formats sizes and bodies', () => {
    expect([formatBytes(undefined), formatBytes(512), formatBytes(1536), formatBytes(5 * 1024 * 1024)]).toEqual([
      '—',
      '512 B',
      '1.5 KB',
      '5.0 MB',
    ]);
    expect(prettyBody('{"a":1}')).toEqual({ text: '{\n  "a": 1\n}', json: true });
    expect(prettyBody('<html>')).toEqual({ text: '<html>', json: false });
  });
});
