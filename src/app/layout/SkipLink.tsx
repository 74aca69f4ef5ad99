import type { MouseEvent } from 'react';
import { useT } from '../../i18n';
import classes from './SkipLink.module.css';

export const MAIN_ID = 'main-content';

/**
 * Moves focus to the page's heading (or the main region while the page loads). Focused from script, the heading
 * gets tabIndex -1; the next Tab goes on from there, into the page.
 */
function focusContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  target.focus();
  target.scrollIntoView?.({ block: 'nearest' });
}

/** The first Tab stop of every page: past the header and navigation (16 stops) to the page itself. */
export function SkipLink() {
  const t = useT();
  return (
    <a href={`#${MAIN_ID}`} className={classes.skip} onClick={focusContent} data-testid="skip-link">
      {t('shell.skipToContent')}
    </a>
  );
}
