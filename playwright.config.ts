// End-to-end tests of the built app in Debian's Chromium (no browser download). `npm run test:e2e`
// (tests/e2e/run.ts) installs Chromium when missing, builds the client when it is stale, then runs
// this. The global setup starts the real server on a fresh data dir and a free port.
import { defineConfig } from '@playwright/test';

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // One server, one database: tests that sign in and out stay independent by running in turn.
  workers: 1,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
