#!/usr/bin/env node
// The performance budget, computed from a build's Vite manifest (dist/.vite/manifest.json):
// what the browser must fetch for the first route, and whether every page stays a lazy chunk.
// Shared by e2e/budget.spec.ts and scripts/bench.mjs; run alone it prints the figures:
//   node scripts/budget.mjs [dist]
// Sizes are bytes; "KB" in the budget means 1,000 bytes (as Vite's build report counts), gzip at zlib's default level.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * CSS for the first visit ≤ 40 KB gzip. The JS is held as a ratio to a bare app of the same stack instead
 * (scripts/perf/weigh.mjs, issue 14): an absolute figure drifts with the stack's versions.
 */
export const BUDGET = { firstRouteCssGzip: 40_000 };

/** The page the root URL renders; it is part of the first route even though it is a lazy chunk. */
export const FIRST_ROUTE_PAGE = 'src/app/pages/HomePage.tsx';

/** Route pages that must stay dynamic entries: every feature's index.tsx and src/app/pages/* (the error boundary excepted). */
export const isRoutePage = (src) =>
  /^src\/features\/[^/]+\/index\.tsx$/.test(src) ||
  (/^src\/app\/pages\/[^/]+\.tsx$/.test(src) && !src.endsWith('RouteError.tsx'));

/**
 * Chunks loaded at start-up besides the entry's static imports: the messages. Each (language, area) is its
 * own chunk, src/i18n/messages/<area>.ts?locale=<side> (src/i18n/load.ts); the start-up areas of the
 * language on screen load before the first render, the heavier language counts.
 */
const MESSAGE_CHUNK_RE = /^src\/i18n\/messages\/([^/?]+)\.ts\?locale=(\w+)$/;
export const parseMessageChunk = (src) => {
  const match = MESSAGE_CHUNK_RE.exec(src);
  return match ? { area: match[1], locale: match[2] } : null;
};

/** START_AREAS as written in src/i18n/areas.ts (this script runs on plain Node, so it reads the source). */
export function startAreas(root = resolve(dirname(fileURLToPath(import.meta.url)), '..')) {
  const file = join(root, 'src', 'i18n', 'areas.ts');
  const match = /export const START_AREAS = \[([^\]]*)\]/.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file}: no "export const START_AREAS = [...]" found`);
  return [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

export function readManifest(dist) {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} not found: build with build.manifest (vite.config.ts) first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const sizeCache = new Map();
/** Raw and gzip size of one built file. */
export function fileSize(dist, file) {
  const path = join(dist, file);
  let size = sizeCache.get(path);
  if (!size) {
    const bytes = readFileSync(path);
    size = { file, raw: bytes.length, gzip: gzipSync(bytes).length };
    sizeCache.set(path, size);
  }
  return size;
}

/** Manifest keys reachable from `start` through static imports only. */
export function staticClosure(manifest, start) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of start) visit(key);
  return seen;
}

const total = (sizes) =>
  sizes.reduce((acc, s) => ({ raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip }), { raw: 0, gzip: 0 });

/**
 * Everything the budget speaks about, for one build folder.
 * firstRoute: the entry's static imports, the home page and its static imports, the start-up message
 * chunks of the heavier language. messageChunks: every (language, area) chunk of the build.
 */
export function measureBuild(distDir = 'dist') {
  const dist = resolve(distDir);
  const manifest = readManifest(dist);
  // index.html's entry and the first script before it (src/boot/early-fetches.ts): a first visit loads both.
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length === 0) throw new Error('no entry in the manifest');
  const entryClosure = staticClosure(manifest, entries);

  const messageChunks = Object.keys(manifest)
    .map((key) => ({ key, ...parseMessageChunk(key) }))
    .filter((c) => c.area)
    .map((c) => ({
      ...c,
      file: manifest[c.key].file,
      isDynamicEntry: manifest[c.key].isDynamicEntry === true,
      inEntry: entryClosure.has(c.key),
    }));
  const start = startAreas();
  const languages = [...new Set(messageChunks.map((c) => c.locale))];
  const messageFigures = languages.map((locale) => {
    const keys = messageChunks.filter((c) => c.locale === locale && start.includes(c.area)).map((c) => c.key);
    const extra = [...staticClosure(manifest, keys)].filter((k) => !entryClosure.has(k));
    return {
      locale,
      areas: keys.map((k) => parseMessageChunk(k).area).sort(),
      keys,
      gzip: total(extra.map((k) => fileSize(dist, manifest[k].file))).gzip,
    };
  });
  const heaviestMessages = messageFigures.sort((a, b) => b.gzip - a.gzip)[0];

  const startKeys = [
    ...entries,
    ...(manifest[FIRST_ROUTE_PAGE] ? [FIRST_ROUTE_PAGE] : []),
    ...(heaviestMessages?.keys ?? []),
  ];
  const firstKeys = staticClosure(manifest, startKeys);
  const jsFiles = [...firstKeys].map((k) => fileSize(dist, manifest[k].file));
  const cssFiles = [...new Set([...firstKeys].flatMap((k) => manifest[k].css ?? []))].map((f) => fileSize(dist, f));

  const pages = Object.keys(manifest)
    .filter(isRoutePage)
    .map((src) => ({
      src,
      file: manifest[src].file,
      isDynamicEntry: manifest[src].isDynamicEntry === true,
      inEntry: entryClosure.has(src),
    }));

  const assets = readdirSync(join(dist, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f) && statSync(join(dist, 'assets', f)).isFile())
    .map((f) => ({
      ...fileSize(dist, `assets/${f}`),
      firstRoute: jsFiles.some((j) => j.file === `assets/${f}`) || cssFiles.some((c) => c.file === `assets/${f}`),
    }))
    .sort((a, b) => b.gzip - a.gzip);

  return {
    dist,
    entry: entries[0],
    firstRoute: { js: total(jsFiles), css: total(cssFiles), jsFiles, cssFiles, messages: heaviestMessages ?? null },
    startAreas: start,
    messageChunks,
    allCss: total(assets.filter((a) => a.file.endsWith('.css'))),
    pages,
    missingPages: ['src/app/pages/HomePage.tsx', 'src/features/knowledge/index.tsx'].filter((p) => !manifest[p]),
    assets,
  };
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** A plain-text table of the build's chunks, largest gzip first; * marks the first route's files. */
export function chunkTable(assets) {
  const rows = assets.map(
    (a) => `${a.firstRoute ? '*' : ' '} ${a.file.padEnd(52)} ${kb(a.raw).padStart(10)} ${kb(a.gzip).padStart(10)}`,
  );
  return [`  ${'file'.padEnd(52)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`, ...rows].join('\n');
}

export function summary(m) {
  const lines = [
    `first-route JS : ${kb(m.firstRoute.js.gzip)} gzip (${kb(m.firstRoute.js.raw)} raw, ${m.firstRoute.jsFiles.length} files, statically imported)`,
    `first-route CSS: ${kb(m.firstRoute.css.gzip)} gzip (${kb(m.firstRoute.css.raw)} raw; budget ${kb(BUDGET.firstRouteCssGzip)}); all CSS ${kb(m.allCss.gzip)} gzip`,
    `messages       : ${m.firstRoute.messages ? `${m.firstRoute.messages.locale} ${m.firstRoute.messages.areas.join(' + ')} (${kb(m.firstRoute.messages.gzip)} gzip); ${m.messageChunks.length} chunks in all` : '(no message chunks: messages in the entry?)'}`,
    `lazy pages     : ${m.pages.filter((p) => p.isDynamicEntry && !p.inEntry).length}/${m.pages.length}${m.pages
      .filter((p) => !p.isDynamicEntry || p.inEntry)
      .map((p) => ` NOT LAZY ${p.src}`)
      .join('')}`,
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const m = measureBuild(process.argv[2] ?? 'dist');
  console.log(chunkTable(m.assets));
  console.log(summary(m));
}
