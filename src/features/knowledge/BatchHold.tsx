import { Alert, Text } from '@mantine/core';
import { useFormat, useT } from '../../i18n';
import type { SendHold } from '../../removal-engine/batch/backoff';

/** Why the batch sends nothing now, and when it goes on (by itself, or once the admin resumes). */
export function BatchHold({ hold }: { hold: SendHold }) {
  const t = useT();
  const { formatTime } = useFormat();
  const time = hold.until === undefined ? '' : formatTime(hold.until);
  const status = hold.status ?? '';
  return (
    <Alert
      color={hold.reason === 'token_rejected' ? 'red' : 'yellow'}
      variant="light"
      p="xs"
      data-testid="bulk-hold"
      data-reason={hold.reason}
      data-until={hold.until}
    >
      <Text size="sm">{t(`knowledge.bulk.hold.${hold.reason}`, { time, status })}</Text>
      {hold.message && hold.reason !== 'offline' ? (
        <Text size="xs" c="dimmed">
          {hold.message}
        </Text>
      ) : null}
    </Alert>
  );
}
