import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, profileFor, startServer, type TestServer } from '../../lib/test-support/http-server';
import { startDeletion, type TrackedDeletion } from './machine';
import { CHECK_DETAIL } from './confirm';
import { DELETE_TIMEOUT_MS, createDeletionIo } from './io';
import { LIMITS } from '../../contract';
import { authRefusals, type AuthErrorEvent } from '../../api';

const KNOWLEDGE = {
  created_at: 1736154600,
  updated_at: 1773324300,
  org_id: 'o',
  user_id: 'u',
  name: 'K',
  description: '',
  knowledge_id: 'k1',
  status: 1,
  dataset_id: 'ds1',
  icon: '',
  category: '',
  personal: false,
  total_files: 6,
  default_folder_id: 'f',
  owned_delete_permission: true,
};

/** A small fake service: what each read answers is set per case. */
let server: TestServer;
let base: { status: number; body: unknown };
let knowledge: { status: number; body: unknown };
let del: { status: number; body: unknown };

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.method === 'POST' && req.url === '/v1/documents/query-base') return json(res, base.status, base.body);
    if (req.method === 'GET' && req.url === '/v1/knowledge/k1') return json(res, knowledge.status, knowledge.body);
    if (req.method === 'DELETE' && req.url === '/v1/knowledge/k1/document/d1') return json(res, del.status, del.body);
    json(res, 404, { code: 404, message: 'no route' });
  });
});
afterAll(() => server.close());

const io = () => {
  const profile = profileFor(server.url, { id: 'p' });
  return createDeletionIo({ profileFor: (id) => (id === 'p' ? profile : null), activeProfileId: () => 'p' });
};
const deletion = (over: Partial<TrackedDeletion> = {}): TrackedDeletion => ({
  ...startDeletion({ profileId: 'p', knowledgeId: 'k1', documentId: 'd1', baselineTotalFiles: 6 }, 0),
  ...over,
});

describe('deletion io against a real HTTP server', () => {
  it('sends the DELETE with the bearer token and a timeout longer than the lock wait', async () => {
    del = { status: 200, body: { status: true, message: 'success' } };
    const before = server.received.length;
    await io().send(deletion());
    const sent = server.received.slice(before);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /v1/knowledge/k1/document/d1']);
    expect(sent[0]?.headers.authorization).toBe('Bearer tok-SECRET-123');
    expect(DELETE_TIMEOUT_MS).toBeGreaterThan(LIMITS.deletion.lockWaitMs);
  });

  it('rejects with the ErrorResponse when the DELETE fails', async () => {
    del = { status: 404, body: { code: 404, message: 'document d1 does not belong to knowledge base k1' } };
    await expect(io().send(deletion())).rejects.toMatchObject({
      status: 404,
      code: 404,
      serviceMessage: 'document d1 does not belong to knowledge base k1',
    });
  });

  it('tells the shell once when the DELETE is refused for its token, as a write (a notice, never a navigation)', async () => {
    del = { status: 401, body: { code: 401, message: 'invalid token' } };
    const told: AuthErrorEvent[] = [];
    const stop = authRefusals.subscribe((e) => told.push(e));
    try {
      await expect(io().send(deletion())).rejects.toMatchObject({ status: 401 });
      del = { status: 404, body: { code: 404, message: 'document d1 does not belong to knowledge base k1' } };
      await expect(io().send(deletion())).rejects.toMatchObject({ status: 404 });
    } finally {
      stop();
    }
    expect(
      told.map((e) => ({ status: e.error.status, profileId: e.profileId, source: e.source, firstLoad: e.firstLoad })),
    ).toEqual([{ status: 401, profileId: 'p', source: 'write', firstLoad: false }]);
  });

  it('reads a base-info 404 as gone', async () => {
    base = { status: 404, body: { code: 404, message: 'document d1 not found' } };
    expect(await io().check(deletion())).toEqual({
      result: 'gone',
      via: 'base_info',
      detail: CHECK_DETAIL.baseInfoNotFound,
    });
  });

  it('reads total_files below the baseline as gone, and equal as present', async () => {
    base = { status: 200, body: { name: 'd1.md', description: '', url: '' } };
    knowledge = { status: 200, body: { ...KNOWLEDGE, total_files: 5 } };
    expect(await io().check(deletion())).toEqual({
      result: 'gone',
      via: 'total_files',
      detail: `${CHECK_DETAIL.totalFiles}:5`,
    });
    knowledge = { status: 200, body: KNOWLEDGE };
    expect(await io().check(deletion())).toEqual({ result: 'present', detail: `${CHECK_DETAIL.totalFiles}:6` });
    // Without a baseline only the base info can confirm.
    knowledge = { status: 200, body: { ...KNOWLEDGE, total_files: 0 } };
    expect((await io().check(deletion({ baselineTotalFiles: undefined }))).result).toBe('present');
  });

  it('reports other failures as errors, with the service message', async () => {
    base = { status: 500, body: { code: 500, message: 'database unavailable' } };
    expect(await io().check(deletion())).toEqual({ result: 'error', detail: 'database unavailable' });
    base = { status: 200, body: { name: 'd1.md', description: '', url: '' } };
    knowledge = { status: 422, body: { code: 422, message: 'bad knowledge id' } };
    expect(await io().check(deletion())).toEqual({ result: 'error', detail: 'bad knowledge id' });
  });

  it('fails clearly when the deletion’s profile is gone', async () => {
    await expect(io().send(deletion({ profileId: 'removed' }))).rejects.toMatchObject({ kind: 'no_profile' });
  });
});
