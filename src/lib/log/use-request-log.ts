import { useSyncExternalStore } from 'react';
import { requestLog, type RequestLog, type RequestLogEntry } from './request-log';

/** The request log's entries, oldest first; re-renders on every change. */
export function useRequestLog(log: RequestLog = requestLog): readonly RequestLogEntry[] {
  return useSyncExternalStore(log.subscribe, log.getEntries, log.getEntries);
}
