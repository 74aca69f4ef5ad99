import { Alert, Box, Center, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { OfflineBanner, plainControls } from '../../components';
import { useT } from '../../i18n';
import { NAV_ITEMS, PAGE_LINKS } from '../nav';
import { useStartup } from '../startup';
import classes from './AppLayout.module.css';
import { AuthErrorWatcher } from './AuthErrorWatcher';
import { HeaderBar } from './HeaderBar';
import type { LayoutContext } from './layout-context';
import { PageLoadingBar } from './PageLoadingBar';
import { ProfileSelect } from './ProfileStatus';
import { SkipLink, MAIN_ID } from './SkipLink';

export function PageFallback() {
  const t = useT();
  return (
    <Center component="output" py="xl" aria-live="polite" style={{ display: 'flex' }}>
      <Stack align="center" gap="xs">
        <span className={plainControls.spinner} aria-hidden="true" />
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

const LAYOUT_CONTEXT: LayoutContext = { navItems: NAV_ITEMS };

export function AppLayout() {
  const t = useT();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const isActive = (to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));

  return (
    <div className={classes.root}>
      <SkipLink />
      <header className={classes.header}>
        <HeaderBar navOpened={opened} onToggleNav={toggle} />
      </header>
      <PageLoadingBar />
      <nav className={classes.navbar} data-opened={opened || undefined} aria-label={t('nav.label')}>
        <div className={classes.links}>
          {PAGE_LINKS.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={classes.link}
              aria-current={isActive(item.to) ? 'page' : undefined}
              onClick={close}
            >
              {t(item.label)}
            </Link>
          ))}
        </div>
        <Box hiddenFrom="sm" p="xs">
          <ProfileSelect w="100%" label />
        </Box>
      </nav>
      {/* Focusable from script only: the skip link's target when a page has no heading yet. */}
      <main className={classes.main} id={MAIN_ID} tabIndex={-1}>
        <AuthErrorWatcher />
        <OfflineBanner />
        <ConfigBanner />
        <Suspense fallback={<PageFallback />}>
          <Outlet context={LAYOUT_CONTEXT} />
        </Suspense>
      </main>
    </div>
  );
}
