import { afterAll, afterEach, beforeAll } from 'vitest';
import { requestLog } from '../../lib/log/request-log';
import { startServer, type TestServer } from '../../lib/test-support/http-server';

/**
 * One real HTTP server for a test file: started before its tests, emptied of received requests (and the
 * request log cleared) after each, closed at the end. The returned object stands for the server once started.
 */
export function useTestServer(): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());
  afterEach(() => {
    if (server) server.received.length = 0;
    requestLog.clear();
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!server) throw new Error('the test server is used before beforeAll started it');
      return Reflect.get(server, key);
    },
  });
}
