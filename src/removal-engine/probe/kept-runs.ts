import type { ProbeRun } from './state';

/** Key-value storage for the runs (the console's localStorage); a failing one keeps them for the page's life. */
export interface RunStorage {
  read(): unknown;
  write(runs: unknown): void;
}

/** A kept run: the reference text (the deleted document's words) is never written to storage, only held in memory. */
export interface KeptRun {
  key: string;
  run: ProbeRun;
  goneReported?: boolean;
}

export const MAX_KEPT = 100;

export function readKept(storage: RunStorage | null | undefined): KeptRun[] {
  let raw: unknown;
  try {
    raw = storage?.read();
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (k): k is KeptRun =>
      !!k &&
      typeof k === 'object' &&
      typeof (k as KeptRun).key === 'string' &&
      !!(k as KeptRun).run &&
      typeof (k as KeptRun).run.documentId === 'string' &&
      Array.isArray((k as KeptRun).run.probes),
  );
}

/**
 * Writes one run (or its removal, with null) into what is kept, every other entry as the storage holds it now: the
 * other tabs write the runs they probe into the same key, so a tab never writes its whole list over theirs.
 */
export function keepRun(storage: RunStorage | null | undefined, key: string, entry: KeptRun | null): void {
  if (!storage) return;
  const kept = readKept(storage).filter((k) => k.key !== key);
  if (entry) kept.push({ ...entry, run: { ...entry.run, reference: '' } });
  try {
    storage.write(kept.slice(-MAX_KEPT));
  } catch {
    // Refused (quota): the probes go on for this page's life.
  }
}

/** The same run (one deletion's probes), not a later deletion of the same document: its control was sent then. */
export const sameRun = (a: ProbeRun, b: ProbeRun) => a.control?.at === b.control?.at && a.question === b.question;

/** How far a run has got: a later round, more probes, the read recorded, a verdict. */
function progress(run: ProbeRun): number[] {
  return [
    run.round,
    run.probes.length,
    run.control ? 1 : 0,
    run.read ? 1 : 0,
    run.restrictionProbe ? 1 : 0,
    run.verdictAt !== undefined ? 1 : 0,
  ];
}

/** Whether `a` has got further than `b` (a tab taking a run over keeps the copy that has). */
export function further(a: ProbeRun, b: ProbeRun): boolean {
  const pa = progress(a);
  const pb = progress(b);
  for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) return pa[i]! > pb[i]!;
  return false;
}
