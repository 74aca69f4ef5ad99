import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

/** A knowledge base holding one very large document, beside the demo data, for the 50,000-piece tests. */
export const LARGE = {
  knowledgeId: '631506272047299',
  datasetId: '731506272047399',
  documentId: '831506272049999',
  pieces: 50_000,
} as const;

/** The text of piece i (1-based): short, distinct, with a rare marker every 5,000 pieces to search for. */
export function largePiece(i: number): string {
  const marker = i % 5_000 === 0 ? ` Lighthouse marker ${i / 5_000}.` : '';
  return `Log entry ${i}: the keeper noted wind, tide and lamp hours for watch ${i % 24}.${marker}`;
}

/** Writes demo.json plus the large document to e2e/.artifacts/e2e-fixture.json and returns its path. */
export function writeE2eFixture(): string {
  const demo = JSON.parse(readFileSync(resolve(root, 'src/server/fixtures/demo.json'), 'utf8'));
  const text = Array.from({ length: LARGE.pieces }, (_, i) => largePiece(i + 1)).join('\n\n');
  demo.datasets.push({
    dataset_id: LARGE.datasetId,
    name: 'Keeper logs (load test)',
    type: 1,
    description: 'One document of 50,000 pieces, for the console’s end-to-end tests.',
    chunk_size: 2048,
    chunk_overlap: 0,
    created_at: 1760000000,
    updated_at: 1760000000,
  });
  demo.knowledge.push({
    knowledge_id: LARGE.knowledgeId,
    dataset_id: LARGE.datasetId,
    name: 'Keeper logs',
    description: 'A knowledge base with one very large document.',
    icon: '📜',
    category: 'test',
    personal: false,
    status: 1,
    total_files: 1,
    default_folder_id: '1',
    owned_delete_permission: true,
    org_id: 'org-northwind',
    user_id: 'u-1001',
    created_at: 1760000000,
    updated_at: 1760000000,
  });
  demo.documents.push({
    document_id: LARGE.documentId,
    knowledge_id: LARGE.knowledgeId,
    name: 'keeper-logs.txt',
    description: 'Fifty thousand short log entries.',
    url: 'https://docs.northwind-lighthouse.example/keeper-logs.txt',
    text,
  });
  const file = resolve(root, 'e2e/.artifacts/e2e-fixture.json');
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(demo));
  renameSync(tmp, file);
  return file;
}
