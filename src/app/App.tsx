import { AppProviders } from './providers';
import { AppRouter } from './router';
import { StartupContext, type Startup } from './startup';

export function App({ startup = {} }: { startup?: Startup }) {
  return (
    <StartupContext.Provider value={startup}>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StartupContext.Provider>
  );
}
