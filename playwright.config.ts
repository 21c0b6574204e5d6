// End-to-end tests of the built app in Debian's Chromium (no browser download). `npm run test:e2e`
// (tests/e2e/run.ts) installs Chromium when missing, builds the client when it is stale, then runs
// this. The global setup starts the real server on a fresh data dir and a free port.
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Each worker has its own server and database (support/fixtures.ts), so files run in parallel;
  // the tests of one file run in turn. LAB_E2E_WORKERS overrides the default of one worker per two
  // cores (a worker is a browser plus a server: on two cores one worker is as fast and steadier;
  // measured in CI: 983 s at one worker, 994 s at two, each test then taking twice as long).
  workers: Number(process.env.LAB_E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2)),
  fullyParallel: false,
  // Budgets guard against a hang; they are not a speed test (npm test prints the ten slowest tests,
  // and the bench measures speed). A test typically takes a few seconds on two free cores; these
  // leave room for a machine that is busy with something else. An inherently heavy test says so
  // with test.slow() (three times the budget) and the reason next to it.
  timeout: 45_000,
  expect: { timeout: 20_000 },
  // npm test sets PLAYWRIGHT_JSON_OUTPUT_NAME so its closing line counts the browser tests too.
  reporter: [
    ['list'],
    ...(CI ? ([['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]] as const) : []),
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? ([['json']] as const) : []),
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    // The tests of a worker share one browser context and tab, which Playwright empties between
    // tests (cookies, local and session storage, IndexedDB, cache, routes, init scripts, other tabs;
    // tests/e2e/isolation.spec.ts fails when it does not). Each test still opens the app by a real
    // page load, but in a tab whose renderer has run the app before. Measured 2026-11-26 on the
    // shared 2-core machine, in turn: a signed-in first load of /analysis in a kept tab 1.9 s, in a
    // new context 2.5 s (median of 6, load 11; a sketch without Playwright's reset); the whole e2e
    // step (CI=1, one worker, two pairs of runs) 496 s instead of 552 s at load 9.5, and 582 s
    // instead of 631 s at load 10-11: 8-10 % less; the 175 tests both share took 441/525 s instead
    // of 492/569 s, median test 1.95/2.38 s instead of 2.32/2.55 s. Resetting the context costs
    // about what a new one did (0.3 s a test): the gain is in the loads. A test that needs a
    // browser of its own (live-*.spec.ts) opens a new context itself.
    reuseContext: true,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
