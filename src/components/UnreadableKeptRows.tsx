import { Alert, Button, Group, Text } from '@mantine/core';
import { useT } from '../i18n';

/**
 * "3 saved records could not be read": kept rows (IndexedDB) that no longer parse (written by another
 * build). Shown where they would have been listed, so they are never read as "nothing there".
 */
export function UnreadableKeptRows({ count, onRetry }: { count: number; onRetry?: () => void }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="unreadable-records" data-count={count}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('storage.unreadable', { count })}</Text>
        {onRetry ? (
          <Button size="xs" variant="subtle" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
