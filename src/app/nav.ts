import type { MessageKey } from '../i18n';
import type { NavItem } from './layout/layout-context';
import { PAGE_NAMES, ROUTES, type PageName, type PageRoute } from './routes';

/** A page's link: its first path, without parameters. */
const linkOf = (page: PageName): string => (ROUTES[page].paths[0]!.href as () => string)();

/** The pages in the navigation, in the routes table's order: those with a line on the overview. */
export const NAV_ITEMS: readonly NavItem[] = PAGE_NAMES.flatMap((page) => {
  const { nav }: PageRoute = ROUTES[page];
  return nav?.summary ? [{ to: linkOf(page), label: nav.label, summary: nav.summary }] : [];
});

/** The overview, reached from the header's name; listed first where every page is. */
export const HOME_ITEM = { to: linkOf('home'), label: ROUTES.home.nav.label } as const satisfies Omit<
  NavItem,
  'summary'
>;

/** Every page with its name, in navigation order (the spotlight offers these). */
export const PAGE_LINKS: readonly { to: string; label: MessageKey }[] = [HOME_ITEM, ...NAV_ITEMS];
