import { z } from './zod';
import { LIMITS } from './limits';

const C = LIMITS.conversation;

/** A max-length rule whose message names the field and the limit (shown by forms, returned by the sandbox's 422). */
export const maxChars = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .check(z.maxLength(max, { error: `${field} must be at most ${max} characters` }));

/**
 * Update conversation. The spec does not say which fields are required: every field is optional,
 * and the sandbox treats omitted fields as unchanged (a partial update).
 */
export const UpdateConversationBody = z.object({
  agent_id: z.optional(maxChars('agent_id', C.agentIdMax)),
  title: z.optional(maxChars('title', C.titleMax)),
  file_ids: z.optional(
    z.array(z.string({ error: 'file_ids must be strings' }), { error: 'file_ids must be an array of strings' }),
  ),
  config: z.optional(
    z.object(
      { enable_websearch: z.optional(z.boolean({ error: 'config.enable_websearch must be a boolean' })) },
      { error: 'config must be an object' },
    ),
  ),
  status: z.optional(z.int({ error: 'status must be an integer' })),
  third_user_id: z.optional(maxChars('third_user_id', C.thirdUserIdMax)),
});
export type UpdateConversationBody = z.infer<typeof UpdateConversationBody>;

export const QueryBaseBody = z.object({
  document_id: z
    .string({ error: 'document_id is required and must be a string' })
    .check(z.minLength(1, { error: 'document_id must not be empty' })),
});
export type QueryBaseBody = z.infer<typeof QueryBaseBody>;

const idString = (name: string) => z.string({ error: `${name} must be a string` });
const flag = (name: string) => z.boolean({ error: `${name} must be a boolean` });

/** Chat completions. session_id and message are required by the real service; the rest are optional. */
export const CompletionBody = z.object({
  session_id: z
    .string({ error: 'session_id is required and must be a string' })
    .check(z.minLength(1, { error: 'session_id must not be empty' })),
  message: z
    .string({ error: 'message is required and must be a string' })
    .check(z.minLength(1, { error: 'message must not be empty' })),
  external_user_id: z.optional(idString('external_user_id')),
  conversation_id: z.optional(idString('conversation_id')),
  stream: z.optional(flag('stream')),
  refine_question: z.optional(flag('refine_question')),
  copilot: z.optional(flag('copilot')),
  dataset_id: z.optional(idString('dataset_id')),
  dataset_ids: z.optional(z.array(idString('dataset_ids[]'), { error: 'dataset_ids must be an array of strings' })),
  document_id: z.optional(idString('document_id')),
  document_ids: z.optional(z.array(idString('document_ids[]'), { error: 'document_ids must be an array of strings' })),
  only_dataset_tool: z.optional(flag('only_dataset_tool')),
  context_params: z.optional(z.record(z.string(), z.unknown(), { error: 'context_params must be an object' })),
  context_documents_mode: z.optional(z.int({ error: 'context_documents_mode must be an integer' })),
  retrieval_with_websearch: z.optional(flag('retrieval_with_websearch')),
});
export type CompletionBody = z.infer<typeof CompletionBody>;

/** The spec's sample values, used as the playground's defaults. */
export const COMPLETION_DEFAULTS = {
  stream: false,
  refine_question: true,
  copilot: true,
  only_dataset_tool: false,
  context_params: {},
  context_documents_mode: 1,
  retrieval_with_websearch: false,
} as const satisfies Partial<CompletionBody>;
