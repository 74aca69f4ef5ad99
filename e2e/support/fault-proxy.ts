import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of one sandbox host that counts every DELETE of a document reaching it (the browser's own view of
 * its requests misses those of a tab closed midway) and plays the faults a removal must survive: a DELETE refused
 * with 502 before the service sees it, forwarded and its answer lost (the connection cut once the service answered),
 * or held a while before it goes on (a slower service, so a batch is still sending when a test closes its tab).
 * Which DELETE meets which fault is the caller's choice, by document id and how many DELETEs of it came before.
 * Used by scripts/remove.test.ts, `npm run bench -- removal`, the e2e tabs specs and the suite-run tabs spec (it counts completions too): one proxy for all of them.
 */
export interface FaultProxy {
  url: string;
  /** DELETEs that reached the proxy, by document id (refused ones included). */
  deletes: Map<string, number>;
  /** Completions (POST /v1/spaces/completions/…) that reached the proxy, counted as they arrive. */
  completions: () => number;
  stop(): Promise<void>;
}

export interface Faults {
  /** Refuse this DELETE (the n-th of the document, from 1) with a 502, without forwarding it. */
  refuse?(documentId: string, n: number): boolean;
  /** Forward this DELETE, then cut the connection instead of answering (the service did delete). */
  loseAnswer?(documentId: string, n: number): boolean;
  /** Hold this DELETE this long before forwarding it (a slower service). */
  delayMs?(documentId: string, n: number): number;
}

const DOCUMENT_DELETE = /^\/v1\/knowledge\/[^/]+\/document\/([^/?]+)$/;
const COMPLETION = /^\/v1\/spaces\/completions\//;

export async function startFaultProxy(target: string, faults: Faults = {}): Promise<FaultProxy> {
  const deletes = new Map<string, number>();
  let completions = 0;
  /** DELETEs held back (delayMs): dropped when the proxy stops, so none reaches the service afterwards. */
  const held = new Set<ReturnType<typeof setTimeout>>();
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, lose: boolean) => {
    const upstream = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        if (lose) {
          answer.resume();
          answer.on('end', () => res.socket?.destroy());
          return;
        }
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
      if (!m) return forward(req, res, Buffer.concat(chunks), false);
      const id = decodeURIComponent(m[1]!);
      const n = (deletes.get(id) ?? 0) + 1;
      deletes.set(id, n);
      if (faults.refuse?.(id, n)) {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body>502 Bad Gateway</body></html>');
        return;
      }
      const go = () => forward(req, res, Buffer.concat(chunks), !!faults.loseAnswer?.(id, n));
      const delay = faults.delayMs?.(id, n) ?? 0;
      if (delay > 0) {
        const timer = setTimeout(() => {
          held.delete(timer);
          go();
        }, delay);
        held.add(timer);
      } else go();
    });
  });
  // Idle connections are kept longer than the client keeps them: a server closing one just as the client reuses it
  // resets a request that was never part of the faults (seen under load: 3 of 6,000 untroubled DELETEs).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deletes,
    completions: () => completions,
    stop: () =>
      new Promise<void>((ok) => {
        for (const timer of held) clearTimeout(timer);
        held.clear();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
