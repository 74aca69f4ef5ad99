import { readFileSync } from 'node:fs';

/** package.json's version: the one number the console, the suite CLI and the changelog share. */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  if (typeof pkg.version !== 'string' || pkg.version === '') throw new Error('package.json has no version');
  return pkg.version;
}

/**
 * Vite's `define` for the console's version, `import.meta.env.KC_VERSION` (typed in src/globals.d.ts). Written into
 * the bundle as a string at build time: importing package.json instead would ship the whole file (dependencies,
 * scripts) to every visitor.
 */
export function appVersionDefine(): Record<string, string> {
  return { 'import.meta.env.KC_VERSION': JSON.stringify(appVersion()) };
}
