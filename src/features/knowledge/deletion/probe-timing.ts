import { safeStorage, type StorageLike } from '../../../lib';
import { probeTiming, type ProbeTiming } from '../../../removal-engine/probe/bounds';

/**
 * The probe schedule's setting: `{"minGapMs": …, "windowMs": …}` in localStorage, within the bounds probeTiming()
 * keeps (at least two empty probes). Default: DEFAULT_PROBE_TIMING (10 s apart, a 2-minute window).
 */
export const PROBE_TIMING_KEY = 'kc.probe-timing.v1';

export function probeTimingSetting(storage: StorageLike | null): ProbeTiming {
  const kept = safeStorage(storage).readJson(PROBE_TIMING_KEY, {
    parse: (v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Partial<ProbeTiming>) : undefined),
  });
  const pick = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);
  return probeTiming({
    ...(pick(kept?.minGapMs) !== undefined ? { minGapMs: pick(kept?.minGapMs) } : {}),
    ...(pick(kept?.windowMs) !== undefined ? { windowMs: pick(kept?.windowMs) } : {}),
  });
}
