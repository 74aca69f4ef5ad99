// The servers the benchmarks and scripts/perf start: each a child that stops when its starter goes
// (scripts/exit-with-parent.mjs), each awaited by its ready line, bounded.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Starts `node --import exit-with-parent <argv>` and resolves with the first match of `ready` in its output. */
export function startServer(argv, ready, label, timeoutMs = 60_000) {
  const child = spawn(process.execPath, ['--import', './scripts/exit-with-parent.mjs', ...argv], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`${label} did not start in ${timeoutMs / 1000} s\n${out}`)),
      timeoutMs,
    );
    const onData = (d) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ child, match: m, stop: () => child.exitCode === null && child.kill('SIGTERM') });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${label} exited with ${code}\n${out}`));
    });
  });
}

/**
 * The built console in `dist`, served as production serves it (scripts/serve-static.mjs); resolves { url, stop }.
 * `configFile`: served as its config.json (no request interception in the browser, which would slow every request).
 */
export async function serveConsole(dist, configFile) {
  const { match, stop } = await startServer(
    [
      'scripts/serve-static.mjs',
      '--dir',
      dist,
      '--port',
      '0',
      '--connect-src',
      "'self' http://127.0.0.1:*",
      ...(configFile ? ['--config-file', configFile] : []),
    ],
    /static ready url=(\S+)/,
    'static server',
  );
  return { url: match[1], stop };
}

/** The console's config.json for one sandbox profile. */
export const sandboxConfig = (sandbox) => ({
  default_profile: 'sandbox',
  profiles: [
    {
      id: 'sandbox',
      name: 'Local sandbox',
      base_url: sandbox.baseUrl,
      secondary_url: sandbox.secondaryUrl,
      token: sandbox.token,
    },
  ],
});
