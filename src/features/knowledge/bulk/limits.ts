/**
 * The old name of BULK_BOUNDS, kept only for the bulk dialog files (BulkRemovalModal and its steps) while they are
 * being split on another branch; once that is merged they import BULK_BOUNDS from './bulk/bounds' and this file goes.
 */
export { BULK_BOUNDS as BULK_REMOVAL_LIMITS } from './bounds';
