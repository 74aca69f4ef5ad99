import { paths } from '../config/paths';
import type { MessageKey } from '../i18n';

/** A page of the console as the navigation, the overview and the spotlight list it. */
export interface NavItem {
  to: string;
  label: MessageKey;
  /** One line for the overview page. */
  summary: MessageKey;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.knowledge.href(), label: 'nav.knowledge', summary: 'home.area.knowledge' },
  { to: paths.datasets.href(), label: 'nav.datasets', summary: 'home.area.datasets' },
  { to: paths.documents.href(), label: 'nav.documents', summary: 'home.area.documents' },
  { to: paths.conversations.href(), label: 'nav.conversations', summary: 'home.area.conversations' },
  { to: paths.playground.href(), label: 'nav.playground', summary: 'home.area.playground' },
  { to: paths.suites.href(), label: 'nav.suites', summary: 'home.area.suites' },
  { to: paths.activity.href(), label: 'nav.activity', summary: 'home.area.activity' },
  { to: paths.catalog.href(), label: 'catalog.title', summary: 'catalog.summary' },
  { to: paths.settings.href(), label: 'nav.settings', summary: 'home.area.settings' },
];

/** The overview, reached from the header's name; listed first where every page is. */
export const HOME_ITEM = { to: paths.home.href(), label: 'nav.home' } as const satisfies Omit<NavItem, 'summary'>;

/** Every page with its name, in navigation order (the spotlight offers these). */
export const PAGE_LINKS: readonly { to: string; label: MessageKey }[] = [HOME_ITEM, ...NAV_ITEMS];
