import { createTheme, MantineThemeProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useT } from '../i18n';

/**
 * Mantine's close buttons (modals, drawers, alerts, notifications) are bare icons with no accessible
 * name; this gives them one, in the console's language, for every instance at once.
 */
export function LocalizedDefaults({ children }: { children: ReactNode }) {
  const t = useT();
  const close = t('common.close');
  const overrides = useMemo(
    () =>
      createTheme({
        components: {
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
          Alert: { defaultProps: { closeButtonLabel: close } },
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        },
      }),
    [close],
  );
  return <MantineThemeProvider theme={overrides}>{children}</MantineThemeProvider>;
}
