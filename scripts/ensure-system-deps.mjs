#!/usr/bin/env node
// What the end-to-end suite needs from the system: Chromium's headless shell (Playwright never downloads its own
// here; the full browser works too, at half the speed),
// nginx (the deployment test runs README's configuration) and CJK and emoji fonts (screenshots).
// Order: what is already there, then (Debian, as root) one apt-get install; else one clear line per missing thing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { HEADLESS_SHELL_CANDIDATES, findTestChromium } from '../e2e/support/chromium.mjs';

const NGINX = '/usr/sbin/nginx';
const CJK_FONT_DIR = '/usr/share/fonts/truetype/wqy';
const EMOJI_FONT_DIR = '/usr/share/fonts/truetype/noto';

function missing() {
  const out = [];
  const browser = findTestChromium();
  if (!browser && process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist: point it at a Chromium binary.`);
    process.exit(1);
  }
  if (!process.env.CHROMIUM_PATH && !HEADLESS_SHELL_CANDIDATES.some((p) => existsSync(p))) {
    // Required only when there is no full browser to fall back on.
    out.push({ pkg: 'chromium-headless-shell', what: "Chromium's headless shell", required: !browser });
  }
  if (!existsSync(NGINX)) out.push({ pkg: 'nginx-light', what: 'nginx', required: true });
  if (!existsSync(CJK_FONT_DIR))
    out.push({ pkg: 'fonts-wqy-microhei', what: 'a CJK font (for zh-CN screenshots)', required: false });
  if (!existsSync(EMOJI_FONT_DIR))
    out.push({
      pkg: 'fonts-noto-color-emoji',
      what: 'an emoji font (knowledge base icons in screenshots)',
      required: false,
    });
  return out;
}

let needed = missing();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (needed.length && isRoot && existsSync('/usr/bin/apt-get')) {
  const pkgs = needed.map((n) => n.pkg);
  console.log(`system deps: installing ${pkgs.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env });
  } catch (error) {
    console.error(`apt-get failed: ${error instanceof Error ? error.message : error}`);
  }
  // Debian starts the packaged nginx service; the tests run their own.
  if (pkgs.includes('nginx-light')) {
    try {
      execFileSync('service', ['nginx', 'stop'], { stdio: 'ignore' });
    } catch {
      // not running, or no service manager
    }
  }
  needed = missing();
}

for (const n of needed) {
  const line = `${n.what} not found: install it (Debian: \`sudo apt-get install -y ${n.pkg}\`)${n.pkg.startsWith('chromium') ? ' or set CHROMIUM_PATH to a Chromium binary' : ''}.`;
  if (n.required) console.error(line);
  else console.warn(`(optional) ${line}`);
}
if (needed.some((n) => n.required)) process.exit(1);
console.log(`system deps: chromium ${findTestChromium()}, nginx ${NGINX}`);
