import type { MessageKey } from '../i18n';

/** The areas of the console, in navigation order. */
export interface NavItem {
  to: string;
  label: MessageKey;
  /** One line for the overview page. */
  summary: MessageKey;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/knowledge', label: 'nav.knowledge', summary: 'home.area.knowledge' },
  { to: '/datasets', label: 'nav.datasets', summary: 'home.area.datasets' },
  { to: '/documents', label: 'nav.documents', summary: 'home.area.documents' },
  { to: '/conversations', label: 'nav.conversations', summary: 'home.area.conversations' },
  { to: '/playground', label: 'nav.playground', summary: 'home.area.playground' },
  { to: '/suites', label: 'nav.suites', summary: 'home.area.suites' },
  { to: '/activity', label: 'nav.activity', summary: 'home.area.activity' },
  { to: '/catalog', label: 'catalog.title', summary: 'catalog.summary' },
  { to: '/settings', label: 'nav.settings', summary: 'home.area.settings' },
];
