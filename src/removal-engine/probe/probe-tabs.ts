import type { TabCoordinator } from '../../lib/tabs/cross-tab';
import type { ProbeRun } from './state';

/** What the tab probing a run tells the others (its steps, as it writes them), and a run let go of. */
export type ProbeTabMessage =
  { kind: 'probe-run'; key: string; run: ProbeRun; goneReported?: boolean } | { kind: 'probe-forgotten'; key: string };

/**
 * The other tabs, handed in (the console's tab coordinator, src/lib/tabs): a lock per run, so a run's probes are sent
 * by the one tab holding it, and a channel over which that tab tells the others each step. Left out (the CLI, the
 * bulk engine, a test), the runner probes every run it has.
 */
export type ProbeTabs = Pick<TabCoordinator<ProbeTabMessage>, 'claim' | 'publish' | 'subscribe'>;

/**
 * A lock per run key (one deletion's probes), not one "probe runner" lock per profile: the tab that sent the
 * positive control holds the document's text (never written to storage) and should be the one to probe, which a
 * lock of its own gives it (it asks first); and a closed tab hands each of its runs on without a tab having to hold
 * them all.
 */
export const probeLockName = (key: string) => `kc.probe:${encodeURIComponent(key)}`;
