import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appVersionDefine } from './vite/app-version.ts';
import { configJsonPlugin } from './vite/config-json-plugin.ts';
import { earlyFetchesPlugin } from './vite/early-fetches-plugin.ts';
import { localeSplitPlugin } from './vite/locale-split-plugin.ts';
import { scrollAreaRefsPlugin } from './vite/scroll-area-refs-plugin.ts';
import { kcProxyPlugin, normaliseBase, parseAllowList } from './vite/proxy-plugin.ts';
import { spaFallbackPlugin } from './vite/spa-fallback-plugin.ts';

// One static build serves any environment: the base path comes from BASE_PATH at build time,
// the connection profiles from config.json at run time.
const base = normaliseBase(process.env.BASE_PATH);

/**
 * React Router's own production build. Its package exports name only dist/development (remix-run/react-router#12437,
 * "temporary"; #14102 is open), which checks and warns as it renders: in a cold load's first render on a two-core
 * machine, ≈40 ms of sampled time was React Router's. Builds use dist/production, the same code without those checks;
 * the dev server keeps the warnings.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  base,
  define: appVersionDefine(),
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  plugins: [
    react(),
    earlyFetchesPlugin(),
    kcProxyPlugin({ base, allow: parseAllowList(process.env.KC_PROXY_ALLOW) }),
    spaFallbackPlugin(),
    configJsonPlugin(),
    localeSplitPlugin(),
    scrollAreaRefsPlugin(),
  ],
  build: {
    // The manifest lets the budget test follow the first route's imports exactly.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Fewer, larger chunks where many tiny ones cost a request each (5–10 ms apiece in Chromium on a
          // two-core machine, measured): left to itself the bundler makes a chunk per set of pages sharing code,
          // 23 files for a knowledge base, most under 1 KB. Lazily loaded pages stay their own chunks.
          // - start: everything the entry imports statically, in the entry itself.
          // - floating: floating-ui (≈15 KB gzip), fetched only by pages with a tooltip, popover or combobox.
          // - overview-kit: what the overview (/) shares with other pages, so / loads no more than it shows (Start here's
          //   records and recent ids included: in kit they brought its 16 KB to the first visit).
          // - kit: the shared components most pages show (lookup, id suggestions, copy, error, loading, raw JSON; collapse,
          //   switch) and what they import, one chunk: ≈16 KB gzip, of which a page uses most.
          groups: [
            // (Not the first script, src/boot/early-fetches.ts: it is an entry of its own and imports nothing.)
            { name: 'start', tags: ['$initial'], test: (id: string) => !/src[\\/]boot[\\/]/.test(id), priority: 30 },
            { name: 'floating', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 20 },
            {
              name: 'overview-kit',
              // (define.ts: every messages chunk's one helper, 38 bytes that were a request of their own.)
              test: /src[\\/]components[\\/](PageHeader|DemoStarters)\.tsx|src[\\/](i18n[\\/]define|lib[\\/]catalog[\\/]use-catalog)\.ts|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Anchor|Card|Paper|SimpleGrid)[\\/]/,
              priority: 15,
            },
            {
              name: 'kit',
              // With the helpers several pages share that were chunks of 0.1–0.8 KB, a request each: the time and
              // download helpers, the mutations, the status badge's tooltip, Mantine's colour-contrast helper; the notice
              // of an unusable id and the copy-text button (0.2 KB each, a file each on every page opened by id).
              test: /src[\\/]components[\\/](CatalogDatalist|CopyButton|CopyTextButton|DriftWarnings|EmptyState|ErrorState|IdLookup|Loading|RawJson|StatusBadgeWithTooltip|UnusableIdNotice)\.tsx|src[\\/](components[\\/](download|use-after-paint)|contract[\\/]time|api[\\/]query[\\/]mutations)\.ts|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Collapse|Switch)[\\/]|core[\\/]MantineProvider[\\/]color-functions[\\/]get-auto-contrast-value[\\/])/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
}));
