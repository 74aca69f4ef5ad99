import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ConversationRecord,
  KnowledgeReadRecord,
  KnowledgeWithSettingsReadRecord,
  LIMITS,
  StatusMessageRecord,
} from '../contract';
import type { RunningSandbox } from './sandbox';
import { IDS, call, expectError, startTestSandbox } from './test-support';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  expect((await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
});

const conv = (id: string) => `${sb.secondaryUrl}/v1/conversations/${id}`;

describe('update conversation', () => {
  it('updates every field and returns the documented Conversation record with its agent', async () => {
    const res = await call(conv(IDS.conversationBread), {
      method: 'PUT',
      json: {
        agent_id: 'agent-beta',
        title: 'Renamed',
        file_ids: ['a', 'b'],
        config: { enable_websearch: false },
        status: 2,
        third_user_id: 'ext-9',
      },
    });
    expect(res.status).toBe(200);
    const record = ConversationRecord.documented.parse(res.body);
    expect(record).toMatchObject({
      conversation_id: IDS.conversationBread,
      agent_id: 'agent-beta',
      title: 'Renamed',
      file_ids: ['a', 'b'],
      config: { enable_websearch: false },
      status: 2,
      third_user_id: 'ext-9',
      agent: { agent_id: 'agent-beta', name: 'Beta researcher', mode: 'agent', icon: 'flask' },
      org_id: 'org-1',
      user_id: 'user-1',
      created_at: 1700000000,
    });
    expect(record.updated_at).toBeGreaterThan(1700000100);
    expect(record.updated_at).toBeLessThan(1e12); // seconds, not milliseconds
  });

  it('is a partial update: omitted fields keep their value', async () => {
    const res = await call(conv(IDS.conversationBread), { method: 'PUT', json: { title: 'Only the title' } });
    const record = ConversationRecord.documented.parse(res.body);
    expect(record).toMatchObject({
      title: 'Only the title',
      agent_id: 'agent-alpha',
      file_ids: ['f-1'],
      config: { enable_websearch: true },
      third_user_id: 'ext-user-1',
      status: 1,
    });
    const again = ConversationRecord.documented.parse(
      (await call(conv(IDS.conversationBread), { method: 'PUT', json: {} })).body,
    );
    expect(again.title).toBe('Only the title');
  });

  it('accepts values exactly at the limits', async () => {
    const C = LIMITS.conversation;
    const res = await call(conv(IDS.conversationIce), {
      method: 'PUT',
      json: { title: 't'.repeat(C.titleMax), third_user_id: 'u'.repeat(C.thirdUserIdMax) },
    });
    expect(res.status).toBe(200);
    expect(ConversationRecord.documented.parse(res.body).title).toHaveLength(C.titleMax);
  });

  it.each([
    [
      { title: 't'.repeat(LIMITS.conversation.titleMax + 1) },
      `title must be at most ${LIMITS.conversation.titleMax} characters`,
    ],
    [
      { agent_id: 'a'.repeat(LIMITS.conversation.agentIdMax + 1) },
      `agent_id must be at most ${LIMITS.conversation.agentIdMax} characters`,
    ],
    [
      { third_user_id: 'x'.repeat(LIMITS.conversation.thirdUserIdMax + 1) },
      `third_user_id must be at most ${LIMITS.conversation.thirdUserIdMax} characters`,
    ],
    [{ title: 5 }, 'title must be a string'],
    [{ status: 'open' }, 'status must be an integer'],
    [{ status: 1.5 }, 'status must be an integer'],
    [{ file_ids: 'f-1' }, 'file_ids must be an array of strings'],
    [{ file_ids: [1] }, 'file_ids must be strings'],
    [{ config: 'on' }, 'config must be an object'],
    [{ config: { enable_websearch: 'yes' } }, 'config.enable_websearch must be a boolean'],
    [{ agent_id: 'agent-nobody' }, 'agent_id "agent-nobody" is not a known agent'],
  ])('refuses %j with 422 naming the field and limit, and changes nothing', async (body, message) => {
    const res = await call(conv(IDS.conversationBread), { method: 'PUT', json: body });
    expect(expectError(res, 422)).toContain(message);
    const unchanged = ConversationRecord.documented.parse(
      (await call(conv(IDS.conversationBread), { method: 'PUT', json: {} })).body,
    );
    expect(unchanged).toMatchObject({ title: 'Bread questions', agent_id: 'agent-alpha', status: 1 });
  });

  it('answers 404 for an unknown conversation', async () => {
    expect(expectError(await call(conv('123'), { method: 'PUT', json: { title: 'x' } }), 404)).toContain(
      'conversation 123 not found',
    );
  });

  it('answers 400 for malformed JSON, 415 for another content type, 422 for a non-object body', async () => {
    expectError(
      await call(conv(IDS.conversationBread), {
        method: 'PUT',
        body: '{"title": ',
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
    );
    expect(
      expectError(
        await call(conv(IDS.conversationBread), {
          method: 'PUT',
          body: 'title=x',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
        415,
      ),
    ).toContain('application/json');
    expectError(
      await call(conv(IDS.conversationBread), { method: 'PUT', body: '{}', headers: { 'Content-Type': 'text/plain' } }),
      415,
    );
    expectError(
      await call(conv(IDS.conversationBread), {
        method: 'PUT',
        body: '{}',
        headers: { 'Content-Type': 'application/json; charset=latin1' },
      }),
      415,
    );
    expectError(await call(conv(IDS.conversationBread), { method: 'PUT', json: [1, 2] }), 422);
    expectError(
      await call(conv(IDS.conversationBread), {
        method: 'PUT',
        body: '',
        headers: { 'Content-Type': 'application/json' },
      }),
      422,
    );
    expect(
      (
        await call(conv(IDS.conversationBread), {
          method: 'PUT',
          body: '{}',
          headers: { 'Content-Type': 'application/json; charset=UTF-8' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('delete conversation', () => {
  it('marks it deleted, returns the record with status 0, and a later update or delete answers 404', async () => {
    const res = await call(conv(IDS.conversationIce), { method: 'DELETE' });
    expect(res.status).toBe(200);
    const record = ConversationRecord.documented.parse(res.body);
    expect(record).toMatchObject({
      conversation_id: IDS.conversationIce,
      status: 0,
      title: 'Ice',
      agent: { agent_id: 'agent-beta' },
    });
    expectError(await call(conv(IDS.conversationIce), { method: 'PUT', json: { title: 'back?' } }), 404);
    expectError(await call(conv(IDS.conversationIce), { method: 'DELETE' }), 404);
  });

  it('answers 404 for an unknown conversation', async () => {
    expectError(await call(conv('nope'), { method: 'DELETE' }), 404);
  });

  it('is undone by a sandbox reset', async () => {
    await call(conv(IDS.conversationIce), { method: 'DELETE' });
    await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST' });
    expect((await call(conv(IDS.conversationIce), { method: 'PUT', json: {} })).status).toBe(200);
  });
});

describe('get knowledge', () => {
  it('returns the documented KnowledgeRead with total_files counting the documents', async () => {
    const res = await call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}`);
    expect(res.status).toBe(200);
    const record = KnowledgeReadRecord.documented.parse(res.body);
    expect(record).toMatchObject({
      knowledge_id: IDS.knowledgeKitchen,
      dataset_id: IDS.datasetKitchen,
      name: 'Kitchen',
      description: 'How our kitchen works',
      category: 'food',
      personal: false,
      owned_delete_permission: true,
      status: 1,
      total_files: 3,
    });
  });

  it('turns fixture flags given as 0/1 into JSON booleans', async () => {
    const record = KnowledgeReadRecord.documented.parse(
      (await call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeGlaciers}`)).body,
    );
    expect(record.personal).toBe(true);
    expect(record.owned_delete_permission).toBe(false);
  });

  it('with_settings=true adds the dataset retrieval settings (KnowledgeWithSettingsRead)', async () => {
    const res = await call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeGlaciers}?with_settings=true`);
    expect(res.status).toBe(200);
    const record = KnowledgeWithSettingsReadRecord.documented.parse(res.body);
    expect(record.knowledge_id).toBe(IDS.knowledgeGlaciers);
    expect((res.body as { settings: unknown }).settings).toEqual({
      top_k: 2,
      score_threshold: 0.2,
      retrieval_recall_strategy_ids: [1, 3],
      retrieval_context_mode: 1,
      retrieval_filter_entity_enabled: false,
      retrieval_filter_period_enabled: false,
      retrieval_segment_expansion: { pre_count: 0, next_count: 0 },
      retrieval_chunk_expansion: { pre_count: 1, next_count: 1 },
      chunk_size: 256,
      chunk_overlap: 32,
    });
    const plain = await call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeGlaciers}?with_settings=false`);
    expect(KnowledgeReadRecord.documented.parse(plain.body)).not.toHaveProperty('settings');
  });

  it('refuses a with_settings that is not a boolean (422) and an unknown id (404)', async () => {
    expect(
      expectError(await call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}?with_settings=maybe`), 422),
    ).toContain('with_settings');
    expect(expectError(await call(`${sb.secondaryUrl}/v1/knowledge/42`), 404)).toContain('knowledge base 42 not found');
  });
});

describe('delete knowledge document (the simple rows; see deletion.test.ts for the state table)', () => {
  it('answers the documented StatusMessage', async () => {
    const res = await call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}/document/${IDS.docKnife}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect(StatusMessageRecord.documented.parse(res.body)).toEqual({ status: true, message: 'success' });
  });

  it('answers 404 for an unknown knowledge base or document', async () => {
    expectError(await call(`${sb.secondaryUrl}/v1/knowledge/1/document/${IDS.docKnife}`, { method: 'DELETE' }), 404);
    expectError(
      await call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}/document/1`, { method: 'DELETE' }),
      404,
    );
  });
});
