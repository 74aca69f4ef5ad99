#!/usr/bin/env node
// Adds lock entries for oxlint's platform bindings that this registry does not serve, so `npm ci` sees the
// lock in sync; they are skipped on this platform (os/cpu/libc do not match) and never downloaded here.
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const oxlint = lock.packages['node_modules/oxlint'];
const platform = (name) => {
  const [, os, cpu, abi] = /^@oxlint\/binding-([a-z0-9]+)-([a-z0-9]+)(?:-([a-z0-9]+))?$/.exec(name) ?? [];
  const entry = { os: [os], cpu: [cpu === 'arm' ? 'arm' : cpu] };
  if (abi && /musl/.test(abi)) entry.libc = ['musl'];
  else if (abi && /gnu/.test(abi)) entry.libc = ['glibc'];
  return entry;
};
let added = 0;
for (const [name, version] of Object.entries(oxlint.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const { os, cpu, libc } = platform(name);
  lock.packages[key] = { version, cpu, dev: true, ...(libc ? { libc } : {}), license: 'MIT', optional: true, os };
  added++;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} lock entries`);
