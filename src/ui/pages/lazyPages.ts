// Every page is its own chunk, loaded when its route is first visited: the sign-in page does not
// download the tables, and a bench user opening Labels does not wait for Analysis. Each page module
// keeps its named export; `lazy` needs a default one, hence the small adapter.
import { lazy, type ComponentType } from 'react';

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const LoginPage = page(() => import('./login/LoginPage'), 'LoginPage');
export const AnalysisPage = page(() => import('./analysis/AnalysisPage'), 'AnalysisPage');
export const SamplesPage = page(() => import('./samples/SamplesPage'), 'SamplesPage');
export const BoxesPage = page(() => import('./boxes/BoxesPage'), 'BoxesPage');
export const ScreensPage = page(() => import('./screens/ScreensPage'), 'ScreensPage');
export const ReportsPage = page(() => import('./reports/ReportsPage'), 'ReportsPage');
export const SyncPage = page(() => import('./sync/SyncPage'), 'SyncPage');
export const LimitsPage = page(() => import('./limits/LimitsPage'), 'LimitsPage');
export const SettingsPage = page(() => import('./settings/SettingsPage'), 'SettingsPage');
export const LabelsPage = page(() => import('./labels/LabelsPage'), 'LabelsPage');
export const LogsPage = page(() => import('./logs/LogsPage'), 'LogsPage');
export const DocPage = page(() => import('./doc/DocPage'), 'DocPage');
export const AuditPage = page(() => import('./audit/AuditPage'), 'AuditPage');
