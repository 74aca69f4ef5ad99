import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionResultRecord, DatasetRecord, DocumentBaseInfoRecord, DocumentFullTextRecord } from '../contract';
import type { RunningSandbox } from './sandbox';
import { IDS, call, expectError, startTestSandbox } from './test-support';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('get dataset', () => {
  it.each([IDS.datasetKitchen, IDS.datasetGlaciers, IDS.datasetFaq])(
    'dataset %s carries every documented field (zero drift)',
    async (id) => {
      const res = await call(`${sb.baseUrl}/v1/datasets/${id}`);
      expect(res.status).toBe(200);
      const record = DatasetRecord.documented.parse(res.body);
      const fields: Record<string, { optional?: boolean }> = DatasetRecord.fields;
      // Every documented field but those the spec marks optional, and nothing else.
      expect(Object.keys(fields).filter((k) => !fields[k]!.optional && !(k in record))).toEqual([]);
      expect(Object.keys(record).filter((k) => !(k in fields))).toEqual([]);
      expect(record.dataset_id).toBe(id);
    },
  );

  it('fills omitted fixture fields with the documented defaults and sends flags as booleans', async () => {
    const record = DatasetRecord.documented.parse((await call(`${sb.baseUrl}/v1/datasets/${IDS.datasetFaq}`)).body);
    expect(record).toMatchObject({
      type: 2,
      description: '',
      advanced_enabled: 2,
      score_threshold: 0.5,
      top_k: 5,
      generate_metadata_enabled: false,
      overall_summarize_enabled: false,
      smart_indexing_enabled: false,
      retrieval_filter_entity_enabled: false,
      retrieval_filter_period_enabled: false,
      retrieval_recall_strategy_ids: [],
      retrieval_context_mode: 2,
      split_media_enabled: false,
      chunk_size: 512,
      chunk_overlap: 102,
      qa_pairs_return_direct: false,
      qa_pairs_score_threshold: 0.9,
      generate_qa_pairs_enabled: false,
      refine_user_question_enabled: false,
      generate_metadata_prompt: '',
      pdf_parsing_mode: 1,
      audio_parsing_mode: 1,
      status: 1,
      filter_attributes: [],
      retrieval_segment_expansion: { pre_count: 0, next_count: 0 },
      retrieval_chunk_expansion: { pre_count: 0, next_count: 0 },
      document_count: 2,
    });
    const kitchen = DatasetRecord.documented.parse(
      (await call(`${sb.baseUrl}/v1/datasets/${IDS.datasetKitchen}`)).body,
    );
    expect(kitchen.generate_metadata_enabled).toBe(true); // fixture gave 1
    expect(kitchen.document_count).toBe(3);
    expect(Number.isInteger(kitchen.created_at) && kitchen.created_at < 1e12).toBe(true);
  });

  it('answers 404 for an unknown dataset', async () => {
    expect(expectError(await call(`${sb.baseUrl}/v1/datasets/999`), 404)).toContain('dataset 999 not found');
  });
});

describe('query document base info', () => {
  const url = () => `${sb.baseUrl}/v1/documents/query-base`;

  it('returns name, description and url', async () => {
    const res = await call(url(), { method: 'POST', json: { document_id: IDS.docSourdough } });
    expect(res.status).toBe(200);
    expect(DocumentBaseInfoRecord.documented.parse(res.body)).toEqual({
      name: 'Sourdough bread',
      description: 'Baking a loaf',
      url: 'https://example.test/sourdough',
    });
  });

  it('gives omitted description and url as empty strings', async () => {
    const res = await call(url(), { method: 'POST', json: { document_id: IDS.docSoup } });
    expect(DocumentBaseInfoRecord.documented.parse(res.body)).toEqual({
      name: 'Tomato soup',
      description: '',
      url: '',
    });
  });

  it('refuses a missing, empty or non-string document_id with 422 naming the field', async () => {
    expect(expectError(await call(url(), { method: 'POST', json: {} }), 422)).toContain('document_id is required');
    expect(expectError(await call(url(), { method: 'POST', json: { document_id: '' } }), 422)).toContain(
      'document_id must not be empty',
    );
    expect(expectError(await call(url(), { method: 'POST', json: { document_id: 700000000000001 } }), 422)).toContain(
      'document_id',
    );
  });

  it('answers 404 for an unknown document, 415 without JSON, 400 for malformed JSON', async () => {
    expectError(await call(url(), { method: 'POST', json: { document_id: '1' } }), 404);
    expectError(
      await call(url(), { method: 'POST', body: 'document_id=1', headers: { 'Content-Type': 'text/plain' } }),
      415,
    );
    expectError(
      await call(url(), { method: 'POST', body: '{"document_id":', headers: { 'Content-Type': 'application/json' } }),
      400,
    );
  });
});

describe('get document full texts', () => {
  it('returns the text split into paragraphs, document_id as an integer', async () => {
    const res = await call(`${sb.baseUrl}/v1/documents/texts/${IDS.docSourdough}`);
    expect(res.status).toBe(200);
    const record = DocumentFullTextRecord.documented.parse(res.body);
    expect(record.document_id).toBe(700000000000001);
    expect(record.document_contents).toEqual([
      'Sourdough bread rises with a starter of wild yeast.',
      'Feed the starter with flour and water the night before baking. A lively starter doubles within six hours.',
      'Bake the loaf in a covered pot at a high temperature for the first twenty minutes.',
    ]);
  });

  it('answers 404 for an unknown document', async () => {
    expectError(await call(`${sb.baseUrl}/v1/documents/texts/123`), 404);
    expectError(await call(`${sb.baseUrl}/v1/documents/texts/not-a-number`), 404);
  });
});

describe('chat completions (shape and errors; behaviour in completions.test.ts)', () => {
  const url = (space: string = IDS.spaceKitchen) => `${sb.baseUrl}/v1/spaces/completions/${space}`;

  it('returns the documented completion result', async () => {
    const res = await call(url(), {
      method: 'POST',
      json: { session_id: 's-1', message: 'How do I sharpen a knife?' },
    });
    expect(res.status).toBe(200);
    const result = CompletionResultRecord.documented.parse(res.body);
    expect(result.user_message).toBe('How do I sharpen a knife?');
    expect(result.message_id).toMatch(/^\d+$/);
    expect(result.assistant_message).toContain('whetstone');
    expect(result.token_usage.model_name).toBe('sandbox-extractive');
  });

  it.each([
    [{ message: 'hi' }, 'session_id is required'],
    [{ session_id: 's' }, 'message is required'],
    [{ session_id: 's', message: '' }, 'message must not be empty'],
    [{ session_id: 's', message: 'hi', stream: 'yes' }, 'stream must be a boolean'],
    [{ session_id: 's', message: 'hi', dataset_ids: 'a' }, 'dataset_ids must be an array of strings'],
    [{ session_id: 's', message: 'hi', document_ids: [1] }, 'document_ids[] must be a string'],
    [{ session_id: 's', message: 'hi', context_params: [] }, 'context_params must be an object'],
    [{ session_id: 's', message: 'hi', context_documents_mode: 1.5 }, 'context_documents_mode must be an integer'],
  ])('refuses %j with 422', async (body, message) => {
    expect(expectError(await call(url(), { method: 'POST', json: body }), 422)).toContain(message);
  });

  it('refuses a space_id that is not an integer (422) and answers 404 for unknown ids', async () => {
    expect(
      expectError(await call(url('abc'), { method: 'POST', json: { session_id: 's', message: 'hi' } }), 422),
    ).toContain('space_id must be an integer');
    expect(
      expectError(await call(url('999'), { method: 'POST', json: { session_id: 's', message: 'hi' } }), 404),
    ).toContain('space 999 not found');
    expectError(await call(url(), { method: 'POST', json: { session_id: 's', message: 'hi', dataset_id: '1' } }), 404);
    expectError(
      await call(url(), { method: 'POST', json: { session_id: 's', message: 'hi', document_ids: ['1'] } }),
      404,
    );
    expectError(
      await call(url(), { method: 'POST', json: { session_id: 's', message: 'hi', conversation_id: '1' } }),
      404,
    );
  });
});
