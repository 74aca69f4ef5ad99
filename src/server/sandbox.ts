import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { LIMITS, type Host } from '../contract';
import { parseFixture, loadFixtureFile, type Fixture, type FixtureInput } from './fixture';
import { ROUTES } from './handlers/routes';
import type { SandboxState } from './handlers/types';
import { TokenCheck } from './http/auth';
import { CorsPolicy } from './http/cors';
import { createDispatcher } from './http/dispatch';
import type { ErrorStyle } from './http/respond';
import { SANDBOX_DEFAULTS } from './bounds';
import { llmConfigFromEnv, type LlmConfig } from './llm';
import { DocumentLocks } from './locks';
import { PurgeScheduler } from './purge';
import { openDatabase } from './store/open';
import { Store } from './store/store';

/** The built-in demo fixture, used when no fixture is given. */
export const DEMO_FIXTURE_PATH = fileURLToPath(new URL('./fixtures/demo.json', import.meta.url));

export interface SandboxOptions {
  /** A fixture file path, or the fixture itself; default the demo fixture. */
  fixture?: string | FixtureInput;
  /** Keep the store in a directory (durable); without it the store is in memory. */
  dataDir?: string;
  /** Ports to bind on 127.0.0.1; 0 (the default here) picks free ones. */
  basePort?: number;
  secondaryPort?: number;
  /** Accepted bearer tokens besides the fixture's. */
  tokens?: readonly string[];
  /** How long a document delete waits for the document's lock (default 30000). */
  lockWaitMs?: number;
  /** How long after a delete its chunks leave retrieval (default 3000). */
  purgeDelayMs?: number;
  /** Pause after each streamed delta (default 15). */
  streamDelayMs?: number;
  /** Allowed CORS origins; replaces the default (http://localhost:* and http://127.0.0.1:*). */
  corsOrigins?: readonly string[];
  /** The optional model; default read from SANDBOX_LLM_* environment variables, null for none. */
  llm?: LlmConfig | null;
  logFault?: (message: string, err: unknown) => void;
  /** How errors are written: the interface's ErrorResponse (default) or FastAPI's defaults. */
  errorStyle?: ErrorStyle;
  /** Start with purges stalled: deleted documents stay in retrieval until resumed (default false). */
  purgeStalled?: boolean;
  /** Start with the false-"gone" trap: a document restriction hides a deleted document at once (default false). */
  restrictionHidesDeleted?: boolean;
}

export interface RunningSandbox {
  baseUrl: string;
  secondaryUrl: string;
  /** The fixture in use (what /__sandbox/reset reloads). */
  fixture: Fixture;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const defaultLogFault = (message: string, err: unknown) => {
  console.error(`sandbox: ${message}:`, err instanceof Error ? (err.stack ?? err.message) : err);
};

/** Starts both hosts in this process. Rejects (and leaves nothing open) on a bad fixture or a busy port. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const source = options.fixture ?? DEMO_FIXTURE_PATH;
  const fixture = typeof source === 'string' ? loadFixtureFile(source) : parseFixture(source, 'inline fixture');
  const tokens = new TokenCheck([...fixture.tokens, ...(options.tokens ?? [])]);
  if (tokens.size === 0) throw new Error('no accepted token: list "tokens" in the fixture or pass --token');

  const db = openDatabase(options.dataDir === undefined ? { kind: 'memory' } : { kind: 'dir', dir: options.dataDir });
  const store = new Store(db);
  const servers: Server[] = [];
  const purge = new PurgeScheduler(store);
  try {
    // With a data directory the fixture seeds only a new store; afterwards the stored state wins.
    if (!store.isSeeded()) store.seed(fixture);
    const startBehaviour = {
      purgeStalled: options.purgeStalled ?? false,
      restrictionHidesDeleted: options.restrictionHidesDeleted ?? false,
    };
    purge.setStalled(startBehaviour.purgeStalled);
    purge.start();
    const state: SandboxState = {
      store,
      locks: new DocumentLocks(),
      purge,
      fixture,
      lockWaitMs: options.lockWaitMs ?? LIMITS.deletion.lockWaitMs,
      purgeDelayMs: options.purgeDelayMs ?? SANDBOX_DEFAULTS.purgeDelayMs,
      streamDelayMs: options.streamDelayMs ?? SANDBOX_DEFAULTS.streamDelayMs,
      llm: options.llm === null ? undefined : (options.llm ?? llmConfigFromEnv()),
      deleteCalls: new Map(),
      restrictionHidesDeleted: startBehaviour.restrictionHidesDeleted,
      startBehaviour,
      streamBehaviour: {},
    };
    const cors = new CorsPolicy(options.corsOrigins ?? []);
    const logFault = options.logFault ?? defaultLogFault;
    const make = (host: Host) => {
      const server = createServer(
        createDispatcher({ host, routes: ROUTES, state, tokens, cors, logFault, errorStyle: options.errorStyle }),
      );
      servers.push(server);
      return server;
    };
    const basePort = await listen(make('base'), options.basePort ?? 0);
    const secondaryPort = await listen(make('secondary'), options.secondaryPort ?? 0);
    let closing: Promise<void> | undefined;
    return {
      baseUrl: `http://127.0.0.1:${basePort}`,
      secondaryUrl: `http://127.0.0.1:${secondaryPort}`,
      fixture,
      close() {
        closing ??= (async () => {
          purge.stop();
          await Promise.all(servers.map(closeServer));
          store.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    purge.stop();
    await Promise.all(servers.map(closeServer));
    store.close();
    throw err;
  }
}
