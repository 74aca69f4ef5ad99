import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Static hosts without rewrite rules (GitHub Pages, S3 website hosting, …) answer an unknown path with
 * 404.html: a copy of index.html there makes deep links like /knowledge/123 open the console anyway.
 */
export function spaFallbackPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kc-spa-fallback',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const index = join(outDir, 'index.html');
      if (existsSync(index)) copyFileSync(index, join(outDir, '404.html'));
    },
  };
}
