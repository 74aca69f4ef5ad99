import { createContext, useContext } from 'react';

/** What happened before the first render (config.json), so the shell can say so instead of failing blank. */
export interface Startup {
  configError?: string;
}

export const StartupContext = createContext<Startup>({});

export function useStartup(): Startup {
  return useContext(StartupContext);
}
