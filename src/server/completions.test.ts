import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompletionResultRecord,
  ConversationRecord,
  DocumentChunk,
  STREAM_DONE,
  StreamResultEvent,
  StreamTextEvent,
} from '../contract';
import { NOTHING_FOUND_REPLY } from './retrieval/extractive';
import type { RunningSandbox } from './sandbox';
import { IDS, TOKEN, call, expectError, startTestSandbox } from './test-support';

let sb: RunningSandbox;
let slow: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  slow = await startTestSandbox({ streamDelayMs: 20 });
});
afterAll(async () => {
  await sb.close();
  await slow.close();
});

const url = (space: string, base = sb.baseUrl) => `${base}/v1/spaces/completions/${space}`;
async function complete(space: string, body: Record<string, unknown>) {
  const res = await call(url(space), { method: 'POST', json: { session_id: 's-1', ...body } });
  expect(res.status, res.text).toBe(200);
  return {
    result: CompletionResultRecord.documented.parse(res.body),
    conversationId: res.headers.get('x-conversation-id'),
    res,
  };
}
const chunksOf = (result: { document_chunks: unknown[] }) => result.document_chunks.map((c) => DocumentChunk.parse(c));

describe('retrieval', () => {
  it('answers from the space datasets with chunks carrying id, name, dataset, index, content and a 0..1 score', async () => {
    const { result } = await complete(IDS.spaceKitchen, {
      message: 'How often should I sharpen a knife on a whetstone?',
    });
    const chunks = chunksOf(result);
    expect(chunks.length).toBeGreaterThan(0);
    for (const raw of result.document_chunks) {
      expect(Object.keys(raw as object).sort()).toEqual([
        'chunk_index',
        'content',
        'dataset_id',
        'document_id',
        'document_name',
        'score',
      ]);
    }
    expect(chunks[0]).toMatchObject({
      document_id: IDS.docKnife,
      document_name: 'Knife care',
      dataset_id: IDS.datasetKitchen,
      chunk_index: 0,
    });
    for (const c of chunks) {
      expect(c.score).toBeGreaterThanOrEqual(0.3); // the kitchen dataset's score_threshold
      expect(c.score).toBeLessThanOrEqual(1);
    }
    expect(chunks.map((c) => c.score)).toEqual([...chunks.map((c) => c.score!)].sort((a, b) => b - a));
    expect(result.assistant_message).toContain('sharpen it on a whetstone every month');
    expect(result.assistant_message).toContain('Sources: Knife care');
  });

  it('never looks outside the space datasets unless asked', async () => {
    const { result } = await complete(IDS.spaceKitchen, { message: 'glacier ablation stakes' });
    expect(result.document_chunks).toEqual([]);
    expect(result.assistant_message).toBe(NOTHING_FOUND_REPLY);
  });

  it('restricts to dataset_id / dataset_ids when given', async () => {
    const { result } = await complete(IDS.spaceKitchen, {
      message: 'glacier ablation stakes',
      dataset_ids: [IDS.datasetGlaciers],
    });
    expect(chunksOf(result).every((c) => c.dataset_id === IDS.datasetGlaciers)).toBe(true);
    expect(result.document_chunks.length).toBeGreaterThan(0);
    const faqOnly = await complete(IDS.spaceKitchen, {
      message: 'paper jam printer knife',
      dataset_id: IDS.datasetFaq,
    });
    expect(chunksOf(faqOnly.result).every((c) => c.dataset_id === IDS.datasetFaq)).toBe(true);
  });

  it('restricts to document_id / document_ids when given', async () => {
    const { result } = await complete(IDS.spaceKitchen, { message: 'knife starter soup', document_ids: [IDS.docSoup] });
    expect(chunksOf(result).map((c) => c.document_id)).toEqual([IDS.docSoup]);
    const none = await complete(IDS.spaceKitchen, { message: 'whetstone', document_id: IDS.docSourdough });
    expect(none.result.document_chunks).toEqual([]);
  });

  it('honours top_k and adds the neighbouring chunks of retrieval_chunk_expansion', async () => {
    // Glaciers: top_k 2, expansion pre 1 / next 1, chunk_size 256 tokens.
    const { result } = await complete(IDS.spaceResearch, { message: 'radar soundings ice thickness bedrock' });
    const chunks = chunksOf(result);
    const indexes = chunks.map((c) => c.chunk_index!);
    expect(new Set(indexes).size).toBe(indexes.length);
    expect(chunks.length).toBeGreaterThan(2); // hits plus neighbours
    expect(chunks.length).toBeLessThanOrEqual(2 * 3);
    const hit = chunks.find((c) => c.content!.includes('Radar soundings'))!;
    expect(hit).toBeDefined();
    expect(indexes).toContain(hit.chunk_index! - 1);
    for (const c of chunks) expect(countTokens(c.content!)).toBeLessThanOrEqual(256);
  });

  it('drops chunks under the dataset score_threshold', async () => {
    const { result } = await complete(IDS.spaceKitchen, {
      message: 'knife bread soup tomatoes garlic basil cream stock',
    });
    for (const c of chunksOf(result)) expect(c.score!).toBeGreaterThanOrEqual(0.3);
    // A question matching only weakly (one term of eight) elsewhere keeps just the strong chunk of the best document.
    expect(chunksOf(result)[0]!.document_id).toBe(IDS.docSoup);
  });

  it('is deterministic', async () => {
    const a = await complete(IDS.spaceResearch, { message: 'How is the mass balance of a glacier measured?' });
    const b = await complete(IDS.spaceResearch, { message: 'How is the mass balance of a glacier measured?' });
    expect(b.result.assistant_message).toBe(a.result.assistant_message);
    expect(b.result.document_chunks).toEqual(a.result.document_chunks);
    expect(a.result.assistant_message).toContain('accumulation minus ablation');
  });

  it('says plainly when nothing is found, and survives text that is FTS5 syntax', async () => {
    const nothing = await complete(IDS.spaceKitchen, { message: 'what is it?' });
    expect(nothing.result.assistant_message).toBe(NOTHING_FOUND_REPLY);
    for (const message of [
      '"unbalanced',
      'NEAR(a b) AND OR NOT * ^ : -',
      'knife*',
      'col:knife',
      '((((',
      '🔪 "" \'\'',
    ]) {
      const { result } = await complete(IDS.spaceKitchen, { message });
      expect(typeof result.assistant_message).toBe('string');
    }
  });

  it('counts token_usage with a real tokenizer, total = prompt + completion', async () => {
    const { result } = await complete(IDS.spaceKitchen, { message: 'How do I bake sourdough bread?' });
    const u = result.token_usage;
    expect(u.model_name).toBe('sandbox-extractive');
    expect(u.completion_tokens).toBe(countTokens(result.assistant_message));
    expect(u.prompt_tokens).toBeGreaterThan(countTokens(result.user_message));
    expect(u.total_tokens).toBe(u.prompt_tokens + u.completion_tokens);
    expect(u.successful_requests).toBe(1);
  });
});

describe('conversations', () => {
  it('creates a conversation when none is given and names it in X-Conversation-Id', async () => {
    const { conversationId } = await complete(IDS.spaceKitchen, {
      message: 'How do I feed the sourdough starter?',
      external_user_id: 'ext-42',
    });
    expect(conversationId).toMatch(/^\d+$/);
    const res = await call(`${sb.secondaryUrl}/v1/conversations/${conversationId}`, { method: 'PUT', json: {} });
    expect(res.status).toBe(200);
    expect(ConversationRecord.documented.parse(res.body)).toMatchObject({
      title: 'How do I feed the sourdough starter?',
      third_user_id: 'ext-42',
      status: 1,
    });
  });

  it('later turns with the same conversation_id see the earlier ones', async () => {
    const first = await complete(IDS.spaceKitchen, { message: 'How do I feed the sourdough starter?' });
    const alone = await complete(IDS.spaceKitchen, { message: 'What else should I know?' });
    expect(alone.result.document_chunks).toEqual([]);
    const follow = await complete(IDS.spaceKitchen, {
      message: 'What else should I know?',
      conversation_id: first.conversationId,
    });
    expect(follow.conversationId).toBe(first.conversationId);
    expect(chunksOf(follow.result)[0]!.document_id).toBe(IDS.docSourdough);
    expect(follow.result.assistant_message).not.toBe(NOTHING_FOUND_REPLY);
  });

  it('answers 404 for an unknown or deleted conversation_id', async () => {
    expectError(
      await call(url(IDS.spaceKitchen), {
        method: 'POST',
        json: { session_id: 's', message: 'bread', conversation_id: 'nope' },
      }),
      404,
    );
    const { conversationId } = await complete(IDS.spaceKitchen, { message: 'bread' });
    await call(`${sb.secondaryUrl}/v1/conversations/${conversationId}`, { method: 'DELETE' });
    expectError(
      await call(url(IDS.spaceKitchen), {
        method: 'POST',
        json: { session_id: 's', message: 'bread', conversation_id: conversationId },
      }),
      404,
    );
  });
});

/** Reads an SSE body event by event, noting when each arrived. */
async function readEvents(res: Response): Promise<{ data: string; at: number }[]> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { data: string; at: number }[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      expect(block.startsWith('data: ')).toBe(true);
      events.push({ data: block.slice('data: '.length), at: performance.now() });
    }
  }
  expect(buffer).toBe('');
  return events;
}

describe('streaming', () => {
  const post = (body: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(url(IDS.spaceResearch, slow.baseUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ session_id: 's', stream: true, ...body }),
      ...(signal ? { signal } : {}),
    });

  it('sends deltas as they are written, then the full result, then [DONE]', async () => {
    const res = await post({ message: 'How is the mass balance of a glacier measured?' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-conversation-id')).toMatch(/^\d+$/);
    const events = await readEvents(res);
    expect(events.at(-1)!.data).toBe(STREAM_DONE);
    const resultEvent = StreamResultEvent.parse(JSON.parse(events.at(-2)!.data));
    const result = CompletionResultRecord.documented.parse(resultEvent.result);
    const deltas = events.slice(0, -2).map((e) => StreamTextEvent.parse(JSON.parse(e.data)));
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.every((d) => d.type === 'stream')).toBe(true);
    expect(deltas.map((d) => d.message).join('')).toBe(result.assistant_message);
    // Text reached the client well before the end (20 ms between deltas).
    expect(events.at(-1)!.at - events[0]!.at).toBeGreaterThan((deltas.length - 1) * 20 * 0.5);
  });

  it('stops when the client goes away, and keeps serving', async () => {
    const controller = new AbortController();
    const res = await post({ message: 'How is the mass balance of a glacier measured?' }, controller.signal);
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    const next = await call(url(IDS.spaceResearch, slow.baseUrl), {
      method: 'POST',
      json: { session_id: 's', message: 'radar' },
    });
    expect(next.status).toBe(200);
  });

  it('answers errors before streaming as plain ErrorResponse JSON', async () => {
    const res = await post({ message: '' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 422 });
  });
});
