// The Boxes page as the shell knows it: its route, drawer and palette entry, icon and module
// (registered in ../resourcePages.ts).
import { lazyPage } from '../lazyPages';
import type { ResourcePage } from '../resourcePages';

export const BOXES_PAGE: ResourcePage = {
  path: '/boxes',
  label: 'Boxes',
  icon: 'M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10',
  keywords: ['kisten', 'box positions'],
  Page: lazyPage(() => import('./BoxesPage'), 'BoxesPage'),
};
