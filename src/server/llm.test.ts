import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionResultRecord } from '../contract';
import { llmConfigFromEnv } from './llm';
import type { RunningSandbox } from './sandbox';
import { IDS, call, expectError, startTestSandbox } from './test-support';

/** A local stand-in for an OpenAI-compatible endpoint: records requests, answers a fixed reply. */
let fake: Server;
let fakeUrl: string;
let mode: 'ok' | 'fail' | 'no-usage' = 'ok';
const seen: {
  auth: string | undefined;
  path: string;
  body: { model: string; messages: { role: string; content: string }[] };
}[] = [];

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
}

let sb: RunningSandbox;
beforeAll(async () => {
  fake = createServer((req, res) => {
    void readJson(req).then((body) => {
      seen.push({ auth: req.headers.authorization, path: req.url ?? '', body: body as (typeof seen)[number]['body'] });
      if (mode === 'fail') {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content: 'Hone before each use. [Knife care]' } }],
          ...(mode === 'ok' ? { usage: { prompt_tokens: 111, completion_tokens: 9, total_tokens: 120 } } : {}),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  sb = await startTestSandbox({ llm: { baseUrl: fakeUrl, model: 'fake-model', apiKey: 'sk-local' } });
});
afterAll(async () => {
  await sb.close();
  await new Promise((resolve) => fake.close(resolve));
});

const ask = (message: string, extra: Record<string, unknown> = {}) =>
  call(`${sb.baseUrl}/v1/spaces/completions/${IDS.spaceKitchen}`, {
    method: 'POST',
    json: { session_id: 's', message, ...extra },
  });

describe('optional OpenAI-compatible model', () => {
  it('writes the reply from the retrieved chunks and reports the model usage', async () => {
    mode = 'ok';
    const res = await ask('How do I sharpen a knife?');
    const result = CompletionResultRecord.documented.parse(res.body);
    expect(result.assistant_message).toBe('Hone before each use. [Knife care]');
    expect(result.token_usage).toEqual({
      model_name: 'fake-model',
      prompt_tokens: 111,
      completion_tokens: 9,
      total_tokens: 120,
      successful_requests: 1,
    });
    const request = seen.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.auth).toBe('Bearer sk-local');
    expect(request.body.model).toBe('fake-model');
    expect(request.body.messages[0]!.content).toContain('whetstone');
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: 'How do I sharpen a knife?' });
  });

  it('passes earlier turns of the conversation to the model', async () => {
    mode = 'ok';
    const first = await ask('How do I sharpen a knife?');
    await ask('And how do I store it?', { conversation_id: first.headers.get('x-conversation-id') });
    const roles = seen.at(-1)!.body.messages.map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('counts tokens itself when the model reports no usage', async () => {
    mode = 'no-usage';
    const result = CompletionResultRecord.documented.parse((await ask('knife')).body);
    expect(result.token_usage.model_name).toBe('fake-model');
    expect(result.token_usage.total_tokens).toBe(
      result.token_usage.prompt_tokens + result.token_usage.completion_tokens,
    );
  });

  it('answers 502 with an ErrorResponse when the model fails', async () => {
    mode = 'fail';
    expect(expectError(await ask('knife'), 502)).toContain('HTTP 503');
  });

  it('is configured from SANDBOX_LLM_* and off without them', () => {
    expect(llmConfigFromEnv({})).toBeUndefined();
    expect(llmConfigFromEnv({ SANDBOX_LLM_BASE_URL: 'http://127.0.0.1:1/v1/', SANDBOX_LLM_MODEL: 'm' })).toEqual({
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'm',
    });
  });
});
