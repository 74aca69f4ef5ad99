import type { QueryClient } from '@tanstack/react-query';
import type { KeptDb } from '../lib';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { StartupContext, type Startup } from './startup';

/**
 * `queryClient`, `keptDb`: the ones main.tsx made to start the first page's reads early, and the next page's on intent
 * (AppProviders makes them otherwise).
 */
export function App({
  startup = {},
  queryClient,
  keptDb,
}: {
  startup?: Startup;
  queryClient?: QueryClient;
  keptDb?: KeptDb;
}) {
  return (
    <StartupContext.Provider value={startup}>
      <AppProviders queryClient={queryClient} keptDb={keptDb}>
        <AppRouter />
      </AppProviders>
    </StartupContext.Provider>
  );
}
