import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// src/contract/lazy-schema.ts: the contract's schemas are built on first use, so the browser's start-up, which
// evaluates the whole contract, builds none of them (its unit tests cannot import Node's modules: this one lives here).

/**
 * Loads the contract in a fresh Node process (this one's module graph is shared between test files, and holds
 * schemas built already), counting every schema or check zod makes as it goes (each installs its `_zod` internals
 * with Object.defineProperty): at the import, and after one request body is checked.
 */
function schemasBuiltByImport(): { atImport: number; afterUse: number } {
  const index = new URL('../src/contract/index.ts', import.meta.url).href;
  const script = `
    await import('zod/mini');
    let built = 0;
    const define = Object.defineProperty;
    Object.defineProperty = function (target, key, descriptor) {
      if (key === '_zod') built += 1;
      return define.call(this, target, key, descriptor);
    };
    const contract = await import(${JSON.stringify(index)});
    const atImport = built;
    contract.CompletionBody.safeParse({ session_id: 's', message: 'm' });
    console.log(JSON.stringify({ atImport, afterUse: built }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { atImport: number; afterUse: number };
}

describe('the contract at start-up', () => {
  it('builds no schema until one is used', () => {
    const { atImport, afterUse } = schemasBuiltByImport();
    expect(atImport).toBe(0);
    expect(afterUse).toBeGreaterThan(0);
  });
});
