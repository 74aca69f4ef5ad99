import { describe, expect, it } from 'vitest';
import type { RowPhase } from '../../../removal-engine/batch/batch';
import { phaseLabel } from './phase-label';
import { PHASE_VIEW } from './view';

describe('phaseLabel', () => {
  it("words every phase as the batch's view table does", () => {
    for (const phase of Object.keys(PHASE_VIEW) as RowPhase[]) expect(phaseLabel(phase)).toBe(PHASE_VIEW[phase].label);
  });
});
