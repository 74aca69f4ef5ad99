import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../../i18n';
import { useSuitesStore } from '../hooks';
import type { KeptSuite } from '../model/store';

/** Asks before a kept suite is removed; used from the list and from the suite's own page. */
export function DeleteSuiteModal({
  suite,
  onClose,
  onDeleted,
}: {
  suite: KeptSuite | null;
  onClose(): void;
  onDeleted(): void | Promise<void>;
}) {
  const t = useT();
  const store = useSuitesStore();
  return (
    <Modal opened={!!suite} onClose={onClose} title={t('suites.deleteTitle')}>
      <Stack>
        <Text size="sm">{t('suites.deleteBody', { name: suite?.file.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={async () => {
              if (!suite) return;
              await store.remove(suite.id);
              await onDeleted();
            }}
          >
            {t('suites.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
