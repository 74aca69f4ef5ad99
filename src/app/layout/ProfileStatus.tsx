import { Group, NativeSelect, Text, Tooltip } from '@mantine/core';
import { connectionStore, useConnection } from '../../api';
import { failedHost, healthTone, StatusDot, useCheckLabel, useProfileHealth } from '../../components';
import { useT } from '../../i18n';
import { useHealthPolling } from './use-health-polling';

/** The active profile's name and health dot. */
export function ProfileStatus() {
  const t = useT();
  const checkLabel = useCheckLabel();
  const { active } = useConnection();
  useHealthPolling(active);
  const health = useProfileHealth(active?.id);
  if (!active) {
    return (
      <Group gap={6} wrap="nowrap">
        <StatusDot tone="unknown" label={t('header.noProfile')} />
        <Text size="sm" c="dimmed">
          {t('header.noProfile')}
        </Text>
      </Group>
    );
  }
  const tone = healthTone(health);
  const failed = failedHost(health);
  const description =
    tone === 'ok'
      ? t('header.status.ok', { name: active.name })
      : failed
        ? t('header.status.problem', { name: active.name, host: t(failed.host === 'base' ? 'host.base' : 'host.secondary'), reason: checkLabel(failed.check) })
        : health.checking
          ? `${active.name}: ${t('check.checking')}`
          : t('header.status.unknown', { name: active.name });
  return (
    <Tooltip label={description} multiline maw={320} withArrow>
      <Group gap={6} wrap="nowrap" data-testid="profile-status" data-tone={tone}>
        <StatusDot tone={tone} label={description} />
        {/* On a phone the dot alone stays; the name is in the navigation's profile switch. */}
        <Text size="sm" fw={500} truncate maw={180} visibleFrom="md" aria-hidden="true">
          {active.name}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** Switches the active profile (clearing the query cache, see AppProviders). */
export function ProfileSelect({ w = 180, visibleFrom, hiddenFrom, label }: { w?: number | string; visibleFrom?: 'sm'; hiddenFrom?: 'sm'; label?: boolean }) {
  const t = useT();
  const { profiles, active } = useConnection();
  if (profiles.length === 0) return null;
  return (
    <NativeSelect
      aria-label={label ? undefined : t('header.profile')}
      label={label ? t('header.profile') : undefined}
      size="xs"
      w={w}
      visibleFrom={visibleFrom}
      hiddenFrom={hiddenFrom}
      value={active?.id ?? ''}
      onChange={(e) => connectionStore.setActive(e.currentTarget.value)}
      data={profiles.map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}
