import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useCatalog, useConnection } from '../../lib';
import { starterName, useSandboxStarters } from '../../api';
import {
  DemoStarters,
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
import { routeFor } from '../../features/catalog/catalog-view';

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

/**
 * Where a first visit goes: the records the sandbox holds (for a sandbox profile), and the last records met under
 * the profile by name; with neither, how ids are found (the service lists nothing).
 */
function StartHere() {
  const t = useT();
  const navigate = useNavigate();
  const { active } = useConnection();
  const recent = useCatalog(active?.id)
    .filter((e) => routeFor(e.kind, e.id))
    .slice(0, 6);
  const starters = useSandboxStarters(active);
  if (!active) return null;
  return (
    <section aria-labelledby="start-here">
      <Title order={2} size="h4" mb="sm" id="start-here">
        {t('home.startHere')}
      </Title>
      <Card withBorder>
        <Stack gap="md">
          <DemoStarters
            kinds={['knowledge', 'dataset', 'document', 'conversation', 'space']}
            onOpen={(kind, id) => {
              const to = routeFor(kind, id);
              if (to) navigate(to);
            }}
            pathOf={routeFor}
          />
          {recent.length > 0 ? (
            <Stack gap={6} data-testid="home-recent">
              <Text size="sm" fw={600}>
                {t('home.startHere.recent')}
              </Text>
              <Group gap="xs">
                {recent.map((e) => (
                  <Anchor
                    key={`${e.kind}:${e.id}`}
                    component={Link}
                    to={routeFor(e.kind, e.id)!}
                    size="sm"
                    title={e.id}
                  >
                    {`${t(`starters.kind.${e.kind}`)}: ${e.label ?? starterName(starters, e.kind, e.id) ?? e.id}`}
                  </Anchor>
                ))}
              </Group>
            </Stack>
          ) : starters && Object.values(starters).some((list) => list.length > 0) ? null : (
            <Text size="sm" c="dimmed">
              {t('home.startHere.none')}
            </Text>
          )}
        </Stack>
      </Card>
    </section>
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
        <StartHere />
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
