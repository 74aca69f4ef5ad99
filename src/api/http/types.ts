import type { z } from '../../contract/zod';
import type {
  CompletionBody,
  CompletionResult,
  Conversation,
  Dataset,
  DocumentBaseInfo,
  DocumentFullText,
  DriftWarning,
  EndpointName,
  KnowledgeRead,
  KnowledgeWithSettingsRead,
  ParseResult,
  QueryBaseBody,
  StatusMessage,
  UpdateConversationBody,
} from '../../contract';

/**
 * What each endpoint's answer reads as (the tolerant view). The endpoint table erases its records'
 * types, so they are named here; `satisfies` keeps the list complete.
 */
export type EndpointData = {
  deleteKnowledgeDocument: StatusMessage;
  updateConversation: Conversation;
  deleteConversation: Conversation;
  getKnowledge: KnowledgeRead | KnowledgeWithSettingsRead;
  getDataset: Dataset;
  queryDocumentBase: DocumentBaseInfo;
  getDocumentTexts: DocumentFullText;
  chatCompletions: CompletionResult;
};
// Fails to compile when an endpoint is added to the table but not here.
type Exhaustive<T extends Record<EndpointName, unknown>> = T;
export type EndpointDataChecked = Exhaustive<EndpointData>;

/** Request bodies, for the endpoints that take one. */
export type EndpointBody = {
  updateConversation: z.input<typeof UpdateConversationBody>;
  queryDocumentBase: z.input<typeof QueryBaseBody>;
  chatCompletions: z.input<typeof CompletionBody>;
};

/** A successful call: the tolerant data plus everything a page needs to show drift and the raw answer. */
export interface ApiResult<T> {
  data: T;
  /** Where the answer differs from the documented shape; empty when it matches. */
  drift: DriftWarning[];
  /** The answer parsed as JSON, before any normalisation. */
  raw: unknown;
  /** The answer exactly as received. */
  rawText: string;
  status: number;
  durationMs: number;
  /** The request-log entry of the call. */
  logId: string;
  /** Response headers (names lower-case), e.g. the sandbox's x-conversation-id on completions. */
  headers: Record<string, string>;
}

/** Anything that parses an answer the way the contract's records do. */
export interface ResponseParser {
  parse(raw: unknown): ParseResult<unknown>;
}
