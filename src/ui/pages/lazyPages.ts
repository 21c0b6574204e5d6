// Every page is its own chunk, loaded when its route is first visited: the sign-in page does not
// download the tables, and a bench user opening Labels does not wait for Analysis. Each page module
// keeps its named export; `lazy` needs a default one, hence the small adapter. The resource pages
// declare theirs in their own folders (resourcePages.ts).
import { lazy, type ComponentType } from 'react';

export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const LoginPage = lazyPage(() => import('./login/LoginPage'), 'LoginPage');
export const ReportsPage = lazyPage(() => import('./reports/ReportsPage'), 'ReportsPage');
export const SyncPage = lazyPage(() => import('./sync/SyncPage'), 'SyncPage');
export const LimitsPage = lazyPage(() => import('./limits/LimitsPage'), 'LimitsPage');
export const SettingsPage = lazyPage(() => import('./settings/SettingsPage'), 'SettingsPage');
export const LabelsPage = lazyPage(() => import('./labels/LabelsPage'), 'LabelsPage');
export const LogsPage = lazyPage(() => import('./logs/LogsPage'), 'LogsPage');
export const DocPage = lazyPage(() => import('./doc/DocPage'), 'DocPage');
export const AuditPage = lazyPage(() => import('./audit/AuditPage'), 'AuditPage');
