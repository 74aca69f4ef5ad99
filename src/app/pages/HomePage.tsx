import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useConnection } from '../../lib';
import {
  failedHost,
  healthTone,
  PageHeader,
  plainControls,
  StatusBadge,
  useCheckLabel,
  useProfileHealth,
} from '../../components';
import { useT } from '../../i18n';
import { useLayoutContext } from '../layout/layout-context';
import { paths } from '../../config/paths';

function ActiveProfileCard() {
  const t = useT();
  const checkLabel = useCheckLabel();
  const { active } = useConnection();
  const health = useProfileHealth(active);
  if (!active) {
    return (
      <Card withBorder>
        <Text>{t('home.noActiveProfile')}</Text>
        <Group mt="sm">
          <Link className={plainControls.button} data-variant="filled" to={paths.settings.href()}>
            {t('home.openSettings')}
          </Link>
        </Group>
      </Card>
    );
  }
  const tone = healthTone(health);
  const failed = failedHost(health);
  return (
    <Card withBorder>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('home.activeProfile')}
          </Text>
          <Text fw={600}>{active.name}</Text>
          <Text size="sm" c="dimmed">
            {t('host.base')}: {active.base_url}
          </Text>
          <Text size="sm" c="dimmed">
            {t('host.secondary')}: {active.secondary_url}
          </Text>
          <Text size="sm" c="dimmed">
            {t(active.mode === 'proxied' ? 'settings.mode.proxied' : 'settings.mode.direct')}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <StatusBadge tone={tone}>
            {tone === 'ok'
              ? t('check.ok')
              : failed
                ? checkLabel(failed.check)
                : health.checking
                  ? t('check.checking')
                  : t('check.unknown')}
          </StatusBadge>
          <Anchor component={Link} to={paths.settings.href()} size="sm">
            {t('home.openSettings')}
          </Anchor>
        </Stack>
      </Group>
    </Card>
  );
}

export default function HomePage() {
  const t = useT();
  const { navItems } = useLayoutContext();
  return (
    <>
      <PageHeader title={t('home.title')} description={t('home.intro')} />
      <Stack gap="lg">
        <ActiveProfileCard />
        <div>
          <Title order={2} size="h4" mb="sm">
            {t('home.areas')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {navItems.map((item) => (
              <Card key={item.to} withBorder component={Link} to={item.to} style={{ textDecoration: 'none' }}>
                <Text fw={600} c="indigo">
                  {t(item.label)}
                </Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(item.summary)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </div>
      </Stack>
    </>
  );
}
