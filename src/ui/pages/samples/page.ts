// The Samples page as the shell knows it: its route, drawer and palette entry, icon and module
// (registered in ../resourcePages.ts).
import { lazyPage } from '../lazyPages';
import type { ResourcePage } from '../resourcePages';

export const SAMPLES_PAGE: ResourcePage = {
  path: '/samples',
  label: 'Samples',
  icon: 'M9 3h6M10 3v6L5 19a2 2 0 0 0 1.8 2h10.4A2 2 0 0 0 19 19l-5-10V3M7.5 14h9',
  keywords: ['proben', 'sample'],
  Page: lazyPage(() => import('./SamplesPage'), 'SamplesPage'),
};
