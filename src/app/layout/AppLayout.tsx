import { Alert, AppShell, Center, Loader, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { OfflineBanner } from '../../components';
import { useT } from '../../i18n';
import { NAV_ITEMS } from '../nav';
import { useStartup } from '../startup';
import { AuthErrorWatcher } from './AuthErrorWatcher';
import { HeaderBar } from './HeaderBar';
import { ProfileSelect } from './ProfileStatus';

export function PageFallback() {
  const t = useT();
  return (
    <Center component="output" py="xl" aria-live="polite" style={{ display: 'flex' }}>
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <span>{t('common.loading')}</span>
      </Stack>
    </Center>
  );
}

function ConfigBanner() {
  const t = useT();
  const { configError } = useStartup();
  if (!configError) return null;
  return (
    <Alert color="orange" variant="light" mb="md" role="alert" data-testid="config-warning">
      {t('config.loadFailed', { reason: configError })}
    </Alert>
  );
}

export function AppLayout() {
  const t = useT();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <HeaderBar navOpened={opened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')}>
        <AppShell.Section grow component={ScrollArea}>
          <NavLink component={Link} to="/" label={t('nav.home')} active={pathname === '/'} onClick={close} />
          {NAV_ITEMS.map((item) => {
            const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={t(item.label)}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={close}
              />
            );
          })}
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" p="xs">
          <ProfileSelect w="100%" hiddenFrom="sm" label />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <AuthErrorWatcher />
        <OfflineBanner />
        <ConfigBanner />
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
