import { VisuallyHidden } from '@mantine/core';
import { useT } from '../../i18n';
import { usePageLoading } from '../page-loading';
import classes from './PageLoadingBar.module.css';

/** Shown while the next page's chunk loads (the current page stays until it is ready). */
export function PageLoadingBar() {
  const t = useT();
  const loading = usePageLoading();
  if (!loading) return null;
  return (
    // The bar is drawn; assistive technology gets a real (indeterminate) progress element.
    <div className={classes.bar} data-testid="page-loading">
      <VisuallyHidden>
        <progress aria-label={t('common.loading')} />
      </VisuallyHidden>
    </div>
  );
}
