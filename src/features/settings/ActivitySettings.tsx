import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, useSyncExternalStore } from 'react';
import { keptHistory, OPERATOR_NAME_MAX, operatorStore, useOperatorName } from '../../lib';
import { useT } from '../../i18n';

/**
 * Who signs the audit of destructive actions (the service knows no identity), and whether the kept request history
 * keeps bodies. Both are this browser's, not a profile's.
 */
export function ActivitySettings() {
  const t = useT();
  const saved = useOperatorName();
  const [name, setName] = useState(saved);
  const [error, setError] = useState<string>();
  const keepBodies = useSyncExternalStore(keptHistory.subscribe, keptHistory.keepBodies, keptHistory.keepBodies);

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim().length > OPERATOR_NAME_MAX) {
      setError(t('settings.operator.tooLong', { max: OPERATOR_NAME_MAX }));
      return;
    }
    setError(undefined);
    if (!operatorStore.set(name)) {
      setError(t('settings.operator.notKept'));
      return;
    }
    notifications.show({ color: 'teal', message: t('settings.operator.saved') });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="activity-settings">
      <Title order={2} size="h4" id="activity-settings">
        {t('settings.activity.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.activity.description')}
      </Text>
      <Stack gap="sm">
        <form onSubmit={save} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('settings.operator.label')}
              description={t('settings.operator.description')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              style={{ flex: '1 1 16rem' }}
              autoComplete="name"
            />
            <Button type="submit" variant="default" disabled={name.trim() === saved}>
              {t('settings.operator.save')}
            </Button>
          </Group>
        </form>
        <Switch
          label={t('settings.activity.keepBodies')}
          description={t('settings.activity.keepBodies.description')}
          checked={keepBodies}
          onChange={(e) => keptHistory.setKeepBodies(e.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
