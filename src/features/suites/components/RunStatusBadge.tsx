import type { RunStatus } from '../../../suite-engine';
import { StatusBadge, type StatusTone } from '../../../components';
import { useT } from '../../../i18n';

const TONE: Record<RunStatus, StatusTone> = {
  running: 'info',
  done: 'ok',
  stopped: 'warning',
  interrupted: 'warning',
  failed: 'error',
  timed_out: 'error',
};
const KEYS = {
  running: 'suites.run.status.running',
  done: 'suites.run.status.done',
  stopped: 'suites.run.status.stopped',
  interrupted: 'suites.run.status.interrupted',
  failed: 'suites.run.status.failed',
  timed_out: 'suites.run.status.timed_out',
} as const satisfies Record<RunStatus, string>;

/** `paused`: a running run that Pause holds (run-control.ts) reads "paused", not "running". */
export function RunStatusBadge({ status, paused = false }: { status: RunStatus; paused?: boolean }) {
  const t = useT();
  const held = paused && status === 'running';
  return (
    <StatusBadge tone={held ? 'warning' : TONE[status]} data-run-status={status} data-paused={held || undefined}>
      {held ? t('suites.run.status.paused') : t(KEYS[status])}
    </StatusBadge>
  );
}
