import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { authRefusals, clearAnswers, createQueryClient } from '../api';
import { connectionStore, KeptDbContext, requestLog, type KeptDb } from '../lib';
import {
  DeletionRuntimeContext,
  createDeletionRuntimeSlot,
  onRuntimeFilled,
} from '../features/knowledge/deletion/runtime-context';
import { I18nProvider, type Locale } from '../i18n';
import { DeferredNotifications } from './DeferredNotifications';
import { localePreference } from './locale-preference';
import { createLazyKeptDb } from './lazy-kept-db';
import { LocalizedDefaults } from './LocalizedDefaults';
import { cssVariablesResolver, theme } from './theme';

/** The colour scheme is a preference (light, dark or auto), kept by Mantine under this key. */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'kc.color-scheme' });

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The database main.tsx opened for reads ahead of a page (src/app/prefetch.ts); else one of its own. */
  keptDb?: KeptDb;
  /** Tests pin these; the app reads the stored choices. */
  locale?: Locale;
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient: given, keptDb: givenDb, locale, env }: AppProvidersProps) {
  // Refused tokens go to the layout, which tells the admin and may open Settings (see AuthErrorWatcher).
  const [queryClient] = useState(() => given ?? createQueryClient({ onAuthError: authRefusals.report }));
  // Opened on first use only: the first route loads neither the IndexedDB library nor the console's module for it.
  const [keptDb] = useState(() => givenDb ?? createLazyKeptDb());
  // Deletions (single and bulk) per app, filled by the knowledge area on first use: nothing shared by import.
  const [deletions] = useState(createDeletionRuntimeSlot);
  // The Activity page's history and the audit of destructive actions, kept across reloads: loaded after start-up,
  // off the first route's weight (the request log holds what was sent meanwhile; the deletion runtime, its state).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    let asked = false;
    const load = () => {
      if (asked) return;
      asked = true;
      void import('./keep-activity').then(
        (m) => {
          if (live) stop = m.startKeptActivity(keptDb, deletions);
        },
        // Offline, or a new deploy replaced the chunk: not an error of the page. Asked again on the next trigger,
        // or when the network is back (the request log and the deletion runtime hold what happens meanwhile).
        () => {
          asked = false;
          if (live) window.addEventListener('online', load, { once: true });
        },
      );
    };
    // At once when there is something to record (a deletion moves, a batch is there, a PUT or DELETE was sent), else
    // three seconds in: a first visit's weight is its JS until the network is idle (e2e/budget.spec.ts).
    let offWork: (() => void) | undefined;
    const offFilled = onRuntimeFilled(deletions, () => {
      const runtime = deletions.runtime;
      if (!runtime) return;
      // A deletion that moves or a batch that is there: not the runtime's mere loading with a knowledge page.
      const offChange = runtime.onChange(load);
      const offBatches = runtime.batches.subscribe(() => {
        if (runtime.batches.getSnapshot().length > 0) load();
      });
      offWork = () => {
        offChange();
        offBatches();
      };
    });
    const offLog = requestLog.subscribe(() => {
      const last = requestLog.getEntries().at(-1);
      if (last && (last.method === 'PUT' || last.method === 'DELETE')) load();
    });
    const timer = setTimeout(load, 3_000);
    return () => {
      live = false;
      clearTimeout(timer);
      offFilled();
      offWork?.();
      offLog();
      stop?.();
    };
  }, [keptDb, deletions]);

  // An answer cached for one connection must never show under another (each profile's health is kept).
  useEffect(() => connectionStore.onActiveChange(() => clearAnswers(queryClient)), [queryClient]);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <KeptDbContext.Provider value={keptDb}>
          <I18nProvider locale={locale} preference={localePreference}>
            <LocalizedDefaults>
              <DeferredNotifications />
              <DeletionRuntimeContext.Provider value={deletions}>{children}</DeletionRuntimeContext.Provider>
            </LocalizedDefaults>
          </I18nProvider>
        </KeptDbContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
