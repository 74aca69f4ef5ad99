import type { MessageKey } from '../../../i18n';
import type { RowPhase } from '../../../removal-engine/batch/batch';

/**
 * A row phase's label (as ./view.ts's PHASE_VIEW words it), for the single deletion form's "in a batch" line: apart
 * from the batch's view table so a knowledge page's first visit does not carry that table.
 */
export const phaseLabel = (phase: RowPhase): MessageKey => `knowledge.bulk.phase.${phase}`;
