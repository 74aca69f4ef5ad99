import { useHotkeys } from '@mantine/hooks';
import { useCallback, useRef, useState, type ComponentType } from 'react';
import type { SpotlightPage } from './CatalogSpotlight';
import { Hint, plainControls, SearchIcon } from '../../components';
import { FEATURE_AREAS, useT, withMessages } from '../../i18n';

type SpotlightModule = typeof import('./CatalogSpotlight');

/** The spotlight (and @mantine/spotlight with its modal, and the catalog's messages) is fetched on first use, not with the shell. */
const loadSpotlight: () => Promise<SpotlightModule> = withMessages(
  FEATURE_AREAS.catalog,
  () => import('./CatalogSpotlight'),
);

/**
 * The always-loaded part of the catalog spotlight: the header button and Ctrl/Cmd-K.
 * The first use loads the spotlight, mounts it and opens it; later uses just open it.
 */
export function CatalogSpotlightTrigger({ pages }: { pages: readonly SpotlightPage[] }) {
  const t = useT();
  const label = t('catalog.spotlight.button');
  const [Spotlight, setSpotlight] = useState<ComponentType<{ pages: readonly SpotlightPage[] }> | null>(null);
  const loading = useRef<Promise<SpotlightModule> | null>(null);

  const open = useCallback(() => {
    loading.current ??= loadSpotlight();
    loading.current.then(
      (mod) => {
        // Opening before the first mount is fine: the spotlight's store lives in its module.
        mod.openCatalogSpotlight();
        setSpotlight(() => mod.CatalogSpotlight);
      },
      (error: unknown) => {
        // A failed chunk load (e.g. after a redeploy) is retried on the next press.
        loading.current = null;
        console.error(error);
      },
    );
  }, []);

  // Ctrl/Cmd-K also works while typing in a field: it is the console's one global shortcut.
  useHotkeys([['mod + K', open]], []);

  return (
    <>
      <Hint label={label}>
        <button
          type="button"
          className={plainControls.icon}
          aria-label={label}
          onClick={open}
          onMouseEnter={() => void (loading.current ??= loadSpotlight())}
          data-testid="spotlight-button"
        >
          <SearchIcon />
        </button>
      </Hint>
      {Spotlight ? <Spotlight pages={pages} /> : null}
    </>
  );
}
