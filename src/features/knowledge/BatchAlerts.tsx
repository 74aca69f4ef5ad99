import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { storageErrorKey } from '../../components';
import { useFormat, useT } from '../../i18n';
import type { SendHold } from './bulk/backoff';
import type { BulkBatch } from './bulk/batch';
import { useDeletionRuntime } from './deletion/hooks';

/* Why a running bulk removal is not sending: its saves fail, or the service holds it back. */

export /** The batch could not be saved: why, and (paused) the admin's choice: try the save again, or run unsaved. */
function StorageProblem({ batch }: { batch: BulkBatch }) {
  const t = useT();
  const { batches } = useDeletionRuntime();
  const error = batch.storageError!;
  const paused = batch.status === 'paused';
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t(paused ? 'knowledge.bulk.storage.paused' : 'knowledge.bulk.storage.notSaved')}
      data-testid="bulk-storage-problem"
      data-kind={error.kind}
    >
      <Stack gap="xs">
        <Text size="sm">{t(storageErrorKey(error.kind))}</Text>
        {paused ? (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => batches.command(batch.id, 'resume')}>
              {t('knowledge.bulk.storage.tryAgain')}
            </Button>
            <Button size="xs" variant="default" onClick={() => batches.command(batch.id, 'run_unsaved')}>
              {t('knowledge.bulk.storage.runUnsavedShort')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

export /** Why the batch sends nothing now, and when it goes on (by itself, or once the admin resumes). */
function BatchHold({ hold }: { hold: SendHold }) {
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
