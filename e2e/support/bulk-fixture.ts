import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

/** A knowledge base of many small documents beside the demo data, for bulk removal (e2e and `npm run bench:bulk`). */
export const RETIRED = {
  knowledgeId: '641506272040001',
  datasetId: '741506272040001',
  name: 'Retired product line',
} as const;

/** The id of the i-th document (0-based) of the retired knowledge base. */
export const retiredDocumentId = (i: number) => `84150627${String(i).padStart(7, '0')}`;
export const retiredDocumentName = (i: number) => `retired-sheet-${String(i + 1).padStart(4, '0')}.md`;

/** Writes demo.json plus `documents` small documents in RETIRED to `file` (atomically) and returns its path. */
export function writeBulkFixture(documents: number, file = resolve(root, 'e2e/.artifacts/bulk-fixture.json')): string {
  const demo = JSON.parse(readFileSync(resolve(root, 'src/server/fixtures/demo.json'), 'utf8'));
  demo.datasets.push({
    dataset_id: RETIRED.datasetId,
    name: 'Retired product sheets',
    type: 1,
    description: 'Data sheets of a retired product line, to be removed in bulk.',
    chunk_size: 256,
    chunk_overlap: 0,
    created_at: 1760000000,
    updated_at: 1760000000,
  });
  demo.knowledge.push({
    knowledge_id: RETIRED.knowledgeId,
    dataset_id: RETIRED.datasetId,
    name: RETIRED.name,
    description: 'Data sheets of the Beacon Classic, retired.',
    icon: '📦',
    category: 'Archive',
    personal: false,
    status: 1,
    total_files: documents,
    default_folder_id: '1',
    owned_delete_permission: true,
    org_id: 'org-northwind',
    user_id: 'u-1001',
    created_at: 1760000000,
    updated_at: 1760000000,
  });
  for (let i = 0; i < documents; i++) {
    demo.documents.push({
      document_id: retiredDocumentId(i),
      knowledge_id: RETIRED.knowledgeId,
      name: retiredDocumentName(i),
      description: `Data sheet ${i + 1} of the Beacon Classic.`,
      url: `https://docs.northwind-lighthouse.example/classic/${i + 1}`,
      text: `Beacon Classic data sheet ${i + 1}. Retired in 2025; kept only until this removal.`,
    });
  }
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(demo));
  renameSync(tmp, file);
  return file;
}
