import { ANSWER_BOUNDS } from './bounds';
import { HttpError } from './http/errors';
import type { RetrievedChunk } from './retrieval/search';
import type { Turn } from './store/store';

/** An OpenAI-compatible endpoint (POST {baseUrl}/chat/completions); optional, off unless configured. */
export interface LlmConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | undefined {
  const baseUrl = env.SANDBOX_LLM_BASE_URL?.trim();
  const model = env.SANDBOX_LLM_MODEL?.trim();
  if (!baseUrl || !model) return undefined;
  const apiKey = env.SANDBOX_LLM_API_KEY?.trim();
  return { baseUrl: baseUrl.replace(/\/+$/, ''), model, ...(apiKey ? { apiKey } : {}) };
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The messages a model would be given; also what prompt_tokens counts for the extractive reply. */
export function buildMessages(
  question: string,
  chunks: readonly RetrievedChunk[],
  history: readonly Turn[],
): ChatMessage[] {
  const context =
    chunks.length === 0
      ? 'No passages were retrieved.'
      : chunks.map((c, i) => `[${i + 1}] ${c.document_name} (chunk ${c.chunk_index}):\n${c.content}`).join('\n\n');
  return [
    {
      role: 'system',
      content:
        'Answer the user from the numbered passages below. If they do not contain the answer, say so plainly. ' +
        `Name the documents you used.\n\nPassages:\n${context}`,
    },
    ...history.map((t) => ({ role: t.role, content: t.content })),
    { role: 'user', content: question },
  ];
}

export interface LlmReply {
  text: string;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

/** One non-streamed chat completion. Its failure is a 502 (a fault of the upstream, not of the request). */
export async function llmReply(config: LlmConfig, messages: readonly ChatMessage[]): Promise<LlmReply> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, messages, stream: false }),
      signal: AbortSignal.timeout(ANSWER_BOUNDS.llmTimeoutMs),
    });
  } catch (err) {
    throw new HttpError(
      502,
      `the configured LLM endpoint could not be reached: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!response.ok) throw new HttpError(502, `the configured LLM endpoint answered HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new HttpError(502, 'the configured LLM endpoint answered something that is not JSON');
  }
  const b = body as {
    choices?: { message?: { content?: unknown } }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const text = b.choices?.[0]?.message?.content;
  if (typeof text !== 'string')
    throw new HttpError(502, 'the configured LLM endpoint answered without choices[0].message.content');
  const p = b.usage?.prompt_tokens;
  const c = b.usage?.completion_tokens;
  return Number.isInteger(p) && Number.isInteger(c)
    ? { text, usage: { prompt_tokens: p as number, completion_tokens: c as number } }
    : { text };
}
