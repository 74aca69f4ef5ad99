import { browserStorage } from '../storage/web-storage';
import { createCatalogStore } from './store';

export * from './types';
export { createCatalogStore, CATALOG_RECENT_LIMIT, type CatalogStore, type ImportReport } from './store';
export { sightingsFor } from './sightings';

/** The console's one catalog. */
export const catalogStore = createCatalogStore(browserStorage('local'));
