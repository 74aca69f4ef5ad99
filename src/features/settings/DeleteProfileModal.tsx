import { Button, Group, Modal, Text } from '@mantine/core';
import type { ConnectionProfile } from '../../lib';
import { useT } from '../../i18n';

export function DeleteProfileModal({
  profile,
  onCancel,
  onConfirm,
}: {
  profile: ConnectionProfile | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Modal
      opened={profile !== null}
      onClose={onCancel}
      title={profile ? t('settings.deleteTitle', { name: profile.name }) : ''}
      centered
    >
      <Text size="sm">{t('settings.deleteBody')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {t('common.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
