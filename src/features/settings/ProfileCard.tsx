import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { connectionStore, type ConnectionProfile } from '../../lib';
import { useProfileHealth } from '../../components';
import { useT } from '../../i18n';
import { ConnectionTestResults } from './ConnectionTestResults';

export interface ProfileCardProps {
  profile: ConnectionProfile;
  active: boolean;
  /** The profile whose token the service just refused. */
  highlighted?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function ProfileCard({ profile, active, highlighted = false, onEdit, onDelete }: ProfileCardProps) {
  const t = useT();
  const health = useProfileHealth(profile);
  const titleId = `profile-${profile.id}`;
  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={titleId}
      data-testid="profile-card"
      data-profile-id={profile.id}
      data-highlighted={highlighted || undefined}
      style={
        highlighted
          ? { borderColor: 'var(--mantine-color-orange-6)', boxShadow: '0 0 0 1px var(--mantine-color-orange-6)' }
          : undefined
      }
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Group gap="xs">
            <Title order={3} size="h5" id={titleId}>
              {profile.name}
            </Title>
            {active ? <Badge color="teal">{t('settings.active')}</Badge> : null}
            <Badge variant="outline" color="gray" tt="none">
              {profile.source === 'config' ? t('settings.fromConfig') : t('settings.userProfile')}
            </Badge>
            <Badge variant="light" color={profile.mode === 'proxied' ? 'grape' : 'blue'}>
              {t(profile.mode === 'proxied' ? 'settings.mode.proxied' : 'settings.mode.direct')}
            </Badge>
            <Badge variant="light" color={profile.token ? 'gray' : 'orange'}>
              {profile.token ? t('settings.tokenSet') : t('settings.tokenMissing')}
            </Badge>
            {profile.rememberToken ? (
              <Badge variant="light" color="gray">
                {t('settings.tokenRemembered')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('host.base')}: {profile.base_url}
          </Text>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('host.secondary')}: {profile.secondary_url}
          </Text>
        </Stack>
        <Group gap="xs">
          {active ? null : (
            <Button size="xs" variant="light" onClick={() => connectionStore.setActive(profile.id)}>
              {t('settings.useProfile')}
            </Button>
          )}
          <Button size="xs" variant="default" loading={health.checking} onClick={health.check}>
            {t('settings.testConnection')}
          </Button>
          <Button size="xs" variant="default" onClick={onEdit}>
            {t('common.edit')}
          </Button>
          {profile.source === 'user' ? (
            <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
              {t('common.delete')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {health.result ? (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <ConnectionTestResults result={health.result} mode={profile.mode} />
        </div>
      ) : null}
    </Card>
  );
}
