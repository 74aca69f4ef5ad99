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

/** A refused argument: the CLI prints its message (no stack) and exits 2. */
export class RenderArgumentError extends Error {
  name = 'RenderArgumentError';
}

const refuse = (message) => {
  throw new RenderArgumentError(`render-nginx-conf: ${message}`);
};

/**
 * Every value goes into nginx.conf as text: one that could end a directive or a block (`;`, `{`, `}`), start a
 * comment (`#`), expand a variable (`$`), close a quoted string (`"`, `'`) or start a new line would change the
 * configuration itself. Each argument is checked against the shape it must have, and these never pass.
 */
// Control characters are what this refuses: the rule against them in patterns does not apply here.
// oxlint-disable-next-line no-control-regex
const CONF_BREAKING = /[\u0000-\u001f\u007f;{}#$"'`\\]/;
const shown = (value) => JSON.stringify(String(value).slice(0, 120));
const SEGMENT = /^[A-Za-z0-9._~!*()@+,=:-]+$/;
const HOSTNAME =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV6 = /^\[[0-9A-Fa-f:.]+\]$/;

function checkText(flag, value) {
  if (typeof value !== 'string' || value === '') refuse(`--${flag} needs a value`);
  if (CONF_BREAKING.test(value))
    refuse(
      `--${flag} ${shown(value)} holds a character nginx.conf would read as syntax (; { } # $ quotes \\ or a control character such as a newline)`,
    );
  return value;
}

/** `--port`: a port, or address:port as nginx's `listen` takes it (127.0.0.1:8080, [::1]:8080). */
function checkPort(value) {
  const text = checkText('port', String(value));
  const m = /^(?:(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):)?(\d{1,5})$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 65535)
    refuse(`--port ${shown(text)} must be a port 1–65535, or address:port (e.g. 8080, 127.0.0.1:8080)`);
  return text;
}

/** `--root`, `--ca-bundle`: an absolute file path of plain segments (no spaces, no `..`). */
function checkAbsolutePath(flag, value) {
  const text = checkText(flag, value);
  const segments = text.split('/').slice(1);
  if (
    !text.startsWith('/') ||
    segments.some((s, i) => (s === '' && i < segments.length - 1) || s === '..' || (s !== '' && !SEGMENT.test(s)))
  )
    refuse(
      `--${flag} ${shown(text)} must be an absolute path of plain names (e.g. /srv/www): letters, digits and . _ ~ - only, no spaces or ..`,
    );
  return text;
}

/** `--base`: the base path the console was built with, e.g. / or /console/. */
function checkBase(value) {
  const text = checkText('base', value);
  const segments = text.split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..' || !SEGMENT.test(s)))
    refuse(`--base ${shown(text)} must be a path such as / or /console/ (plain names, no spaces, . or ..)`);
  return text;
}

/** `--connect-src`: CSP sources separated by spaces: 'self'-style keywords, schemes (https:), or origins. */
function checkConnectSrc(value) {
  if (value === '') return value;
  // The quotes of 'self' and 'none' are the only ones allowed.
  const text = value.replace(/'(self|none)'/g, 'kw');
  if (CONF_BREAKING.test(text)) checkText('connect-src', value);
  for (const source of text.split(/ +/).filter(Boolean)) {
    const origin =
      /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(?::(?:\d{1,5}|\*))?(?:\/[A-Za-z0-9._~/-]*)?$/;
    if (source !== 'kw' && !/^[a-z][a-z0-9+.-]*:$/.test(source) && !origin.test(source))
      refuse(
        `--connect-src ${shown(source)} is not a CSP source (e.g. https://api.example.com, https:, 'self'); separate several with spaces`,
      );
  }
  return value;
}

/** An upstream's URL as the template's placeholders for it (`prefix` is BASE_UPSTREAM or SECONDARY_UPSTREAM). */
function upstreamValues(prefix, value) {
  if (value === undefined) return { [`__${prefix}_SERVER__`]: undefined };
  const flag = prefix === 'BASE_UPSTREAM' ? 'base-upstream' : 'secondary-upstream';
  // Checked as typed: the URL parser drops tabs and newlines without a word, and percent-encodes others.
  checkText(flag, value);
  let url;
  try {
    url = new URL(value);
  } catch {
    refuse(`--${flag} ${shown(value)} is not a URL (e.g. https://api.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    refuse(`--${flag} ${shown(value)} must be an http or https URL`);
  if (url.search || url.hash || url.username || url.password || value.includes('?') || value.includes('@'))
    refuse(`--${flag} ${shown(value)} must be scheme://host[:port][/path] only (no query, fragment or user)`);
  if (!HOSTNAME.test(url.hostname) && !IPV6.test(url.hostname))
    refuse(`--${flag} ${shown(value)}: ${shown(url.hostname)} is not a host name or IP address`);
  const pathSegments = url.pathname.split('/').filter(Boolean);
  if (pathSegments.some((s) => s === '.' || s === '..' || !SEGMENT.test(s)) || url.pathname.includes('%'))
    refuse(`--${flag} ${shown(value)}: its path must be plain names (letters, digits and . _ ~ -), no % escapes or ..`);
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
  checkPort(port);
  checkAbsolutePath('root', webRoot);
  checkBase(base);
  checkConnectSrc(connectSrc);
  checkAbsolutePath('ca-bundle', caBundle);
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

const FLAGS = ['port', 'root', 'base', 'base-upstream', 'secondary-upstream', 'connect-src', 'ca-bundle'];

/** The command line as renderNginxConf's options: each flag known, given once, with a value. */
export function parseRenderArgs(args) {
  const given = new Map();
  for (let i = 0; i < args.length; i += 2) {
    const name = /^--([a-z-]+)$/.exec(args[i] ?? '')?.[1];
    if (name === undefined || !FLAGS.includes(name))
      refuse(`unknown argument ${shown(args[i])} (known: ${FLAGS.map((f) => `--${f}`).join(', ')})`);
    if (given.has(name)) refuse(`--${name} is given twice`);
    if (i + 1 >= args.length || args[i + 1].startsWith('--')) refuse(`--${name} needs a value`);
    given.set(name, args[i + 1]);
  }
  for (const name of ['root', 'base-upstream', 'secondary-upstream'])
    if (!given.has(name)) refuse(`--${name} is required`);
  return {
    port: given.get('port') ?? '8080',
    root: given.get('root'),
    base: given.get('base') ?? '/',
    baseUpstream: given.get('base-upstream'),
    secondaryUpstream: given.get('secondary-upstream'),
    connectSrc: given.get('connect-src') ?? '',
    caBundle: given.get('ca-bundle') ?? SYSTEM_CA_BUNDLE,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(renderNginxConf(parseRenderArgs(process.argv.slice(2))));
  } catch (err) {
    if (!(err instanceof RenderArgumentError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
}
