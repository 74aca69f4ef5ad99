import { Burger, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { Hint, LogoIcon, MoonIcon, plainControls, SunIcon } from '../../components';
import { LOCALE_NAMES, LOCALES, isLocale, useLocale, useT } from '../../i18n';
import { headerExtras } from '../header-extras';
import { HeaderSelect } from './HeaderSelect';
import { ProfileSelect, ProfileStatus } from './ProfileStatus';
import { paths } from '../../config/paths';
import classes from './HeaderBar.module.css';

/**
 * The header. Memoised: the layout re-renders on every navigation (the nav marks the current page), and the header,
 * which does not depend on the page, would otherwise render again with it while the next page loads.
 */
export const HeaderBar = memo(function HeaderBar({
  navOpened,
  onToggleNav,
  withControls = true,
}: {
  navOpened: boolean;
  onToggleNav: () => void;
  /** False in the first render (AppLayout): the brand and the features' slots; the other controls a frame later. */
  withControls?: boolean;
}) {
  const t = useT();
  return (
    <div className={classes.bar}>
      <div className={classes.side}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
        {/* Named by the label: on phones the title is hidden and the logo alone stays. */}
        <Link to={paths.home.href()} aria-label={t('app.name')} className={classes.brand}>
          <LogoIcon />
          <h2 className={classes.title}>{t('app.name')}</h2>
        </Link>
      </div>
      <div className={classes.side}>
        {/* The features' slots at once: the spotlight's Ctrl+K works from the first paint. */}
        {headerExtras.map(({ id, Component }) => (
          <Component key={id} />
        ))}
        {withControls ? <HeaderControls /> : null}
      </div>
    </div>
  );
});

/** The profile's status and switch, the colour scheme and the language. */
function HeaderControls() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const themeLabel = computed === 'dark' ? t('header.toLight') : t('header.toDark');
  return (
    <>
      <ProfileStatus />
      <ProfileSelect visibleFrom="sm" />
      <Hint label={themeLabel}>
        <button
          type="button"
          className={plainControls.icon}
          aria-label={themeLabel}
          onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
        >
          {computed === 'dark' ? <SunIcon /> : <MoonIcon />}
        </button>
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
    </>
  );
}
