// Test support only (Node): a real HTTP server on 127.0.0.1, port 0, that records what it receives.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectionProfile } from '../profiles/profile';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: Received, res: ServerResponse) => void;

export interface TestServer {
  url: string;
  received: Received[];
  /** Swaps the answering logic between cases. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(initial?: Handler): Promise<TestServer> {
  let handler: Handler = initial ?? ((_, res) => json(res, 404, { code: 404, message: 'no handler' }));
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    handle: (h) => (handler = h),
    close: () =>
      new Promise<void>((resolve) => {
        // Requests left hanging on purpose (timeouts) must not keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was just free and now refuses connections. */
export async function closedPortUrl(): Promise<string> {
  const s = await startServer();
  const url = s.url;
  await s.close();
  return url;
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export function profileFor(baseUrl: string, overrides: Partial<ConnectionProfile> = {}): ConnectionProfile {
  return {
    id: 'test',
    name: 'Test',
    base_url: baseUrl,
    secondary_url: baseUrl,
    token: 'tok-SECRET-123',
    mode: 'direct',
    knowledgeSettingsParam: 'with_settings',
    source: 'user',
    rememberToken: false,
    ...overrides,
  };
}

/** The spec's sample Dataset values: a fully documented answer (no drift). */
export const DATASET_SAMPLE = {
  name: 'Handbook',
  dataset_id: 'ds1',
  created_at: 1700000000,
  updated_at: 1700000000,
  type: 1,
  description: '',
  advanced_enabled: 2,
  score_threshold: 0.5,
  top_k: 5,
  generate_metadata_enabled: false,
  generate_metadata_prompt: '',
  overall_summarize_enabled: 0,
  overall_summarize_prompt: '',
  smart_indexing_enabled: 1,
  smart_indexing_prompt: '',
  retrieval_filter_entity_enabled: false,
  retrieval_filter_period_enabled: false,
  retrieval_recall_strategy_ids: [],
  retrieval_context_mode: 1,
  split_media_enabled: false,
  chunk_size: 512,
  chunk_overlap: 102,
  qa_pairs_return_direct: false,
  qa_pairs_score_threshold: 0.8,
  generate_qa_pairs_enabled: false,
  generate_qa_pairs_prompt: '',
  refine_user_question_enabled: false,
  refine_user_question_prompt: '',
  pdf_parsing_mode: 1,
  audio_parsing_mode: 1,
  status: 1,
  filter_attributes: [],
  retrieval_segment_expansion: { pre_count: 0, next_count: 0 },
  retrieval_chunk_expansion: { pre_count: 0, next_count: 0 },
  document_count: 3,
};
