import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  /** The proxy's origin, on 127.0.0.1. */
  url: string;
  /** DELETEs of a document that reached the service, by document id (counted as they arrive, before forwarding). */
  deletes: Map<string, number>;
  /** Completions (POST /v1/spaces/completions/…) that reached the service, counted as they arrive. */
  completions: () => number;
  stop(): Promise<void>;
}

const DOCUMENT_DELETE = /^\/v1\/knowledge\/[^/]+\/document\/([^/?]+)$/;
const COMPLETION = /^\/v1\/spaces\/completions\//;

/**
 * A proxy in front of one sandbox host that counts what reaches the service: the browser's own view of its requests
 * misses those of a tab closed midway. Each DELETE is held `deleteDelayMs(documentId)` before it goes on (a slower
 * service), so a batch is still sending when a test closes the tab running it; a DELETE whose tab closed meanwhile
 * still arrives.
 */
export async function startCountingProxy(
  target: string,
  { deleteDelayMs = () => 0 }: { deleteDelayMs?: (documentId: string) => number } = {},
): Promise<CountingProxy> {
  const deletes = new Map<string, number>();
  let completions = 0;
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const upstream = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    upstream.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && COMPLETION.test(req.url ?? '')) completions++;
      const m = req.method === 'DELETE' ? DOCUMENT_DELETE.exec(req.url ?? '') : null;
      if (m) {
        deletes.set(m[1]!, (deletes.get(m[1]!) ?? 0) + 1);
        setTimeout(() => forward(req, res, Buffer.concat(chunks)), deleteDelayMs(m[1]!));
      } else forward(req, res, Buffer.concat(chunks));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deletes,
    completions: () => completions,
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
