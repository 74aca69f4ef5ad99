import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { basePath, distDir } from './target';

export interface SiteHandle {
  /** The console's address, with its base path. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves the suite's build (scripts/serve-static.mjs, production headers) with `config` as its config.json: one per
 * worker, pointed at that worker's sandbox. Serving config.json, rather than routing it in each page, keeps
 * Playwright from intercepting every request of the page (a round trip each through the runner). A free port; the
 * server stops by itself if whoever started it dies (scripts/exit-with-parent.mjs).
 */
export async function startSite(config: unknown, options: { suitesDir?: string } = {}): Promise<SiteHandle> {
  const root = resolve(import.meta.dirname, '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'kc-e2e-site-'));
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify(config));
  const child = spawn(
    process.execPath,
    [
      '--import',
      './scripts/exit-with-parent.mjs',
      'scripts/serve-static.mjs',
      '--dir',
      distDir,
      '--port',
      '0',
      '--base',
      basePath,
      '--connect-src',
      "'self' http://127.0.0.1:*",
      '--config-file',
      configFile,
      // The published suites (suites/…) from this folder instead of the build's.
      ...(options.suitesDir ? ['--suites-dir', options.suitesDir] : []),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`static server did not start in 30 s\n${stderr}`)), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /static ready url=(\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!);
      }
    });
    child.on('exit', (code) => fail(new Error(`static server exited with ${code}\n${stderr}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((ok) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          ok();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
