import type { Plugin } from 'vite';

const SHIM = '\0kc-scroll-area-merge-refs';
const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;

/**
 * Mantine's ScrollArea takes one hook, useMergeRefs, from @floating-ui/react, whose single 170 KB module
 * (≈15 KB gzip) then comes with every page that has a text input, though only tooltips, popovers and comboboxes
 * position anything. Here ScrollArea gets the same hook from @mantine/hooks (useMergedRef: the same merge, null
 * refs skipped, cleanups kept), and floating-ui loads only with what floats.
 */
export function scrollAreaRefsPlugin(): Plugin {
  return {
    name: 'kc-scroll-area-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return SHIM;
      return undefined;
    },
    load(id) {
      if (id !== SHIM) return undefined;
      return [
        "import { useMergedRef } from '@mantine/hooks';",
        'export function useMergeRefs(refs) {',
        '  return useMergedRef(...refs);',
        '}',
      ].join('\n');
    },
  };
}
