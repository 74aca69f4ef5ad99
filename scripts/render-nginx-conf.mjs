#!/usr/bin/env node
// Fills deploy/nginx.conf's placeholders:
//   node scripts/render-nginx-conf.mjs --port 8080 --root /srv/www --base /console/ \
//        --base-upstream https://api.example.com --secondary-upstream https://conv.example.com [--connect-src "…"] > nginx.conf
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The template with its placeholders replaced; throws when one is missing. */
export function renderNginxConf({ port, root: webRoot, base = '/', baseUpstream, secondaryUpstream, connectSrc = '' }) {
  const normalisedBase = `/${base.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const values = {
    __PORT__: String(port),
    __ROOT__: webRoot,
    __BASE__: normalisedBase,
    __BASE_UPSTREAM__: baseUpstream?.replace(/\/+$/, ''),
    __SECONDARY_UPSTREAM__: secondaryUpstream?.replace(/\/+$/, ''),
    __CONNECT_SRC__: connectSrc,
  };
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === 'undefined') throw new Error(`render-nginx-conf: ${key} needs a value`);
  }
  // The template's header explains the placeholders; the rendered file keeps only the configuration.
  const template = readFileSync(resolve(root, 'deploy/nginx.conf'), 'utf8')
    .split('\n')
    .filter((line) => !(line.startsWith('#') && line.includes('__')))
    .join('\n');
  // Longest names first: __BASE_UPSTREAM__ must not be read as __BASE__ + "_UPSTREAM__".
  return Object.keys(values)
    .sort((a, b) => b.length - a.length)
    .reduce((text, key) => text.split(key).join(values[key]), template);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  process.stdout.write(
    renderNginxConf({
      port: opt('port') ?? '8080',
      root: opt('root'),
      base: opt('base') ?? '/',
      baseUpstream: opt('base-upstream'),
      secondaryUpstream: opt('secondary-upstream'),
      connectSrc: opt('connect-src') ?? '',
    }),
  );
}
