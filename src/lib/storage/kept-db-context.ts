import { createContext, useContext } from 'react';
import type { KeptDb } from './kept-db';

/** The app's providers create one KeptDb per app (tests: one per render), so nothing is shared by import. */
export const KeptDbContext = createContext<KeptDb | null>(null);

export function useKeptDb(): KeptDb {
  const db = useContext(KeptDbContext);
  if (!db) throw new Error('useKeptDb() needs AppProviders (or a KeptDbContext.Provider) above it.');
  return db;
}
