import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionResultRecord, DocumentChunk } from '../contract';
import { CJK_FIXTURE, CJK_IDS, CJK_TOKEN } from './cjk-fixture';
import { GOLDEN_FIXTURE, GOLDEN_QUESTIONS, GOLDEN_SPACE, GOLDEN_TOKEN } from './golden-corpus';
import { NOTHING_FOUND_REPLY } from './retrieval/extractive';
import { startSandbox, type RunningSandbox } from './sandbox';
import { call } from './test-support';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ fixture: CJK_FIXTURE, llm: null, streamDelayMs: 0 });
});
afterAll(async () => {
  await sb.close();
});

async function ask(baseUrl: string, token: string, space: string, body: Record<string, unknown>) {
  const res = await call(`${baseUrl}/v1/spaces/completions/${space}`, {
    method: 'POST',
    token,
    json: { session_id: 's-zh', ...body },
  });
  expect(res.status, res.text).toBe(200);
  const result = CompletionResultRecord.documented.parse(res.body);
  return { result, chunks: result.document_chunks.map((c) => DocumentChunk.parse(c)) };
}
const complete = (space: string, message: string, extra: Record<string, unknown> = {}) =>
  ask(sb.baseUrl, CJK_TOKEN, space, { message, ...extra });

describe('Chinese questions', () => {
  it('retrieve the Chinese chunk and the answer quotes it', async () => {
    const { result, chunks } = await complete(CJK_IDS.spaceBilingual, '信标的电池能用多久？');
    expect(chunks[0]).toMatchObject({
      document_id: CJK_IDS.docZhBattery,
      document_name: '电池与充电.md',
      dataset_id: CJK_IDS.datasetZh,
      chunk_index: 0,
    });
    // The chunk is shown as written (not the spaced form the index holds).
    expect(chunks[0]!.content).toContain('信标显示屏的电池充满电后可使用约 14 天。');
    expect(result.assistant_message).toContain('信标显示屏的电池充满电后可使用约 14 天。');
    expect(result.assistant_message).toMatch(/\n\nSources: 电池与充电\.md$/);
    // No English document shares a word with a Chinese-only question.
    expect(chunks.every((c) => c.dataset_id === CJK_IDS.datasetZh)).toBe(true);
  });

  it('pick the document about the question among Chinese documents', async () => {
    const { result, chunks } = await complete(CJK_IDS.spaceBilingual, '配对模式多久会超时？');
    expect(chunks[0]!.document_id).toBe(CJK_IDS.docZhWifi);
    expect(result.assistant_message).toContain('配对模式会在 10 分钟后自动超时');
    const refund = await complete(CJK_IDS.spaceBilingual, '多少天内可以全额退款');
    expect(refund.chunks[0]!.document_id).toBe(CJK_IDS.docZhReturns);
    expect(refund.result.assistant_message).toContain('45 天内可以申请全额退款');
  });

  it('work for Japanese too', async () => {
    const { result, chunks } = await complete(CJK_IDS.spaceBilingual, 'ビーコンの電池はどのくらい持ちますか？');
    expect(chunks[0]!.document_id).toBe(CJK_IDS.docJaBattery);
    expect(result.assistant_message).toContain('満充電で約14日間持ちます');
  });

  it('with only function words find nothing, plainly', async () => {
    const { result, chunks } = await complete(CJK_IDS.spaceBilingual, '是什么？');
    expect(chunks).toEqual([]);
    expect(result.assistant_message).toBe(NOTHING_FOUND_REPLY);
  });

  it('keep working across turns: a follow-up uses the previous Chinese question', async () => {
    const first = await call(`${sb.baseUrl}/v1/spaces/completions/${CJK_IDS.spaceBilingual}`, {
      method: 'POST',
      token: CJK_TOKEN,
      json: { session_id: 's', message: '信标的电池能用多久？' },
    });
    const conversationId = first.headers.get('x-conversation-id');
    const { chunks } = await complete(CJK_IDS.spaceBilingual, '那充电呢？', { conversation_id: conversationId });
    expect(chunks[0]!.document_id).toBe(CJK_IDS.docZhBattery);
  });
});

describe('mixed Chinese and English questions', () => {
  it('use both parts: Latin words glued to Chinese still count', async () => {
    const { result, chunks } = await complete(CJK_IDS.spaceBilingual, 'Beacon Display的电池能用多久？');
    expect(chunks[0]!.document_id).toBe(CJK_IDS.docZhBattery);
    expect(chunks[0]!.score).toBe(1); // every term (beacon, display, 电池, 用) is in that chunk
    expect(result.assistant_message).toContain('约 14 天');
  });

  it('find the documents of both languages when both parts match', async () => {
    const { result, chunks } = await complete(CJK_IDS.spaceBilingual, 'Beacon Display battery 电池');
    const docs = chunks.map((c) => c.document_id);
    expect(docs).toContain(CJK_IDS.docEnBattery);
    expect(docs).toContain(CJK_IDS.docZhBattery);
    expect(result.assistant_message).toContain('Sources: battery.md; 电池与充电.md');
    // An English sentence after a Chinese one keeps its space; Chinese sentences are not spaced.
    expect(result.assistant_message).not.toMatch(/。[A-Za-z]/);
  });
});

describe('English questions', () => {
  it('are answered from English documents as before', async () => {
    const { result, chunks } = await complete(CJK_IDS.spaceBilingual, 'How long does the Beacon Display battery last?');
    expect(chunks[0]!.document_id).toBe(CJK_IDS.docEnBattery);
    expect(result.assistant_message).toContain('lasts about 14 days');
  });

  it('give exactly the results recorded before CJK segmentation existed (chunks, order, scores, replies)', async () => {
    const golden = JSON.parse(readFileSync(new URL('./golden-english.json', import.meta.url), 'utf8')) as {
      message: string;
      chunks: string[];
      assistant_message: string;
    }[];
    expect(golden.map((g) => g.message)).toEqual(GOLDEN_QUESTIONS);
    expect(golden.reduce((n, g) => n + g.chunks.length, 0)).toBeGreaterThan(100);
    const english = await startSandbox({ fixture: GOLDEN_FIXTURE, llm: null, streamDelayMs: 0 });
    try {
      for (const g of golden) {
        const { result } = await ask(english.baseUrl, GOLDEN_TOKEN, GOLDEN_SPACE, { message: g.message });
        const got = result.document_chunks
          .map((raw) => DocumentChunk.parse(raw))
          .map((c) => `${c.document_id}#${c.chunk_index}@${c.score}`);
        expect({ message: g.message, chunks: got, assistant_message: result.assistant_message }).toEqual(g);
      }
    } finally {
      await english.close();
    }
  });
});

describe('top_k and score_threshold with Chinese', () => {
  it('a dataset gives at most top_k chunks', async () => {
    // Three Chinese documents mention 信标 and each is found on its own…
    for (const doc of [CJK_IDS.docZhBattery, CJK_IDS.docZhWifi, CJK_IDS.docZhReturns]) {
      const alone = await complete(CJK_IDS.spaceBilingual, '信标', { document_id: doc });
      expect(alone.chunks.map((c) => c.document_id)).toEqual([doc]);
    }
    // …but the dataset (top_k 2) gives two of them.
    const { chunks } = await complete(CJK_IDS.spaceBilingual, '信标', { dataset_id: CJK_IDS.datasetZh });
    expect(chunks).toHaveLength(2);
    const strict = await complete(CJK_IDS.spaceStrict, '信标 电池 配对');
    expect(strict.chunks.length).toBeLessThanOrEqual(1);
  });

  it('chunks under the dataset score_threshold are dropped', async () => {
    // One term of three matches (coverage 1/3): above 0.3, under 0.9.
    const lenient = await complete(CJK_IDS.spaceBilingual, '电池 冰川 火山', { dataset_id: CJK_IDS.datasetZh });
    expect(lenient.chunks.map((c) => c.document_id)).toEqual([CJK_IDS.docZhBattery]);
    expect(lenient.chunks[0]!.score!).toBeGreaterThanOrEqual(0.3);
    expect(lenient.chunks[0]!.score!).toBeLessThan(0.9);
    const strict = await complete(CJK_IDS.spaceStrict, '电池 冰川 火山');
    expect(strict.chunks).toEqual([]);
    expect(strict.result.assistant_message).toBe(NOTHING_FOUND_REPLY);
    // The full question clears 0.9 in the same strict dataset.
    const full = await complete(CJK_IDS.spaceStrict, '信标的电池能用多久？');
    expect(full.chunks.map((c) => c.document_id)).toEqual([CJK_IDS.docZhStrictBattery]);
    expect(full.chunks[0]!.score!).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the demo fixture (DEMO.md sample questions in Chinese)', () => {
  it('answers the Chinese and the mixed sample questions from the Chinese document in space 103', async () => {
    const demo = await startSandbox({ llm: null, streamDelayMs: 0 });
    try {
      const samples: [string, string][] = [
        ['信标的电池能用多久？', '约 14 天'],
        ['Beacon Display 的电池能用多久？', '约 14 天'],
        ['传感器盒的电池可以用几年？', '最长可用 3 年'],
      ];
      for (const [message, fact] of samples) {
        const { result, chunks } = await ask(demo.baseUrl, 'sandbox-demo-token', '103', { message });
        expect(chunks[0]!.document_id, message).toBe('831506272047425');
        expect(result.assistant_message, message).toContain(fact);
      }
      // The English sample question of space 101 still answers from the English handbook.
      const en = await ask(demo.baseUrl, 'sandbox-demo-token', '101', {
        message: 'How long does the Beacon battery last on a full charge?',
      });
      expect(en.chunks[0]!.document_id).toBe('831506272047403');
      expect(en.result.assistant_message).toContain('about 14 days');
    } finally {
      await demo.close();
    }
  });
});
