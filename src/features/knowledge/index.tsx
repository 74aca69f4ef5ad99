/**
 * The knowledge area's page. The header's pending-deletions badge is imported by file (src/app/header-extras.tsx),
 * so this chunk is the page alone, loaded in one step with its imports.
 */
export { default } from './KnowledgePage';
