import { useOutletContext } from 'react-router-dom';
import type { MessageKey } from '../../i18n';

/** A page of the console as the navigation, the overview and the spotlight list it. */
export interface NavItem {
  to: string;
  label: MessageKey;
  /** One line for the overview page. */
  summary: MessageKey;
}

/**
 * What the layout hands the page it shows. The overview lists the navigation's pages from here rather than from
 * nav.ts: nav.ts reads the routes table, which loads the overview, so importing it would close a circle.
 */
export interface LayoutContext {
  navItems: readonly NavItem[];
}

export const useLayoutContext = (): LayoutContext => useOutletContext<LayoutContext>();
