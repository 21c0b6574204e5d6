// Every page of docs/dev/product-rules.md#screens in menu order: the drawer, the command palette and the route table read
// this one list, so a page added here shows up in all three places. The resource pages come first,
// from their registration (pages/resourcePages.ts).
import type { IconName } from '../kit/Icon';
import { HOME_PAGE, RESOURCE_PAGES } from '../pages/resourcePages';

export interface NavEntry {
  path: string;
  /** Drawer entry, page heading and palette label ("Go to …"). */
  label: string;
  icon: IconName;
  /** Extra words the palette matches on (German terms used at the bench, route name). */
  keywords: readonly string[];
  /** Set for entries whose label is German (screen readers switch pronunciation). */
  lang?: 'de';
}

const navEntry = ({ path, label, icon, keywords }: NavEntry): NavEntry => ({ path, label, icon, keywords });

export const NAV_ENTRIES: readonly NavEntry[] = [
  ...RESOURCE_PAGES.map(navEntry),
  { path: '/reports', label: 'Reports', icon: 'reports', keywords: ['day report', 'suspicious', 'berichte'] },
  { path: '/sync', label: 'Synchronization', icon: 'sync', keywords: ['sync', 'import'] },
  { path: '/limits', label: 'Value Limits', icon: 'limits', keywords: ['limits', 'grenzwerte', 'min max'] },
  {
    path: '/settings',
    label: 'Settings',
    icon: 'settings',
    keywords: ['campaign', 'amino', 'einstellungen'],
  },
  { path: '/labels', label: 'Labels', icon: 'labels', keywords: ['print', 'sticker', 'etiketten', 'ean'] },
  { path: '/logs', label: 'Hardware Logs', icon: 'logs', keywords: ['logging', 'hardware'] },
];

/**
 * Pages only admins may open (docs/dev/product-rules.md#screens): the drawer and the palette offer
 * them to admins only, after the pages everyone has.
 */
export const ADMIN_ENTRIES: readonly NavEntry[] = [
  { path: '/audit', label: 'Audit trail', icon: 'history', keywords: ['history', 'changes', 'who changed', 'audit'] },
];

/** The pages the drawer and the palette offer to a user with or without the admin role. */
export const navEntriesFor = (isAdmin: boolean): readonly NavEntry[] =>
  isAdmin ? [...NAV_ENTRIES, ...ADMIN_ENTRIES] : NAV_ENTRIES;

export const HELP_ENTRY: NavEntry = {
  path: '/doc',
  label: 'Hilfe',
  icon: 'help',
  keywords: ['help', 'doc', 'manual'],
  lang: 'de',
};

export const APP_TITLE_PARTS = ['Rübenlabor', 'Probenverwaltung'] as const;
export const APP_TITLE = APP_TITLE_PARTS.join(' – ');

/** Where a successful sign-in lands when nobody asked for a particular page. */
export const HOME_PATH = HOME_PAGE.path;

/** aria-current for the entry of the page being shown; '/' is the Analysis view (docs/dev/product-rules.md#screens). */
export const isCurrentPath = (entryPath: string, pathname: string): boolean => {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === entryPath || (path === '/' && entryPath === HOME_PATH);
};
