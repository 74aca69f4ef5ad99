import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const DEMO_TOKEN = 'sandbox-demo-token';

export interface SandboxHandle {
  baseUrl: string;
  secondaryUrl: string;
  token: string;
  /** Reload the fixture: every test starts from the demo state. */
  reset(): Promise<void>;
  holdLock(documentId: string, holdMs: number): Promise<void>;
  releaseLock(documentId: string): Promise<void>;
  /** The DELETEs of knowledge documents that reached the sandbox, by document id. */
  deleteCalls(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/**
 * Starts the sandbox as its own process (as `npm run sandbox` would) on free ports, in memory. One node process
 * (tsx as a loader, not its wrapper CLI) that stops by itself if whoever started it dies (scripts/exit-with-parent.mjs).
 */
export async function startSandbox(extraArgs: string[] = []): Promise<SandboxHandle> {
  const root = resolve(import.meta.dirname, '..', '..');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './scripts/exit-with-parent.mjs',
      'src/server/main.ts',
      '--memory',
      '--base-port',
      '0',
      '--secondary-port',
      '0',
      ...extraArgs,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const { baseUrl, secondaryUrl } = await new Promise<{ baseUrl: string; secondaryUrl: string }>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`sandbox did not start in 60 s\n${stderr}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /sandbox ready base_url=(\S+) secondary_url=(\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ baseUrl: m[1]!, secondaryUrl: m[2]! });
      }
    });
    child.on('exit', (code) => fail(new Error(`sandbox exited with ${code}\n${stderr}`)));
  });
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${secondaryUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${DEMO_TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox control ${method} ${path}: ${res.status} ${await res.text()}`);
  };
  return {
    baseUrl,
    secondaryUrl,
    token: DEMO_TOKEN,
    reset: () => control('POST', '/__sandbox/reset', {}),
    holdLock: (id, holdMs) => control('POST', `/__sandbox/locks/${id}`, { hold_ms: holdMs }),
    releaseLock: (id) => control('DELETE', `/__sandbox/locks/${id}`),
    deleteCalls: async () => {
      const res = await fetch(`${secondaryUrl}/__sandbox/delete-calls`, {
        headers: { authorization: `Bearer ${DEMO_TOKEN}` },
      });
      if (!res.ok) throw new Error(`sandbox delete-calls: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { calls: Record<string, number> }).calls;
    },
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}
