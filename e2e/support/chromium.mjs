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

/**
 * Features of the full browser's own window, not of any page: a new browser context opens a new window, and Chromium
 * 156 builds the window's address-bar popup as a web UI of its own (≈20 modules, rendered in another process) each
 * time — on two cores, during the cold load the benchmark is timing (traced: ≈300 ms of every cold load, the bare
 * app's and the console's alike). An admin's browser built it once, when the window opened.
 */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];
const DISABLE_FEATURES = '--disable-features=';

/**
 * Playwright's own --disable-features switch, as it launches Chromium: Chromium reads only the last such switch, so
 * one of ours must carry Playwright's list too. Read from a launch, not copied, so it follows Playwright's updates.
 */
async function playwrightDisabledFeatures(chromium, executablePath) {
  const probe = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, '--enable-automation'] });
  try {
    const cdp = await probe.newBrowserCDPSession();
    const { arguments: argv } = await cdp.send('Browser.getBrowserCommandLine');
    return argv.filter((arg) => arg.startsWith(DISABLE_FEATURES)).at(-1) ?? null;
  } finally {
    await probe.close();
  }
}

/**
 * The full browser (findChromium) for the benchmarks, headless, without the window's address-bar web UI (see
 * BROWSER_UI_FEATURES). `chromium`: Playwright's, passed in so this module imports nothing.
 */
export async function launchBenchChromium(chromium, { executablePath = findChromium() } = {}) {
  if (!executablePath)
    throw new Error('No Chromium found: run `node scripts/ensure-system-deps.mjs` or set CHROMIUM_PATH.');
  const defaults = await playwrightDisabledFeatures(chromium, executablePath);
  const features = [
    ...new Set([...(defaults?.slice(DISABLE_FEATURES.length).split(',') ?? []), ...BROWSER_UI_FEATURES]),
  ];
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, `${DISABLE_FEATURES}${features.filter(Boolean).join(',')}`],
    ignoreDefaultArgs: defaults ? [defaults] : [],
  });
}
