/** The console's typed fetch layer: connection profiles, the two-host client, the request log, React Query. */
export { CALL_BOUNDS } from './constants';

export {
  DEFAULT_KNOWLEDGE_SETTINGS_PARAM,
  ProfileInput,
  ConsoleConfig,
  type ConnectionProfile,
} from './connection/profile';
export {
  STORAGE_KEYS,
  connectionStore,
  createConnectionStore,
  loadConsoleConfig,
  parseConsoleConfig,
  useConnection,
  type ActiveChangeListener,
  type ConnectionState,
  type ConnectionStore,
  type ConnectionStoreOptions,
} from './connection/store';
export { PROBE_ID, testConnection, type HostCheck } from './connection/test-connection';
export { hostAnswers } from './connection/host-answers';
export {
  activeGrader,
  createGraderStore,
  GRADER_STORAGE_KEYS,
  graderStore,
  useGraderSettings,
  type GraderSettings,
  type GraderStore,
} from './connection/grader-store';

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

export {
  capBody,
  createRequestLog,
  exportLog,
  redactHeaders,
  requestLog,
  type RequestLog,
  type RequestLogEntry,
} from './log/request-log';
export { shellQuote, toCurl } from './log/curl';
export { useRequestLog } from './log/use-request-log';

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

export {
  createKeptDb,
  DB_NAME,
  DB_VERSION,
  isKeptDbError,
  KEPT_STORES,
  KeptDbError,
  keptDbErrorOf,
  keptDbWrapperLoaded,
  type KeptDb,
  type KeptDbErrorKind,
  type KeptDbOptions,
  type KeptRows,
  type KeptStore,
  type KeptStoreName,
  type KeptTx,
} from './storage/kept-db';
export { KeptDbContext, useKeptDb } from './storage/kept-db-context';
export {
  browserStorage,
  safeStorage,
  type ReadJsonOptions,
  type SafeStorage,
  type StorageLike,
} from './storage/web-storage';
export { newId } from './ids';

// Built by other helpers inside src/api; re-exported so features import one module.
export * from './catalog';
export { createSseParser, readSse, type SseMessage, type SseParser } from './stream/sse';
export { completionEvents, interpretPayload, type CompletionStreamEvent } from './stream/completion-stream';
export { isStreamStalled, streamStalled } from './stream/idle-limit';
export * from './completion';

// Space test suites: the engine shared with `npm run suite`.
export * from './suites';

// The local sandbox: whether a profile is one, and the demo records offered to start from.
export { DEMO_QUESTIONS, DEMO_RECORDS, type DemoRecord } from './sandbox/demo-records';
export { sandboxDemoQuery, useSandboxProfile } from './sandbox/detect';
