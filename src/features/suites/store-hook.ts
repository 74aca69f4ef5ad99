import { useMemo } from 'react';
import { useKeptDb } from '../../lib';
import { suitesStore } from './model/store';

/** The suites kept in the console's database (one store object per database: its leases key the tabs' runs). */
export function useSuitesStore() {
  const db = useKeptDb();
  return useMemo(() => suitesStore(db), [db]);
}
