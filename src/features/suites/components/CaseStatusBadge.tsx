import type { CaseStatus, CompareStatus } from '../../../suite-engine';
import { StatusBadge, type StatusTone } from '../../../components';
import { useT } from '../../../i18n';

const TONE: Record<CompareStatus, StatusTone> = {
  pass: 'ok',
  fail: 'error',
  error: 'warning',
  not_run: 'unknown',
  missing: 'unknown',
};

export const STATUS_KEYS = {
  pass: 'suites.status.pass',
  fail: 'suites.status.fail',
  error: 'suites.status.error',
  not_run: 'suites.status.not_run',
  missing: 'suites.status.missing',
} as const satisfies Record<CompareStatus, string>;

/**
 * pass / fail / error (the service answered with an error) / not run / missing (compare: not in that run). While its
 * run goes on (`running`), a case not run yet reads "queued": "not run" is what a stopped or ended run leaves.
 */
export function CaseStatusBadge({
  status,
  running = false,
}: {
  status: CaseStatus | CompareStatus;
  running?: boolean;
}) {
  const t = useT();
  const queued = running && status === 'not_run';
  return (
    <StatusBadge tone={TONE[status]} data-status={queued ? 'queued' : status}>
      {queued ? t('suites.status.queued') : t(STATUS_KEYS[status])}
    </StatusBadge>
  );
}
