import type { ProbeRun } from './state';

/**
 * The probes of the run's current round. A file of its own: the page showing a run needs it, and importing it must
 * not bring the reducer, the attribution and the text helpers along (those load with the probe runner, when needed).
 */
export const roundProbes = (run: ProbeRun) => run.probes.filter((p) => p.round === run.round);
