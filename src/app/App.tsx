import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { StartupContext, type Startup } from './startup';

export function App({ startup = {} }: { startup?: Startup }) {
  const [router] = useState(createAppRouter);
  return (
    <StartupContext.Provider value={startup}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StartupContext.Provider>
  );
}
