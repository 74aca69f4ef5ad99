// Where the system Chromium is. Playwright never downloads a browser of its own here.
import { existsSync } from 'node:fs';

/** The full browser, as admins run it: what the benchmarks measure. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Chromium's old headless shell: the same Blink and V8 without the full browser around them, which is what
 * Playwright itself runs headless. Here it runs the end-to-end suite in half the time of the full browser
 * (a11y, knowledge and playground specs: 1:24 against 2:44 on two cores).
 */
export const HEADLESS_SHELL_CANDIDATES = ['/usr/bin/chromium-headless-shell'];

const first = (paths) => paths.find((p) => existsSync(p)) ?? null;

/** CHROMIUM_PATH wins, else null if it does not exist. */
function fromEnv() {
  const path = process.env.CHROMIUM_PATH;
  return path ? (existsSync(path) ? path : null) : undefined;
}

/** For benchmarks: CHROMIUM_PATH, then the full browser. */
export function findChromium() {
  const pinned = fromEnv();
  return pinned !== undefined ? pinned : first(CHROMIUM_CANDIDATES);
}

/** For the tests: CHROMIUM_PATH, then the headless shell, then the full browser. */
export function findTestChromium() {
  const pinned = fromEnv();
  return pinned !== undefined ? pinned : (first(HEADLESS_SHELL_CANDIDATES) ?? first(CHROMIUM_CANDIDATES));
}

/** Flags that keep Chromium from reaching for the network or a GPU this machine does not have. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
