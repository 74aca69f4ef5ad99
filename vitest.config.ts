import { defineConfig } from 'vitest/config';

// .test.ts files run in Node (contract, api against real HTTP servers, sandbox);
// .test.tsx files render components in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'vite/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
