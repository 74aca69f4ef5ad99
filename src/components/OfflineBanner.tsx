import { Alert, Box } from '@mantine/core';
import { useT } from '../i18n';
import { useOnline } from './use-online';

/**
 * Shown while the browser is offline. React Query pauses reads until the network is back (networkMode
 * 'online'); writes are never queued, so a save tried now fails at once and its form keeps what was typed.
 * It sticks below the header, so an admin scrolled down a long form still sees it.
 */
export function OfflineBanner() {
  const t = useT();
  const online = useOnline();
  if (online) return null;
  return (
    // The light alert is translucent: an opaque backing keeps the page from showing through while it sticks.
    <Box
      mb="md"
      bg="var(--mantine-color-body)"
      style={{
        position: 'sticky',
        top: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-xs))',
        zIndex: 5,
        borderRadius: 'var(--mantine-radius-default)',
      }}
    >
      <Alert color="yellow" variant="light" data-testid="offline-banner">
        {t('offline.banner')}
      </Alert>
    </Box>
  );
}
