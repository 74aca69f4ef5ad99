import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { appVersionDefine } from './vite/app-version.ts';

// .test.ts files run in Node (contract, api against real HTTP servers, sandbox);
// .test.tsx files render components in jsdom.
export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free (one worker on a two-core machine, 80 s for the phase against 51 s).
    maxWorkers: availableParallelism(),
    projects: [
      {
        // The console's version, as the build writes it in (vite.config.ts); projects do not inherit the root's.
        define: appVersionDefine(),
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'vite/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // Worker threads, and one module graph per worker: these files share no module state (each builds its
          // own servers, stores and runtimes), and loading the graph once per worker halves the phase.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        define: appVersionDefine(),
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup-dom.ts'],
          testTimeout: 20_000,
          // A fresh jsdom and module graph per file (rendered components share module-level state), in threads.
          pool: 'threads',
        },
      },
    ],
  },
});
