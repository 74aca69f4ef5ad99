import { evidenceLines, evidenceOf } from '../probe/evidence';
import type { ProbeRun } from '../probe/state';

/**
 * A probe's evidence for a report (./report.ts's `evidence`), without its question: the question is a passage of
 * the document's own text, and a report of a removal (of leaked data, say) must not carry it on. Apart from the
 * report so the console loads the evidence's wording only when a report with probes is shown or exported.
 */
export const reportEvidence = (run: ProbeRun): string[] =>
  evidenceLines(evidenceOf(run)).filter((line) => !line.startsWith('Question:'));
