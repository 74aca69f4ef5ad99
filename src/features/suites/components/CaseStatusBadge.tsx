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

/** pass / fail / error (the service answered with an error) / not run / missing (compare: not in that run). */
export function CaseStatusBadge({ status }: { status: CaseStatus | CompareStatus }) {
  const t = useT();
  return (
    <StatusBadge tone={TONE[status]} data-status={status}>
      {t(STATUS_KEYS[status])}
    </StatusBadge>
  );
}
