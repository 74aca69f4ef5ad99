import { useT } from '../../i18n';
import { usePageLoading } from '../page-loading';
import classes from './PageLoadingBar.module.css';

/** Shown while the next page's chunk loads (the current page stays until it is ready). */
export function PageLoadingBar() {
  const t = useT();
  const loading = usePageLoading();
  if (!loading) return null;
  return <div className={classes.bar} role="progressbar" aria-label={t('common.loading')} data-testid="page-loading" />;
}
