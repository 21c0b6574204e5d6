// What the global setup hands to the workers, and each worker to its tests, through environment
// variables (Playwright passes the runner's environment on to its workers).
/** The prepared data dir (accounts and demo campaign) that each worker's server starts from a copy of. */
export const ENV_TEMPLATE_DIR = 'LABDESK_E2E_TEMPLATE_DIR';
/** The URL of this worker's own server (set by the worker fixture in its own process). */
export const ENV_BASE_URL = 'LABDESK_E2E_BASE_URL';

export const ACCOUNTS = {
  admin: { email: 'admin@labdesk.test', password: 'admin-pass-1', role: 'ADMIN' },
  reader: { email: 'reader@labdesk.test', password: 'reader-pass-1', role: 'READER' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

const required = (name: string): string => {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the e2e tests with \`npm run test:e2e\` (or \`npx playwright test\`).`);
  return value;
};

export const baseUrl = (): string => required(ENV_BASE_URL);
export const templateDir = (): string => required(ENV_TEMPLATE_DIR);
