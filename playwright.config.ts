import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findTestChromium } from './e2e/support/chromium.mjs';
import { BASE_PATH_TAG, basePath, distName, isSubPath, SCREENSHOTS_TAG, screenshotsRun } from './e2e/support/target';

const executablePath = findTestChromium();
if (!executablePath) {
  throw new Error('No Chromium found: run `node scripts/ensure-system-deps.mjs` or set CHROMIUM_PATH.');
}

/**
 * The built console, served with production headers on a free port (E2E_PORT pins one), by a server that dies with
 * this run. Its URL reaches the workers as KC_E2E_URL (the webServer's ready line); the runner itself has none.
 */
const port = process.env.E2E_PORT ?? '0';
const workers = Number(process.env.E2E_WORKERS) || Math.max(2, availableParallelism());

export default defineConfig({
  testDir: './e2e',
  // Per build folder, so suites run side by side don't wipe each other's traces.
  outputDir: `./test-results/${distName.replace(/[^A-Za-z0-9_-]/g, '_')}`,
  fullyParallel: true,
  workers,
  retries: 0,
  // Generous: CI shares two cores between the build, the sandbox and the browser.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Under a sub-path only what depends on the path runs again (deep links, assets, config.json, 404, router, nginx).
  // The screenshot tests run on their own (`npm run screenshots`), not in `npm test`.
  grep: screenshotsRun ? new RegExp(SCREENSHOTS_TAG) : isSubPath ? new RegExp(BASE_PATH_TAG) : undefined,
  grepInvert: screenshotsRun ? undefined : new RegExp(SCREENSHOTS_TAG),
  reporter: [['list'], ['json', { outputFile: `test-results/${distName}.json` }]],
  reportSlowTests: { max: 10, threshold: 20_000 },
  use: {
    baseURL: process.env.KC_E2E_URL,
    // A trace records every action's DOM and a screencast: a third of the suite's CPU on two cores. Off by default
    // (a failure still leaves a screenshot and the page's ARIA snapshot); E2E_TRACE=retain-on-failure to debug.
    trace: (process.env.E2E_TRACE as 'off' | 'retain-on-failure' | 'on' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS } } },
  ],
  webServer: {
    // `exec`: the server replaces the shell, so it is the runner's own child and stops when the runner goes
    // (scripts/exit-with-parent.mjs). Sandbox ports are chosen per worker, so the API origins are any loopback port.
    command: [
      `BASE_PATH=${basePath} node_modules/.bin/vite build --outDir ${distName} --emptyOutDir --logLevel warn`,
      `exec node --import ./scripts/exit-with-parent.mjs scripts/serve-static.mjs --dir ${distName} --port ${port} --base ${basePath} --connect-src "'self' http://127.0.0.1:*"`,
    ].join(' && '),
    wait: { stdout: /static ready url=(?<kc_e2e_url>\S+)/ },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    timeout: 180_000,
    stdout: 'pipe',
  },
});
