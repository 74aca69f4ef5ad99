import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { callEndpoint } from '../http/client';
import { profileFor } from '../../lib/test-support/http-server';
import { useTestServer } from '../test-support/use-test-server';
import { documentTextsPreviewQuery, documentTextsQuery, PREVIEW_PIECES } from './options';

const server = useTestServer();

describe('a large document text', () => {
  it('shows its first pieces while the rest is still on its way, then the whole checked answer', async () => {
    const pieces = Array.from({ length: 1000 }, (_, i) => `Piece ${i + 1}: ${'text '.repeat(20)}`);
    const body = JSON.stringify({ document_id: 9, document_contents: pieces });
    const cut = body.indexOf(pieces[300]!);
    let sendRest!: () => void;
    const restSent = new Promise<void>((resolve) => (sendRest = resolve));
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // The first 300 pieces now; the rest only once the test has seen the preview.
      res.write(body.slice(0, cut));
      void restSent.then(() => res.end(body.slice(cut)));
    });
    const profile = profileFor(server.url);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const previewKey = documentTextsPreviewQuery('9', { profile }).queryKey;
    // The page that shows the preview, already mounted.
    const unsubscribe = new QueryObserver(client, documentTextsPreviewQuery('9', { profile })).subscribe(() => {});
    const preview = new Promise<unknown>((resolve) =>
      client.getQueryCache().subscribe((event) => {
        const data = client.getQueryData(previewKey);
        if (event.type === 'updated' && data) resolve(data);
      }),
    );

    const whole = client.fetchQuery(documentTextsQuery('9', { profile }));
    // Reached while the server still holds back the rest of the body.
    expect(await preview).toEqual(pieces.slice(0, PREVIEW_PIECES));
    sendRest();
    const result = await whole;
    expect(result.record.document_contents).toEqual(pieces);
    expect(result.drift).toEqual([]);
    expect(client.getQueryData(previewKey)).toBeUndefined();
    unsubscribe();
  });

  it('is parsed only once a page that mounts later has the preview, or once nobody has come for a second', async () => {
    const pieces = Array.from({ length: 400 }, (_, i) => `Piece ${i + 1}`);
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ document_id: 9, document_contents: pieces }));
    });
    const profile = profileFor(server.url);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const previewKey = documentTextsPreviewQuery('9', { profile }).queryKey;
    const events: string[] = [];
    let unsubscribe = () => {};
    client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || !client.getQueryData(previewKey) || events.includes('preview')) return;
      events.push('preview');
      // The page's chunk is still on its way: it mounts a while after the preview is in.
      setTimeout(() => {
        events.push('page mounted');
        unsubscribe = new QueryObserver(client, documentTextsPreviewQuery('9', { profile })).subscribe(() => {});
      }, 200);
    });
    const whole = await client.fetchQuery(documentTextsQuery('9', { profile }));
    events.push('whole');
    expect(whole.record.document_contents).toEqual(pieces);
    expect(events).toEqual(['preview', 'page mounted', 'whole']);
    unsubscribe();

    // Nobody shows it (the admin went elsewhere): the answer is still read, a second later.
    const alone = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const started = performance.now();
    expect((await alone.fetchQuery(documentTextsQuery('9', { profile }))).record.document_contents).toEqual(pieces);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('an abort while the answer waits for its watcher ends the read at once', async () => {
    const pieces = Array.from({ length: 400 }, (_, i) => `Piece ${i + 1}`);
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ document_id: 9, document_contents: pieces }));
    });
    const controller = new AbortController();
    const read = callEndpoint('getDocumentTexts', {
      params: { document_id: '9' },
      profile: profileFor(server.url),
      signal: controller.signal,
      // A watcher whose page never comes: only the abort can end the wait (sent once the small body is surely read).
      onFirstText: () => {
        setTimeout(() => controller.abort(), 100);
        return new Promise<void>(() => {});
      },
    });
    await expect(read).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('a short text is not previewed, and an error answer never is', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const profile = profileFor(server.url);
    const seen: unknown[] = [];
    client.getQueryCache().subscribe((event) => {
      if (event.query.queryKey.includes('preview') && event.query.state.data) seen.push(event.query.state.data);
    });
    const few = Array.from({ length: 20 }, (_, i) => `p${i}`);
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ document_id: 1, document_contents: few }));
    });
    expect((await client.fetchQuery(documentTextsQuery('1', { profile }))).record.document_contents).toEqual(few);
    const many = Array.from({ length: 300 }, (_, i) => `p${i}`);
    server.handle((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: 'no such document', document_contents: many }));
    });
    await expect(client.fetchQuery(documentTextsQuery('2', { profile }))).rejects.toThrow('no such document');
    expect(seen).toEqual([]);
  });
});
