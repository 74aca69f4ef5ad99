/**
 * The browser app's own infrastructure, below the service's transport: connection profiles and the grader's
 * settings, the one IndexedDB module and web storage, the id catalog, ids. Imports only the contract. (csv.ts, the
 * one CSV reader and writer, is imported by its path: papaparse stays in the chunks of the pages that use it.)
 */
export {
  DEFAULT_KNOWLEDGE_SETTINGS_PARAM,
  ProfileInput,
  ConsoleConfig,
  type ConnectionProfile,
} from './profiles/profile';
export {
  STORAGE_KEYS,
  connectionStore,
  createConnectionStore,
  loadConsoleConfig,
  parseConsoleConfig,
  type ActiveChangeListener,
  type ConnectionState,
  type ConnectionStore,
  type ConnectionStoreOptions,
} from './profiles/store';
export { useConnection } from './profiles/use-connection';
export {
  activeGrader,
  createGraderStore,
  GRADER_STORAGE_KEYS,
  graderStore,
  useGraderSettings,
  type GraderSettings,
  type GraderStore,
} from './profiles/grader-store';

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

export * from './catalog';
export { useCatalog } from './catalog/use-catalog';
export { newId } from './ids';
export {
  capBody,
  createRequestLog,
  exportLog,
  LOG_BOUNDS,
  redactHeaders,
  requestLog,
  type CallErrorKind,
  type RequestLog,
  type RequestLogEntry,
} from './log/request-log';
export { useRequestLog } from './log/use-request-log';
export {
  createKeptHistory,
  KEEP_BODIES_KEY,
  keptHistory,
  useKeptHistory,
  type HistoryState,
  type KeptHistory,
} from './log/kept-history';
export * from './audit';
