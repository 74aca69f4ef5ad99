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

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const t = useT();
  return (
    <StatusBadge tone={TONE[status]} data-run-status={status}>
      {t(KEYS[status])}
    </StatusBadge>
  );
}
