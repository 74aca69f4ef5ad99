import { outcomeKey } from './plan';
import type { Suite } from './suite-file';
import type { Shard } from './types';

/** More parts than this is a typo, not a CI matrix. */
export const SHARD_COUNT_MAX = 256;

/** `i/n` as given to `--shard`; a sentence saying why not. */
export function parseShard(text: string): { ok: true; shard: Shard } | { ok: false; error: string } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > SHARD_COUNT_MAX || index < 1 || index > count)
    return { ok: false, error: `must be i/n with 1 ≤ i ≤ n ≤ ${SHARD_COUNT_MAX} (such as 2/4), not "${text}"` };
  return { ok: true, shard: { index, count } };
}

/**
 * FNV-1a (32 bits) over the id's UTF-8 bytes, mixed: the same number on every machine, runtime and run, and a case's part
 * depends on its own id alone — adding, removing or reordering other cases moves no case to another part.
 */
export function caseHash(id: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(id)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // MurmurHash3's finaliser: FNV's low bits alone split ids like case-1…case-9 unevenly over a few parts.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The part (1-based) of `count` that runs the case `id`. */
export const shardOfCase = (id: string, count: number): number => (caseHash(id) % count) + 1;

/**
 * The case × variant keys (outcomeKey) a shard runs: every variant of each of its cases, within `only` when given
 * (`--filter`). Every case is in exactly one of the `count` parts; a part may be empty (3 cases over 4 machines).
 */
export function shardKeys(suite: Suite, shard: Shard, only?: ReadonlySet<string>): Set<string> {
  const keys = new Set<string>();
  for (const c of suite.cases) {
    if (shardOfCase(c.id, shard.count) !== shard.index) continue;
    for (const v of suite.variants) {
      const key = outcomeKey(c.id, v.id);
      if (!only || only.has(key)) keys.add(key);
    }
  }
  return keys;
}

export const shardLabel = (s: Shard) => `${s.index}/${s.count}`;
