// The Screens page as the shell knows it: its route, drawer and palette entry, icon and module
// (registered in ../resourcePages.ts).
import { lazyPage } from '../lazyPages';
import type { ResourcePage } from '../resourcePages';

export const SCREENS_PAGE: ResourcePage = {
  path: '/screens',
  label: 'Screens',
  icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  keywords: ['screen number'],
  Page: lazyPage(() => import('./ScreensPage'), 'ScreensPage'),
};
