/**
 * The probe schedule and its bounds, named once: the console, the CLI and the bulk engine all read them here.
 *
 * After the read confirmed the delete, probe at once; after an empty probe, probe again `minGapMs` later to
 * confirm it (one empty answer may be a retrieval hiccup); after a probe that still found the document, wait
 * longer each time (`backoffFactor`) until the probe window is over. So with the defaults a round sends at most
 * PROBE_BOUNDS.maxProbesPerRound probes (0, 10, 30, 70, 120 s, and one confirming probe 10 s after an empty one
 * at the window's end), each a billed completion, plus the one positive control sent before the DELETE.
 */
export interface ProbeTiming {
  /** Empty probes in a row needed for "not retrieved". */
  minEmptyProbes: number;
  /** The least time between the first and the last of those empty probes (and between any two probes). */
  minGapMs: number;
  /** How long a round keeps probing a document still found before it says "still in answers". */
  windowMs: number;
  /** The wait after a probe that found the document grows by this factor each time. */
  backoffFactor: number;
  /** The most probes one round sends, whatever happens (failed probes count). */
  maxProbesPerRound: number;
}

export const DEFAULT_PROBE_TIMING: ProbeTiming = {
  minEmptyProbes: 2,
  minGapMs: 10_000,
  windowMs: 120_000,
  backoffFactor: 2,
  maxProbesPerRound: 6,
};

/** The fewest: a shorter gap or fewer empty probes would let one retrieval hiccup read as "gone". */
export const PROBE_TIMING_FLOOR = { minEmptyProbes: 2, minGapMs: 1 } as const;

/** A timing from settings, kept within the bounds (at least two empty probes; a round never unbounded). */
export function probeTiming(partial: Partial<ProbeTiming> = {}): ProbeTiming {
  const t = { ...DEFAULT_PROBE_TIMING, ...partial };
  const minEmptyProbes = Math.max(PROBE_TIMING_FLOOR.minEmptyProbes, Math.floor(t.minEmptyProbes));
  return {
    minEmptyProbes,
    minGapMs: Math.max(PROBE_TIMING_FLOOR.minGapMs, t.minGapMs),
    windowMs: Math.max(0, t.windowMs),
    backoffFactor: Math.max(1, t.backoffFactor),
    maxProbesPerRound: Math.min(50, Math.max(minEmptyProbes + 1, Math.floor(t.maxProbesPerRound))),
  };
}

/** Attribution by text: a retrieved piece or an answer quoting this many characters of the document verbatim. */
export const MIN_OVERLAP_CHARS = 60;

/** The probe question: a passage of the document's text of about this many characters. */
export const QUESTION_CHARS = { min: 40, target: 160, max: 240 } as const;

/** The text kept from the read before the DELETE to attribute later answers (the control's pieces first). */
export const MAX_REFERENCE_CHARS = 12_000;
