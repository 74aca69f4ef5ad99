import { CatalogPage } from './CatalogPage';

/** /catalog: every id the console has met under the active profile. */
export default CatalogPage;
export { CatalogSpotlight } from './CatalogSpotlight';
