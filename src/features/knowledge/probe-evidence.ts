import type { Translate } from '../../i18n';
import { evidenceLines, evidenceOf } from '../../removal-engine/probe/evidence';
import type { ProbeRun } from '../../removal-engine/probe/state';
import { evidenceWords } from './evidence-words';

export { reportEvidence } from '../../removal-engine/batch/report-evidence';

/**
 * A probe's evidence, worded: a deletion's in the console's language (DeletionProbe), a bulk report's rows as the
 * report files write them (English, without the question). Loaded by ./use-probe-evidence.ts when first shown or
 * exported, not on a knowledge page's first visit (docs/performance.md, "First visit").
 */
export const deletionEvidenceLines = (run: ProbeRun, time: (at: number) => string, t: Translate): string[] =>
  evidenceLines(evidenceOf(run), time, evidenceWords(t));
