import { countTokens } from 'gpt-tokenizer';
import type { CompletionResultWire } from '../contract';

type TokenUsageWire = CompletionResultWire['token_usage'];

/** token_usage counted with gpt-tokenizer (o200k_base); total is always prompt + completion. */
export function tokenUsage(
  modelName: string,
  prompt: string,
  completion: string,
  successfulRequests = 1,
): TokenUsageWire {
  const prompt_tokens = countTokens(prompt);
  const completion_tokens = countTokens(completion);
  return {
    model_name: modelName,
    prompt_tokens,
    completion_tokens,
    total_tokens: prompt_tokens + completion_tokens,
    successful_requests: successfulRequests,
  };
}
