import { Badge, Loader } from '@mantine/core';
import type { RequestLogEntry } from '../../lib';
import { useT } from '../../i18n';
import { outcomeOf, type Outcome } from './log-view';

const COLOR: Record<Outcome, string> = {
  pending: 'gray',
  success: 'teal',
  redirect: 'blue',
  client_error: 'orange',
  server_error: 'red',
  failed: 'red',
  cancelled: 'gray',
};

/** The HTTP status, coloured by outcome; a call with no answer shows why (network, CORS, timeout…). */
export function OutcomeBadge({ entry }: { entry: RequestLogEntry }) {
  const t = useT();
  const outcome = outcomeOf(entry);
  const label =
    outcome === 'pending'
      ? t('activity.pending')
      : outcome === 'cancelled'
        ? t('activity.cancelled')
        : entry.status !== undefined
          ? String(entry.status)
          : (entry.errorKind ?? t('activity.failed'));
  return (
    <Badge
      color={COLOR[outcome]}
      variant={outcome === 'success' || outcome === 'cancelled' ? 'light' : 'filled'}
      leftSection={outcome === 'pending' ? <Loader size={10} color="gray" /> : undefined}
      data-outcome={outcome}
      tt="none"
    >
      {label}
    </Badge>
  );
}
