import { ActionIcon, Burger, Group, Title, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { Hint, LogoIcon, MoonIcon, SunIcon } from '../../components';
import { LOCALE_NAMES, LOCALES, isLocale, useLocale, useT } from '../../i18n';
import { headerExtras } from '../header-extras';
import { HeaderSelect } from './HeaderSelect';
import { ProfileSelect, ProfileStatus } from './ProfileStatus';
import { paths } from '../../config/paths';

/**
 * The header. Memoised: the layout re-renders on every navigation (the nav marks the current page), and the header,
 * which does not depend on the page, would otherwise render again with it while the next page loads.
 */
export const HeaderBar = memo(function HeaderBar({
  navOpened,
  onToggleNav,
}: {
  navOpened: boolean;
  onToggleNav: () => void;
}) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const themeLabel = computed === 'dark' ? t('header.toLight') : t('header.toDark');

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
        {/* Named by the label: on phones the title is hidden and the logo alone stays. */}
        <Link to={paths.home.href()} aria-label={t('app.name')} style={{ color: 'inherit', textDecoration: 'none' }}>
          <Group gap={8} wrap="nowrap">
            <LogoIcon />
            <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
              {t('app.name')}
            </Title>
          </Group>
        </Link>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {headerExtras.map(({ id, Component }) => (
          <Component key={id} />
        ))}
        <ProfileStatus />
        <ProfileSelect visibleFrom="sm" />
        <Hint label={themeLabel}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={themeLabel}
            onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
          >
            {computed === 'dark' ? <SunIcon /> : <MoonIcon />}
          </ActionIcon>
        </Hint>
        <HeaderSelect
          label={t('header.language')}
          width={104}
          value={locale}
          onChange={(next) => {
            if (isLocale(next)) setLocale(next);
          }}
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
        />
      </Group>
    </Group>
  );
});
