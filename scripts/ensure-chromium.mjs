#!/usr/bin/env node
// Makes sure a system Chromium exists before the end-to-end tests run.
// Order: CHROMIUM_PATH, the usual paths, then (Debian, as root) apt-get install chromium; else one clear line.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from '../e2e/support/chromium.mjs';

const found = findChromium();
if (found) {
  console.log(`chromium: ${found}`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist: point it at a Chromium binary.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('chromium: not found, installing Debian package "chromium" (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  const after = findChromium();
  if (after) {
    console.log(`chromium: ${after}`);
    process.exit(0);
  }
}
console.error('No Chromium found: install it (Debian: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to its binary.');
process.exit(1);
