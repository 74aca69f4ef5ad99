#!/usr/bin/env node
// Fills deploy/nginx.conf's placeholders:
//   node scripts/render-nginx-conf.mjs --port 8080 --root /srv/www --base /console/ \
//        --base-upstream https://api.example.com --secondary-upstream https://conv.example.com \
//        [--connect-src "…"] [--ca-bundle /etc/ssl/certs/ca-certificates.crt] > nginx.conf
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Debian's and Ubuntu's system bundle (ca-certificates); Alpine and Fedora keep one at the same path too. */
export const SYSTEM_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** An upstream's URL as the template's placeholders for it (`prefix` is BASE_UPSTREAM or SECONDARY_UPSTREAM). */
function upstreamValues(prefix, value) {
  if (value === undefined) return { [`__${prefix}_SERVER__`]: undefined };
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`render-nginx-conf: ${value} is not a URL (e.g. https://api.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`render-nginx-conf: ${value} must be an http or https URL`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(`render-nginx-conf: ${value} must be scheme://host[:port][/path] only`);
  }
  const scheme = url.protocol.slice(0, -1);
  const port = url.port || (scheme === 'https' ? '443' : '80');
  return {
    [`__${prefix}_SCHEME__`]: scheme,
    [`__${prefix}_SERVER__`]: `${url.hostname}:${port}`,
    // url.host leaves out the scheme's own port, as a browser's Host header does.
    [`__${prefix}_HOST__`]: url.host,
    [`__${prefix}_NAME__`]: url.hostname.replace(/^\[|\]$/g, ''),
    [`__${prefix}_PATH__`]: url.pathname.replace(/\/+$/, ''),
  };
}

/** The template with its placeholders replaced; throws when one is missing. */
export function renderNginxConf({
  port,
  root: webRoot,
  base = '/',
  baseUpstream,
  secondaryUpstream,
  connectSrc = '',
  caBundle = SYSTEM_CA_BUNDLE,
}) {
  const normalisedBase = `/${base.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const values = {
    __PORT__: String(port),
    __ROOT__: webRoot,
    __BASE__: normalisedBase,
    __BASE_PATTERN__: normalisedBase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    __CONNECT_SRC__: connectSrc,
    __CA_BUNDLE__: caBundle,
    ...upstreamValues('BASE_UPSTREAM', baseUpstream),
    ...upstreamValues('SECONDARY_UPSTREAM', secondaryUpstream),
  };
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === 'undefined') throw new Error(`render-nginx-conf: ${key} needs a value`);
  }
  // The template's header explains the placeholders; the rendered file keeps only the configuration.
  const lines = readFileSync(resolve(root, 'deploy/nginx.conf'), 'utf8').split('\n');
  const firstDirective = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('#'));
  const template = lines.slice(firstDirective).join('\n');
  // Longest names first: __BASE_UPSTREAM_HOST__ must not be read as __BASE__ + "_UPSTREAM_HOST__".
  const rendered = Object.keys(values)
    .sort((a, b) => b.length - a.length)
    .reduce((text, key) => text.split(key).join(values[key]), template);
  const left = rendered.match(/__[A-Z_]+__/);
  if (left) throw new Error(`render-nginx-conf: ${left[0]} has no value`);
  return rendered;
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
      caBundle: opt('ca-bundle') ?? SYSTEM_CA_BUNDLE,
    }),
  );
}
