// An in-memory IndexedDB for Node (the e2e suite uses the browser's own).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createKeptDb } from '../storage/kept-db';
import { createRequestLog } from '../log/request-log';
import { createKeptHistory } from '../log/kept-history';
import { MemoryStorage } from '../test-support/memory-storage';
import { AUDIT_BOUNDS, createAuditLog, pastBounds, type AuditEntry } from './audit-log';
import { auditCsv } from './audit-export';
import { readCsv } from '../csv';
import { watchConversationWrites } from './conversation-audit';

let dbs = 0;
const freshDb = () => createKeptDb({ name: `audit-test-${++dbs}` });
const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  id: 'a1',
  profileId: 'p1',
  action: 'document_deletion',
  at: 1_000,
  updatedAt: 1_000,
  targetId: '101',
  outcome: 'pending',
  ...patch,
});

describe('the audit of destructive actions', () => {
  it('keeps one entry per action, rewritten as its outcome becomes known, per profile, newest first', async () => {
    const audit = createAuditLog(freshDb(), () => 10_000);
    await audit.record(entry({ id: 'a1', at: 1_000 }));
    await audit.record(entry({ id: 'a2', at: 2_000, operator: 'Ana' }));
    await audit.record(entry({ id: 'a1', at: 1_000, outcome: 'done', verification: 'base_info' }));
    await audit.record(entry({ id: 'b1', profileId: 'p2' }));
    const kept = await audit.list('p1');
    expect(kept.unreadable).toBe(0);
    expect(kept.rows.map((r) => [r.id, r.outcome, r.operator])).toEqual([
      ['a2', 'pending', 'Ana'],
      ['a1', 'done', undefined],
    ]);
  });

  it('drops entries past its bounds: older than maxAgeDays, or beyond maxEntries', () => {
    const now = AUDIT_BOUNDS.maxAgeDays * 86_400_000 + 5_000;
    const rows = Array.from({ length: AUDIT_BOUNDS.maxEntries + 2 }, (_, i) => ({ id: `r${i}`, at: now - i }));
    rows.push({ id: 'old', at: 1_000 });
    expect(pastBounds(rows, now).sort()).toEqual(
      [`r${AUDIT_BOUNDS.maxEntries}`, `r${AUDIT_BOUNDS.maxEntries + 1}`, 'old'].sort(),
    );
  });

  it('exports CSV with the project writer (formulas defused) that reads back', () => {
    const csv = auditCsv([entry({ targetName: '=HYPERLINK("x")', operator: 'Ana', outcome: 'done' })]);
    const [header, row] = readCsv(csv).rows.map((r) => r.cells);
    expect(header!.slice(0, 5)).toEqual(['at', 'updated_at', 'profile', 'operator', 'action']);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('target_name')).toBe(`'=HYPERLINK("x")`);
    expect([cell('operator'), cell('outcome')]).toEqual(['Ana', 'done']);
  });

  it('records a conversation update from the request log, pending then with its status', () => {
    const log = createRequestLog();
    const seen: AuditEntry[] = [];
    watchConversationWrites(
      log,
      () => ({ profileId: 'p1', operator: 'Ana' }),
      (e) => seen.push(e),
    );
    const id = log.start({
      method: 'PUT',
      host: 'secondary',
      url: 'u',
      targetUrl: 'u',
      path: '/v1/conversations/931',
      endpoint: 'updateConversation',
      requestHeaders: {},
    });
    log.update(id, { pending: false, status: 200, durationMs: 5 });
    expect(seen.map((e) => [e.action, e.targetId, e.outcome, e.verification, e.operator])).toEqual([
      ['conversation_update', '931', 'pending', undefined, 'Ana'],
      ['conversation_update', '931', 'done', 'http 200', 'Ana'],
    ]);
  });
});

describe('the kept request history', () => {
  it('reads finished calls back after a reload, without bodies unless asked, never pending ones', async () => {
    const db = freshDb();
    const first = createRequestLog();
    const history = createKeptHistory(first, new MemoryStorage());
    await history.attach(db);
    const done = first.start(
      {
        method: 'GET',
        host: 'base',
        url: 'u',
        targetUrl: 'u',
        path: '/v1/datasets/1',
        requestHeaders: { Authorization: 'Bearer sekrit' },
      },
      'sekrit',
    );
    first.update(done, { pending: false, status: 200, responseBody: '{"token":"sekrit"}' });
    first.start({ method: 'GET', host: 'base', url: 'u', targetUrl: 'u', path: '/v1/datasets/2', requestHeaders: {} });
    await history.flush();

    const again = createRequestLog();
    const reloaded = createKeptHistory(again, new MemoryStorage());
    await reloaded.attach(db);
    const entries = again.getEntries();
    expect(entries.map((e) => [e.path, e.status, e.restored, e.responseBody])).toEqual([
      ['/v1/datasets/1', 200, true, undefined],
    ]);
    expect(JSON.stringify(entries)).not.toContain('sekrit');
  });
});
