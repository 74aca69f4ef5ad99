#!/usr/bin/env node
/**
 * Runs the end-to-end suite a second time with the console built and served under a sub-path (/kc/),
 * so every link, navigate() call, config.json URL and download is proven to respect BASE_PATH.
 * Extra arguments go to Playwright (e.g. a spec file). Exits with Playwright's code.
 */
import { spawn } from 'node:child_process';

const env = { ...process.env, BASE_PATH: '/kc/', E2E_DIST: 'dist-subpath' };
const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
  shell: process.platform === 'win32',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (err) => {
  console.error(`Could not start Playwright: ${err.message}`);
  process.exit(1);
});
