import { Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { connectionStore, useConnection } from '../../lib';
import { failedHost, Hint, healthTone, StatusDot, useCheckLabel, useProfileHealth } from '../../components';
import { useT } from '../../i18n';
import { HeaderSelect } from './HeaderSelect';
import { paths } from '../../config/paths';

const linkStyle = { color: 'inherit', textDecoration: 'none', borderRadius: 'var(--mantine-radius-sm)' };

/** The active profile's name and health dot; a link to Settings, where the connection is tested and fixed. */
export function ProfileStatus() {
  const t = useT();
  const checkLabel = useCheckLabel();
  const { active } = useConnection();
  const health = useProfileHealth(active, { poll: true });
  if (!active) {
    return (
      <Link to={paths.settings.href()} style={linkStyle}>
        <Group gap={6} wrap="nowrap">
          <StatusDot tone="unknown" label={t('header.noProfile')} />
          <Text size="sm" c="dimmed">
            {t('header.noProfile')}
          </Text>
        </Group>
      </Link>
    );
  }
  const tone = healthTone(health);
  const failed = failedHost(health);
  const description =
    tone === 'ok'
      ? t('header.status.ok', { name: active.name })
      : failed
        ? t('header.status.problem', {
            name: active.name,
            host: t(failed.host === 'base' ? 'host.base' : 'host.secondary'),
            reason: checkLabel(failed.check),
          })
        : health.checking
          ? `${active.name}: ${t('check.checking')}`
          : t('header.status.unknown', { name: active.name });
  return (
    <Hint label={description}>
      <Link to={paths.settings.href()} style={linkStyle}>
        <Group gap={6} wrap="nowrap" p={6} data-testid="profile-status" data-tone={tone}>
          {/* The dot alone: the profile's name is in the switch beside it (on a phone, in the navigation's), once. */}
          <StatusDot tone={tone} label={description} />
        </Group>
      </Link>
    </Hint>
  );
}

/** Switches the active profile (clearing the query cache, see AppProviders). */
export function ProfileSelect({
  w = 180,
  visibleFrom,
  label,
}: {
  w?: number | string;
  visibleFrom?: 'sm';
  label?: boolean;
}) {
  const t = useT();
  const { profiles, active } = useConnection();
  if (profiles.length === 0) return null;
  return (
    <Box visibleFrom={visibleFrom}>
      <HeaderSelect
        label={t('header.profile')}
        showLabel={label}
        width={w}
        value={active?.id ?? ''}
        onChange={(id) => connectionStore.setActive(id)}
        options={profiles.map((p) => ({ value: p.id, label: p.name }))}
      />
    </Box>
  );
}
