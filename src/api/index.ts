/**
 * The service's transport: the two-host client, streams, the completion runner, the request log, React Query's keys
 * and options. Profiles, storage and the catalog are src/lib's; the suites engine is src/suite-engine's.
 */
export { CALL_BOUNDS } from './constants';

export { PROBE_ID, testConnection, type HostCheck } from './connection/test-connection';
export { hostAnswers } from './connection/host-answers';

export { ApiError, isApiError, type ApiErrorInit, type ApiErrorKind } from './http/errors';
export {
  fieldPathText,
  matchFieldErrors,
  readErrorBody,
  HEADLINE_MAX,
  type ErrorBody,
  type ErrorDialect,
  type ServiceFieldError,
} from './http/error-body';
export { PROXY_ERROR_HEADER, PROXY_PREFIX, TARGET_HEADER, hostHeaders, hostUrl, targetUrl } from './http/host';
export {
  callEndpoint,
  httpError,
  queryString,
  CONVERSATION_ID_HEADER,
  type CallOptions,
  type QueryValue,
} from './http/client';
export { openCompletionStream, type StreamOptions } from './http/stream';
export type { ApiResult } from './http/types';

export { shellQuote, toCurl } from './log/curl';

export {
  authRefusals,
  createAuthRefusals,
  isAuthError,
  reportRefusedWrite,
  type AuthErrorEvent,
  type AuthRefusalListener,
  type AuthRefusals,
} from './auth/refusals';
export {
  createQueryClient,
  isRetryableError,
  retryDelayMs,
  shouldRetryQuery,
  type QueryClientOptions,
} from './query/client';
export { NO_PROFILE_KEY, apiKeys, profileKey } from './query/keys';
export { HEALTH_CHECK_INTERVAL_MS, clearAnswers, healthKey, healthQuery, isHealthKey } from './query/health';
export {
  datasetQuery,
  documentBaseQuery,
  documentTextsQuery,
  documentTextsPreviewQuery,
  knowledgeQuery,
  type KnowledgeQueryOptions,
  type ProfileOption,
} from './query/options';
export {
  chatCompletion,
  deleteConversation,
  deleteKnowledgeDocument,
  updateConversation,
  type MutationCallOptions,
} from './query/mutations';

// Built by other helpers inside src/api; re-exported so features import one module.
export { createSseParser, readSse, type SseMessage, type SseParser } from './stream/sse';
export { completionEvents, interpretPayload, type CompletionStreamEvent } from './stream/completion-stream';
export { isStreamStalled, streamStalled } from './stream/idle-limit';
export * from './completion';

// The local sandbox: whether a profile is one, and the demo records offered to start from.
export {
  sandboxStartersQuery,
  starterName,
  startersOf,
  useSandboxStarters,
  type Starter,
  type Starters,
} from './sandbox/starters';
export { sandboxDemoQuery, useSandboxProfile } from './sandbox/detect';
