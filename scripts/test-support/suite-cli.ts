import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../e2e/support/sandbox';

/** The checkout's root: where `npm run suite` runs from. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** What a finished `npm run suite` left: its exit code and everything it printed. */
export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A CLI of this project (`scripts/SCRIPT.ts`) started as CI starts it (a child process, `node --import tsx`), with
 * only PATH and `env` in its environment; `done` settles once it has exited and its output is all read.
 */
export function startCli(script: string, args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Outcome>((settle, fail) => {
    child.on('error', fail);
    child.on('close', (code) => settle({ code, stdout, stderr }));
  });
  return { child, done, stdout: () => stdout };
}

/** `npm run suite -- ARGS`, started as CI starts it. */
export const startSuite = (args: string[], env: Record<string, string>) => startCli('suite', args, env);

/** `npm run suite -- ARGS` run to its end. */
export const runSuite = (args: string[], env: Record<string, string>): Promise<Outcome> => startSuite(args, env).done;

/**
 * A real sandbox (a child process) answering with `token`, and a fresh temporary folder, for the tests of the
 * calling file: started before them, stopped and removed after. Read `sandbox` and `dir` inside the tests.
 */
export function useSandboxAndDir(token: string, dirPrefix: string, timeoutMs = 40_000) {
  const at = {} as { sandbox: SandboxHandle; dir: string };
  beforeAll(async () => {
    at.sandbox = await startSandbox(['--token', token, '--stream-delay-ms', '1']);
    at.dir = mkdtempSync(join(tmpdir(), dirPrefix));
  }, timeoutMs);
  afterAll(async () => {
    await at.sandbox?.stop();
    if (at.dir) rmSync(at.dir, { recursive: true, force: true });
  });
  return at;
}
