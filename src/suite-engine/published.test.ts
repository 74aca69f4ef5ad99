import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../lib/test-support/http-server';
import { fetchPublishedText, publishedUrl } from './published';

let server: TestServer | undefined;
afterEach(async () => server?.close());

describe('published suites over HTTP', () => {
  it('reads suites/… below the base path; a 404 is "none published", another status an error naming the address', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/console/suites/index.json') res.writeHead(200).end('[]');
      else if (req.url === '/console/suites/broken.json') res.writeHead(500).end('oops');
      else res.writeHead(404).end('not found');
    });
    const base = `${server.url}/console/`;
    expect(publishedUrl(base, 'team/a.yaml')).toBe(`${server.url}/console/suites/team/a.yaml`);
    expect(await fetchPublishedText(base, 'index.json')).toBe('[]');
    expect(await fetchPublishedText(base, 'missing.json')).toBeNull();
    await expect(fetchPublishedText(base, 'broken.json')).rejects.toThrow(
      `Could not load ${server.url}/console/suites/broken.json: HTTP 500.`,
    );
  });
});
