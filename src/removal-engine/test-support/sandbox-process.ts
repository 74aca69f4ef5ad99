import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The real sandbox as its own process (as `npm run sandbox` starts it), for engine tests that talk HTTP to it: the
 * engine may not import the server's code, so it is started, not loaded. The sandbox's own test fixture (its token
 * and ids are below), in memory, on free ports; it stops by itself if the test process dies.
 */
export const SANDBOX_TOKEN = 'test-token';
export const SANDBOX_IDS = {
  datasetKitchen: '500000000000001',
  datasetGlaciers: '500000000000002',
  knowledgeKitchen: '600000000000001',
  docKnife: '700000000000002',
  spaceKitchen: '101',
} as const;

export interface SandboxProcess {
  baseUrl: string;
  secondaryUrl: string;
  stop(): Promise<void>;
}

export async function startSandboxProcess(args: string[] = []): Promise<SandboxProcess> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './scripts/exit-with-parent.mjs',
      'src/server/main.ts',
      '--memory',
      '--fixture',
      'src/server/fixtures/test-fixture.json',
      '--base-port',
      '0',
      '--secondary-port',
      '0',
      ...args,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const urls = await new Promise<{ baseUrl: string; secondaryUrl: string }>((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /sandbox ready base_url=(\S+) secondary_url=(\S+)/.exec(out);
      if (m) ok({ baseUrl: m[1]!, secondaryUrl: m[2]! });
    });
    child.on('exit', (code) => fail(new Error(`sandbox exited with ${code}\n${stderr}`)));
  });
  return {
    ...urls,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}
