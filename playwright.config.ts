import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/support/chromium.mjs';

const executablePath = findChromium();
if (!executablePath) {
  throw new Error('No Chromium found: run `node scripts/ensure-system-deps.mjs` or set CHROMIUM_PATH.');
}

/** The built console, served with production headers; BASE_PATH runs the whole suite under a sub-path. */
const port = Number(process.env.E2E_PORT ?? 4310);
/** Separate build folders let several suites run side by side (E2E_DIST); CI uses dist/. */
const distDir = process.env.E2E_DIST ?? 'dist';
const basePath = `/${(process.env.BASE_PATH ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');

export default defineConfig({
  testDir: './e2e',
  // Per build folder, so suites run side by side don't wipe each other's traces.
  outputDir: `./test-results/${distDir.replace(/[^A-Za-z0-9_-]/g, '_')}`,
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Generous: CI shares two cores between the build, the sandbox and the browser.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}${basePath}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS } } },
  ],
  webServer: {
    // Sandbox ports are chosen per worker, so the API origins are any loopback port.
    command: `npx vite build --outDir ${distDir} --emptyOutDir && node scripts/serve-static.mjs --dir ${distDir} --port ${port} --base ${basePath} --connect-src "'self' http://127.0.0.1:*"`,
    url: `http://127.0.0.1:${port}${basePath}`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
