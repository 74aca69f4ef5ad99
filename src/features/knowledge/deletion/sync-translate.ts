import type { QueryClient } from '@tanstack/react-query';
import type { Translate } from '../../../i18n';
import type { DeletionRuntime } from './runtime';

/** What the mounted deletion sync hands the runtime's callbacks: its query client and the language on screen. */
export interface SyncContext {
  queryClient: QueryClient;
  t: Translate;
}

export type Mounted = { current: SyncContext };

export const latestSyncContext = (runtime: DeletionRuntime): SyncContext | undefined =>
  runtime.latestSync<Mounted>()?.current;

/** The language on screen for a message a runtime callback shows (none before a page mounted the sync). */
export const syncTranslate = (runtime: DeletionRuntime): Translate | undefined => latestSyncContext(runtime)?.t;
