import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * config.json is served to anyone who can load the console: a token in it is readable by all of them. The
 * repository's public/config.json carries the sandbox's demo token so that `npm start` needs nothing else (the dev
 * server serves it as it is); a build writes it without any profile's token, so no deployment ships one by
 * accident. Teams that want a token in their deployed config.json write it there themselves, knowingly.
 */
export function configWithoutTokens(text: string): string {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new Error(`public/config.json is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const profiles = (config as { profiles?: unknown } | null)?.profiles;
  if (Array.isArray(profiles)) {
    for (const profile of profiles) {
      if (profile && typeof profile === 'object') delete (profile as { token?: unknown }).token;
    }
  }
  return `${JSON.stringify(config)}\n`;
}

/** Rewrites the build's copy of public/config.json (copied before the bundle is written) without tokens. */
export function configJsonPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kc-config-json',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const file = join(outDir, 'config.json');
      if (existsSync(file)) writeFileSync(file, configWithoutTokens(readFileSync(file, 'utf8')));
    },
  };
}
