import { z } from './zod';
import { LIMITS } from './limits';

const C = LIMITS.conversation;

/** A max-length rule whose message names the field and the limit (shown by forms, returned by the sandbox's 422). */
export const maxChars = (field: string, max: number) =>
  z.string({ error: `${field} must be a string` }).max(max, { error: `${field} must be at most ${max} characters` });

/**
 * Update conversation. The spec does not say which fields are required: every field is optional,
 * and the sandbox treats omitted fields as unchanged (a partial update).
 */
export const UpdateConversationBody = z.object({
  agent_id: maxChars('agent_id', C.agentIdMax).optional(),
  title: maxChars('title', C.titleMax).optional(),
  file_ids: z.array(z.string({ error: 'file_ids must be strings' }), { error: 'file_ids must be an array of strings' }).optional(),
  config: z
    .object({ enable_websearch: z.boolean({ error: 'config.enable_websearch must be a boolean' }).optional() }, { error: 'config must be an object' })
    .optional(),
  status: z.int({ error: 'status must be an integer' }).optional(),
  third_user_id: maxChars('third_user_id', C.thirdUserIdMax).optional(),
});
export type UpdateConversationBody = z.infer<typeof UpdateConversationBody>;

export const QueryBaseBody = z.object({
  document_id: z.string({ error: 'document_id is required and must be a string' }).min(1, { error: 'document_id must not be empty' }),
});
export type QueryBaseBody = z.infer<typeof QueryBaseBody>;

const idString = (name: string) => z.string({ error: `${name} must be a string` });
const flag = (name: string) => z.boolean({ error: `${name} must be a boolean` });

/** Chat completions. session_id and message are required by the real service; the rest are optional. */
export const CompletionBody = z.object({
  session_id: z.string({ error: 'session_id is required and must be a string' }).min(1, { error: 'session_id must not be empty' }),
  message: z.string({ error: 'message is required and must be a string' }).min(1, { error: 'message must not be empty' }),
  external_user_id: idString('external_user_id').optional(),
  conversation_id: idString('conversation_id').optional(),
  stream: flag('stream').optional(),
  refine_question: flag('refine_question').optional(),
  copilot: flag('copilot').optional(),
  dataset_id: idString('dataset_id').optional(),
  dataset_ids: z.array(idString('dataset_ids[]'), { error: 'dataset_ids must be an array of strings' }).optional(),
  document_id: idString('document_id').optional(),
  document_ids: z.array(idString('document_ids[]'), { error: 'document_ids must be an array of strings' }).optional(),
  only_dataset_tool: flag('only_dataset_tool').optional(),
  context_params: z.record(z.string(), z.unknown(), { error: 'context_params must be an object' }).optional(),
  context_documents_mode: z.int({ error: 'context_documents_mode must be an integer' }).optional(),
  retrieval_with_websearch: flag('retrieval_with_websearch').optional(),
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
