import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { StartupContext, type Startup } from './startup';

/** `queryClient`: the one main.tsx made to start the first page's reads early (AppProviders makes one otherwise). */
export function App({ startup = {}, queryClient }: { startup?: Startup; queryClient?: QueryClient }) {
  return (
    <StartupContext.Provider value={startup}>
      <AppProviders queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
    </StartupContext.Provider>
  );
}
