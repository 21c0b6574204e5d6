// The Analysis page as the shell knows it: its route, drawer and palette entry, icon and module
// (registered in ../resourcePages.ts).
import { lazyPage } from '../lazyPages';
import type { ResourcePage } from '../resourcePages';

export const ANALYSIS_PAGE: ResourcePage = {
  path: '/analysis',
  label: 'Analysis',
  icon: 'M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6',
  keywords: ['analysen', 'home', 'pol'],
  Page: lazyPage(() => import('./AnalysisPage'), 'AnalysisPage'),
};
