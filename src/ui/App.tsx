// Routes of docs/dev/product-rules.md#screens and the providers around them. React Aria's RouterProvider makes its links
// (kit Link) navigate through React Router instead of reloading the page.
import { Suspense } from 'react';
import { I18nProvider, RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { UI_LOCALE } from './kit/locale';
import { Navigate, Route, Routes, useHref, useNavigate, type NavigateOptions } from 'react-router';
import {
  AuditPage,
  DocPage,
  LabelsPage,
  LimitsPage,
  LoginPage,
  LogsPage,
  ReportsPage,
  SettingsPage,
  SyncPage,
} from './pages/lazyPages';
import { HOME_PAGE, RESOURCE_PAGES } from './pages/resourcePages';
import { BusyOverlay } from './shell/BusyOverlay';
import { PageLoading } from './shell/PageLoading';
import { RequireAuth } from './shell/RequireAuth';
import { Shell } from './shell/Shell';
import { Snackbar } from './shell/Snackbar';
import { AppProviders } from './state/AppProviders';
import { ThemeProvider } from './theme/ThemeProvider';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

export function App() {
  const navigate = useNavigate();
  return (
    <I18nProvider locale={UI_LOCALE}>
      <AriaRouterProvider navigate={(path, options) => navigate(path, options)} useHref={useHref}>
        <ThemeProvider>
          <AppProviders>
            <Routes>
              <Route
                path="/login"
                element={
                  <Suspense fallback={<PageLoading />}>
                    <LoginPage />
                  </Suspense>
                }
              />
              <Route
                element={
                  <RequireAuth>
                    <Shell />
                  </RequireAuth>
                }
              >
                <Route index element={<HOME_PAGE.Page />} />
                {RESOURCE_PAGES.map(({ path, Page }) => (
                  <Route key={path} path={path.slice(1)} element={<Page />} />
                ))}
                <Route path="reports" element={<ReportsPage />} />
                <Route path="sync" element={<SyncPage />} />
                <Route path="limits" element={<LimitsPage />} />
                <Route path="settings" element={<SettingsPage />} />
                <Route path="labels" element={<LabelsPage />} />
                <Route path="logs" element={<LogsPage />} />
                <Route path="doc" element={<DocPage />} />
                <Route path="audit" element={<AuditPage />} />
                {/* An old bookmark or a typo lands on the home view rather than a blank page. */}
                <Route path="*" element={<Navigate to="/" replace />} />
              </Route>
            </Routes>
            <Snackbar />
            <BusyOverlay />
          </AppProviders>
        </ThemeProvider>
      </AriaRouterProvider>
    </I18nProvider>
  );
}
