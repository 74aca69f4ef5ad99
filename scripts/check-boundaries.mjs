#!/usr/bin/env node
// The architecture's import rules, checked rather than remembered:
//   layers, each importing only those below it: contract -> lib -> api -> engines -> features -> app
//   (contract: the service's interface, imports only zod; lib: the browser app's own infrastructure — profiles,
//   storage, the catalog, ids, tab coordination; api: the service's transport; engines: suite-engine, the suites
//   engine, and removal-engine, the deletions engine, each shared by the console and a CLI, neither importing the
//   other; components sit beside api, below features; config (the in-app paths) and i18n import nothing);
//   server imports contract (and Node/npm) only, never browser code; browser code never imports server;
//   features never import another feature;
//   the engines (suite-engine, removal-engine), and everything they load, import nothing browser-only (React,
//   Mantine, IndexedDB): the CLIs run them in Node;
//   no import circles among src modules, type-only imports included (a circle means two files are one concern,
//   or a shared leaf is missing: see removal-engine/single/states.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

const area = (file) => {
  const parts = relative(src, file).split(sep);
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return parts[0];
};

// Which src areas each area may import (besides itself).
const allowed = {
  contract: [],
  // The first script, before the entry (src/boot/early-fetches.ts): imports nothing outside src/boot, or it would
  // share a chunk with the entry.
  boot: [],
  config: [],
  server: ['contract'],
  lib: ['contract'],
  api: ['contract', 'lib'],
  'suite-engine': ['contract', 'lib', 'api'],
  'removal-engine': ['contract', 'lib', 'api'],
  i18n: [],
  components: ['contract', 'lib', 'api', 'i18n', 'config'],
  features: ['contract', 'lib', 'api', 'suite-engine', 'removal-engine', 'components', 'i18n', 'config'],
  app: ['contract', 'lib', 'api', 'suite-engine', 'removal-engine', 'components', 'i18n', 'features', 'config'],
  test: ['contract', 'lib', 'api', 'suite-engine', 'removal-engine', 'components', 'i18n', 'config', 'app', 'boot'],
  'main.tsx': ['app', 'lib', 'api', 'i18n', 'components', 'config'],
};

/** A value import or re-export of 'zod' or any of its entry points ('zod/mini', 'zod/v4', …); `import type` is allowed. */
const ZOD_VALUE_IMPORT =
  /^\s*(?:import\s+(?!type\b)[^;]*?from|import|export\s+(?!type\b)[^;]*?from)\s*['"]zod(?:\/[^'"]*)?['"]/m;
const isZod = (spec) => spec === 'zod' || spec.startsWith('zod/');

// package.json declares which modules have side effects; every other src module may be dropped by the
// build when none of its exports is used. A bare `import './x'` of anything else would then vanish silently.
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const sideEffectFiles = new Set(
  (pkg.sideEffects ?? []).filter((p) => p.startsWith('./src/')).map((p) => join(root, p)),
);
const BARE_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;

/** The src module a relative import names, or undefined (a package, a stylesheet, a missing file). */
function resolveModule(file, spec) {
  if (!spec.startsWith('.')) return undefined;
  const target = resolve(dirname(file), spec);
  return [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), join(target, 'index.tsx')].find(
    (c) => /\.(ts|tsx)$/.test(c) && moduleSet.has(c),
  );
}

/** Static imports and re-exports (type-only ones too); a lazy `import()` is not a circle's edge. */
const STATIC_IMPORT = /(?:import|export)[^'"();]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

/**
 * Import circles, each as one file path round it (Tarjan's strongly connected components, then a walk inside one).
 * A circle known to be undone on another branch may be listed here by its files until that branch is merged.
 */
const KNOWN_CIRCLES = [];
function importCircles(files) {
  const edges = new Map(
    files.map((f) => {
      const text = readFileSync(f, 'utf8');
      const targets = [...text.matchAll(STATIC_IMPORT)].map((m) => resolveModule(f, m[1] ?? m[2])).filter(Boolean);
      return [f, [...new Set(targets)]];
    }),
  );
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || edges.get(v).includes(v)) components.push(component);
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0];
    // The shortest way back to the start, inside the component.
    const previous = new Map([[start, null]]);
    const queue = [start];
    let end;
    while (queue.length && !end) {
      const v = queue.shift();
      for (const w of edges.get(v)) {
        if (w === start) {
          end = v;
          break;
        }
        if (members.has(w) && !previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    const path = [];
    for (let v = end; v; v = previous.get(v)) path.unshift(relative(src, v));
    return { members: component.map((f) => relative(src, f)).sort(), path: [...path, relative(src, start)] };
  });
}

const modules = walk(src);
const isTestSupport = (f) => relative(src, f).split(sep).includes('test-support');
const moduleSet = new Set(modules);

/** The engines the CLIs run in Node. */
const ENGINES = ['suite-engine', 'removal-engine'];

/**
 * What the CLIs load in Node: the engines' modules and every src module they load in turn (value imports; a
 * type-only import is erased). None may import a browser-only package or reach the IndexedDB module; each problem
 * names the chain of imports that leads there.
 */
const BROWSER_ONLY = /^(?:react|react-dom|react-router(?:-dom)?|idb|@mantine\/.*|@tanstack\/react-.*)(?:\/.*)?$/;
const BROWSER_ONLY_MODULES = ['lib/storage/kept-db.ts', 'lib/storage/kept-db-context.ts'];
const VALUE_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
function browserOnlyInEngine() {
  const found = [];
  const via = new Map();
  const queue = modules.filter((f) => ENGINES.includes(area(f)) && !/\.test\.tsx?$/.test(f) && !isTestSupport(f));
  for (const f of queue) via.set(f, null);
  /** The engine module a chain of imports starts from. */
  const chain0 = (f) => {
    let v = f;
    while (via.get(v)) v = via.get(v);
    return v;
  };
  const chain = (f) => {
    const path = [];
    for (let v = f; v; v = via.get(v)) path.unshift(relative(src, v));
    return path.join(' -> ');
  };
  while (queue.length) {
    const f = queue.shift();
    if (BROWSER_ONLY_MODULES.includes(relative(src, f).split(sep).join('/')) || f.endsWith('.tsx')) {
      found.push(`${area(chain0(f))} loads browser-only code: ${chain(f)}`);
      continue;
    }
    for (const m of readFileSync(f, 'utf8').matchAll(VALUE_IMPORT)) {
      const spec = m[1] ?? m[2];
      if (BROWSER_ONLY.test(spec)) {
        found.push(`${area(chain0(f))} loads browser-only "${spec}": ${chain(f)}`);
        continue;
      }
      const target = resolveModule(f, spec);
      if (target && !via.has(target)) {
        via.set(target, f);
        queue.push(target);
      }
    }
  }
  return found;
}

const problems = [...browserOnlyInEngine()];
for (const circle of importCircles(modules)) {
  const known = KNOWN_CIRCLES.some(
    (k) => k.length === circle.members.length && k.every((f) => circle.members.includes(f)),
  );
  if (!known) problems.push(`import circle: ${circle.path.join(' -> ')}`);
}
for (const file of modules) {
  const from = area(file);
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? m[2]);
  // Zod's JIT must be off before any schema is built (CSP), and the browser bundles zod/mini only:
  // browser code takes `z` from contract/zod.ts. Type-only imports of zod's types are fine (erased).
  if (from !== 'server' && !file.endsWith(`${sep}contract${sep}zod.ts`) && ZOD_VALUE_IMPORT.test(text)) {
    problems.push(
      `${relative(src, file)}: import z from src/contract/zod.ts (zod/mini, with zod's eval-based JIT off), not from zod itself`,
    );
  }
  const isTestFile = /\.test\.tsx?$/.test(file);
  if (from !== 'server' && from !== 'test' && !isTestFile) {
    for (const [, spec] of text.matchAll(BARE_IMPORT)) {
      if (/\.css$/.test(spec) || !spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')];
      if (!candidates.some((c) => sideEffectFiles.has(c))) {
        problems.push(
          `${relative(src, file)}: imports "${spec}" for its side effects, but package.json "sideEffects" does not list it, so the build may drop it`,
        );
      }
    }
  }
  for (const spec of specs) {
    const rel = relative(src, file);
    if (from === 'contract' && !spec.startsWith('.') && !isZod(spec) && !(isTestFile && spec === 'vitest')) {
      problems.push(`${rel}: contract may import only zod, not "${spec}"`);
      continue;
    }
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    if (!target.startsWith(src + sep)) continue;
    const to = area(target);
    if (to === from) continue;
    const base = from.startsWith('features/') ? 'features' : from;
    const ok =
      (allowed[base] ?? []).includes(to.startsWith('features/') ? (base === 'app' ? 'features' : to) : to) ||
      (base === 'test' && to.startsWith('features/')) ||
      // Tests may use the shared render helpers beside the code they test.
      (isTestFile && to === 'test');
    if (!ok) problems.push(`${rel}: ${from} must not import ${to} ("${spec}")`);
  }
}

if (problems.length) {
  console.error(`Import boundaries broken (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('import boundaries: ok');
