// What the global setup hands to the tests, through environment variables (Playwright passes the
// runner's environment on to its workers).
export const ENV_BASE_URL = 'LABDESK_E2E_BASE_URL';

export const ACCOUNTS = {
  admin: { email: 'admin@labdesk.test', password: 'admin-pass-1', role: 'ADMIN' },
  reader: { email: 'reader@labdesk.test', password: 'reader-pass-1', role: 'READER' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

export function baseUrl(): string {
  const url = process.env[ENV_BASE_URL];
  if (!url)
    throw new Error(
      `${ENV_BASE_URL} is not set: run the e2e tests with \`npm run test:e2e\` (or \`npx playwright test\`).`,
    );
  return url;
}
