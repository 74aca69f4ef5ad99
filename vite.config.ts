import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeSplitPlugin } from './vite/locale-split-plugin.ts';
import { kcProxyPlugin, normaliseBase, parseAllowList } from './vite/proxy-plugin.ts';
import { spaFallbackPlugin } from './vite/spa-fallback-plugin.ts';

// One static build serves any environment: the base path comes from BASE_PATH at build time,
// the connection profiles from config.json at run time.
const base = normaliseBase(process.env.BASE_PATH);

export default defineConfig({
  base,
  plugins: [
    react(),
    kcProxyPlugin({ base, allow: parseAllowList(process.env.KC_PROXY_ALLOW) }),
    spaFallbackPlugin(),
    localeSplitPlugin(),
  ],
  build: {
    // The manifest lets the budget test follow the first route's imports exactly.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is one chunk (the entry itself), not a dozen small ones each
          // costing a request in the first wave; lazily loaded pages stay their own chunks.
          // floating-ui (≈15 KB gzip) is its own chunk, fetched only by pages with a tooltip, popover or combobox:
          // left to itself, the bundler merges it into the chunk every text input loads.
          groups: [
            { name: 'start', tags: ['$initial'] },
            { name: 'floating', test: /node_modules[\\/]@floating-ui[\\/]/ },
          ],
        },
      },
    },
  },
});
