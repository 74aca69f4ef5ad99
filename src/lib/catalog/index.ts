import { browserStorage } from '../storage/web-storage';
import { createCatalogStore, flushWhenLeaving } from './store';

export * from './types';
export {
  createCatalogStore,
  flushWhenLeaving,
  CATALOG_RECENT_LIMIT,
  CATALOG_WRITE_DELAY_MS,
  type CatalogStore,
  type ImportReport,
} from './store';
export { sightingsFor } from './sightings';
export { documentsIn, isIn, stillThere, type KnowledgePlace } from './documents';

/** The console's one catalog. */
export const catalogStore = createCatalogStore(browserStorage('local'));
if (typeof window !== 'undefined' && typeof document !== 'undefined') flushWhenLeaving(catalogStore, window, document);
