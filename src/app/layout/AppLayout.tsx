import { Alert, Box, Center, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { OfflineBanner, plainControls } from '../../components';
import { useAfterPaint } from '../../components/use-after-paint';
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
  // The header's controls (but the features' slots: Ctrl+K works at once) and the navigation's links come a frame after the first paint: a cold load's first render
  // (the entry's, on a two-core machine ≈100 ms before anything shows) is then the page and the frame around it.
  // The header's height and the navigation's width are fixed, so nothing moves when they arrive.
  const painted = useAfterPaint();
  const isActive = (to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));

  return (
    <div className={classes.root}>
      <SkipLink />
      <header className={classes.header}>
        <HeaderBar navOpened={opened} onToggleNav={toggle} withControls={painted} />
      </header>
      <PageLoadingBar />
      <nav className={classes.navbar} data-opened={opened || undefined} aria-label={t('nav.label')}>
        <div className={classes.links}>
          {(painted ? PAGE_LINKS : []).map((item) => (
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
        {painted ? (
          <Box hiddenFrom="sm" p="xs">
            <ProfileSelect w="100%" label />
          </Box>
        ) : null}
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
