import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { storageErrorKey } from '../../components';
import { useT } from '../../i18n';
import type { Batch } from '../../removal-engine/batch/batch';
import { useDeletionRuntime } from './deletion/hooks';

/** The batch could not be saved: why, and (paused) the admin's choice: try the save again, or run unsaved. */
export function StorageProblem({ batch }: { batch: Batch }) {
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
