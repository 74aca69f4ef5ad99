#!/usr/bin/env node
// `npm start`: the sandbox (demo data, durable in .sandbox-data/) and the console's dev server, together.
// The console's public/config.json already points at the sandbox's default ports, so nothing else is to be set.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);
const consolePort = process.env.PORT ?? '5173';
const children = [];

function run(cmd, args, label) {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  children.push(child);
  const prefix = (stream, out) =>
    stream.on('data', (d) => {
      for (const line of d.toString().split('\n')) if (line.trim()) out.write(`[${label}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[${label}] exited with code ${code}; stopping.`);
      stop(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const sandbox = run(
  bin('tsx'),
  ['src/server/main.ts', '--data-dir', '.sandbox-data', ...process.argv.slice(2)],
  'sandbox',
);
let started = false;
sandbox.stdout.on('data', (d) => {
  if (started || !/sandbox ready/.test(d.toString())) return;
  started = true;
  run(bin('vite'), ['--host', '127.0.0.1', '--port', consolePort, '--strictPort'], 'console');
  setTimeout(() => {
    console.log(
      `\n  Knowledge Console: http://127.0.0.1:${consolePort}/   (profile "Local sandbox", demo data)\n  Stop with Ctrl-C.\n`,
    );
  }, 1500);
});
