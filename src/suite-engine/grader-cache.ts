import { runSuiteOf } from './results';
import type { AssertionOutcome, GraderCacheEntry, SuiteRun } from './types';

export type { GraderCacheEntry } from './types';

/**
 * 53 bits of a string (cyrb53): two seeds give the key 106 bits, so two different answers share a key with odds
 * far below one in a billion even for millions of verdicts. Not crypto.subtle: that is async and missing on a
 * plain-http origin, and nothing here is a secret.
 */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export interface GradedText {
  model: string;
  rubric: string;
  question: string;
  answer: string;
}

export function graderCacheKey(g: GradedText): string {
  const text = JSON.stringify([g.model, g.rubric, g.question, g.answer]);
  return `${hash53(text, 1)}${hash53(text, 2)}`;
}

/** The rubric assertion a kept verdict stands for (as grader.ts writes a graded one). */
export function cachedOutcome(entry: GraderCacheEntry): AssertionOutcome {
  const reason = entry.reason ?? '';
  return {
    key: 'rubric',
    ok: entry.verdict === 'pass',
    verdict: entry.verdict,
    reason,
    detail: `${entry.verdict}: ${reason}`,
  };
}

export class GraderCache {
  private readonly entries = new Map<string, GraderCacheEntry>();
  /** Verdicts found here and grader calls saved by them. */
  hits = 0;

  get(g: GradedText): GraderCacheEntry | undefined {
    const found = this.entries.get(graderCacheKey(g));
    if (found) this.hits++;
    return found;
  }

  /** Keeps a pass or a fail (an error or "not graded" is not a verdict). */
  put(g: GradedText, outcome: AssertionOutcome): void {
    if (outcome.verdict !== 'pass' && outcome.verdict !== 'fail') return;
    this.add({
      key: graderCacheKey(g),
      verdict: outcome.verdict,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    });
  }

  add(entry: GraderCacheEntry): void {
    this.entries.set(entry.key, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  list(): GraderCacheEntry[] {
    return [...this.entries.values()];
  }
}

const isEntry = (e: unknown): e is GraderCacheEntry =>
  !!e &&
  typeof e === 'object' &&
  typeof (e as GraderCacheEntry).key === 'string' &&
  ((e as GraderCacheEntry).verdict === 'pass' || (e as GraderCacheEntry).verdict === 'fail');

/**
 * The verdicts a run holds: its own cache (what earlier re-grades carried along), and every rubric its answers were
 * graded by when it names its grader model (the rubric as it ran is the run's suite). A run that names no model
 * (made before runs named it) gives only its cache: its rubrics are graded again.
 */
export function graderCacheOf(run: Pick<SuiteRun, 'suite' | 'attempts' | 'grader' | 'graderCache'>): GraderCache {
  const cache = new GraderCache();
  for (const entry of Array.isArray(run.graderCache) ? run.graderCache : []) if (isEntry(entry)) cache.add(entry);
  const model = run.grader?.model;
  const suite = model ? runSuiteOf(run) : undefined;
  if (!model || !suite) return cache;
  const cases = new Map(suite.cases.map((c) => [c.id, c]));
  for (const a of run.attempts) {
    const c = cases.get(a.caseId);
    if (!c) continue;
    const rubrics = [c.expect?.rubric, ...(c.follow_ups ?? []).map((f) => f.expect?.rubric)];
    for (const [i, t] of a.turns.entries()) {
      const rubric = rubrics[i];
      const graded = t.assertions.find((x) => x.key === 'rubric');
      if (rubric === undefined || !graded || typeof t.answer !== 'string') continue;
      cache.put({ model, rubric, question: t.question, answer: t.answer }, graded);
    }
  }
  return cache;
}
