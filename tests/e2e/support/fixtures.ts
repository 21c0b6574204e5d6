// The one place the e2e tests get their helpers from: `test` (with the server's baseURL and the
// `app` page object) and `expect`. Locators go by role and accessible name, as a user (or a
// screen reader) finds things.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, ENV_BASE_URL, baseUrl, templateDir, type AccountName } from './env';
import { LOG_DIR, freePort, serverEnv, startServer } from './server';

export { expect };
export { ACCOUNTS, type AccountName } from './env';
export { PAGES, type ExpectedPage } from './pages';

/** The page's window, as far as the tests use it (they compile without the DOM library). */
interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  location: { origin: string };
  self: unknown;
  top: unknown;
  document: { title: string };
}

interface Session {
  accessToken: string;
  email: string;
  roles: string[];
}

/** Marks in the tab's session storage of the entries `setStorage` put in before the app's first load. */
const SEEDED = 'labdesk-e2e-seeded-';
let seeds = 0;

/** Sessions of this worker's server, by account (one worker process talks to one server). */
const sessions = new Map<AccountName, Session>();

async function sessionOf(page: Page, account: AccountName): Promise<Session> {
  const known = sessions.get(account);
  if (known) return known;
  const { email, password } = ACCOUNTS[account];
  const response = await page.request.post(`${baseUrl()}/api/auth/signin`, { data: { email, password } });
  expect(response.ok(), `sign-in of ${email} answered ${response.status()}`).toBe(true);
  const session = (await response.json()) as Session;
  sessions.set(account, session);
  return session;
}

export class LabApp {
  constructor(readonly page: Page) {}

  // --- login page ---
  get email(): Locator {
    return this.page.getByRole('textbox', { name: 'Email' });
  }
  /** Password inputs have no ARIA role; their label names them. */
  get password(): Locator {
    return this.page.getByLabel('Password', { exact: true });
  }
  get loginButton(): Locator {
    return this.page.getByRole('button', { name: 'Login', exact: true });
  }
  /** The message under the login form (the snackbar is an alert too, hence the form scope). */
  get loginFormAlert(): Locator {
    return this.page.getByRole('form', { name: 'Login' }).getByRole('alert');
  }

  // --- shell ---
  get banner(): Locator {
    return this.page.getByRole('banner');
  }
  get menuButton(): Locator {
    return this.page.getByRole('button', { name: 'Open navigation' });
  }
  get drawer(): Locator {
    return this.page.getByRole('dialog', { name: 'Navigation' });
  }
  get palette(): Locator {
    return this.page.getByRole('dialog', { name: 'Command palette' });
  }
  get paletteInput(): Locator {
    return this.palette.getByRole('combobox');
  }
  get snackbarError(): Locator {
    return this.page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
  }
  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  /** Types into the login form with the keyboard only; the Email field has focus on arrival. */
  async signInByKeyboard(email: string, password: string): Promise<void> {
    await expect(this.email).toBeFocused();
    await this.page.keyboard.type(email);
    await this.page.keyboard.press('Tab');
    await expect(this.password).toBeFocused();
    await this.page.keyboard.type(password);
    await this.page.keyboard.press('Enter');
  }

  /**
   * Signs in through the API and stores the session as the app does, then opens `path`: for tests
   * about something else than the login form. The session of each account is asked for once per
   * worker and reused (signing out in the app only forgets it locally): fewer scrypt checks and
   * sign-ins against the rate limit, one page load less per test.
   */
  async signInAs(account: AccountName, path = '/analysis'): Promise<void> {
    const session = await sessionOf(this.page, account);
    await this.setStorage('user', JSON.stringify({ ...session, loggedIn: true }));
    await this.page.goto(path);
    // Each page's code loads on its first visit (lazy routes); arriving, the page names itself in
    // the title and puts focus at the document's start (the first Tab reaches 'Skip to content').
    // Keys pressed before that would race it: wait until the page has arrived. Checked at every
    // frame: an assertion that does not hold at once is retried only every half second.
    await this.page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.title.includes(' · '), null, {
      polling: 'raf',
    });
    await expect(this.banner).toContainText(ACCOUNTS[account].role);
  }

  async getStorage(key: string): Promise<string | null> {
    // The function runs in the page: it can only use what it is given and the page's globals.
    return this.page.evaluate((k) => (globalThis as unknown as PageGlobals).localStorage.getItem(k), key);
  }

  /**
   * Sets an entry of the app's local storage. Before the page has opened the app, the entry is
   * written when the app's first page starts loading, before any of its code runs (an init script
   * that writes it once per tab: a later reload finds what the app made of it), so no extra page
   * load is needed to reach the origin's storage.
   */
  async setStorage(key: string, value: string): Promise<void> {
    if (this.page.url().startsWith(baseUrl())) {
      await this.page.evaluate(([k, v]) => (globalThis as unknown as PageGlobals).localStorage.setItem(k, v), [
        key,
        value,
      ] as const);
      return;
    }
    await this.page.addInitScript(
      ([k, v, origin, mark]) => {
        const g = globalThis as unknown as PageGlobals;
        if (g.top !== g.self || g.location.origin !== origin || g.sessionStorage.getItem(mark)) return;
        g.sessionStorage.setItem(mark, '1');
        g.localStorage.setItem(k, v);
      },
      [key, value, new URL(baseUrl()).origin, `${SEEDED}${++seeds}`] as const,
    );
  }

  async openPalette(): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await expect(this.palette).toBeVisible();
    await expect(this.paletteInput).toBeFocused();
  }

  /** Ctrl+K, type `command`, check that it is the highlighted option, Enter. */
  async runCommand(command: string): Promise<void> {
    await this.openPalette();
    await this.page.keyboard.type(command);
    // By name: the option's shortcut keys are shown beside it but are not part of its name.
    await expect(this.palette.getByRole('option', { selected: true })).toHaveAccessibleName(command);
    await this.page.keyboard.press('Enter');
    await expect(this.palette).toBeHidden();
  }

  async openDrawer(): Promise<void> {
    await this.menuButton.click();
    await expect(this.drawer).toBeVisible();
  }

  async expectOnLoginPage(): Promise<void> {
    await expect(this.page).toHaveURL(/\/login$/);
    await expect(this.loginButton).toBeVisible();
    await expect(this.banner).toHaveCount(0);
  }
}

/** A worker's server on its own copy of the prepared data dir (`tag` names its files). */
const ownServer =
  (tag: string) =>
  // eslint-disable-next-line no-empty-pattern
  async ({}, use: (url: string) => Promise<void>, workerInfo: { parallelIndex: number }) => {
    const dataDir = mkdtempSync(join(tmpdir(), `labdesk-e2e-${tag}w${workerInfo.parallelIndex}-`));
    cpSync(templateDir(), dataDir, { recursive: true });
    const logFile = join(LOG_DIR, `e2e-server-${tag}w${workerInfo.parallelIndex}.log`);
    const server = await startServer(serverEnv(dataDir, await freePort()), logFile);
    process.env[ENV_BASE_URL] = server.url;
    await use(server.url);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

export const test = base.extend<{ app: LabApp }, { labServer: string }>({
  // Each worker runs its own server on its own copy of the prepared data dir: workers run files in
  // parallel without seeing each other's writes, sign-ins or exports, and a test file's data does
  // not depend on which files ran before it in another worker.
  labServer: [
    ownServer(''),
    // Starting a server on a copied campaign is worker setup, not part of any test's budget.
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ labServer }, use) => {
    await use(labServer);
  },
  app: async ({ page }, use) => {
    // LAB_E2E_API_DELAY_MS=300: every API answer reaches the page that much later, the way a busy
    // network or server would deliver it (a walk from outside found focus and loading states that
    // only held on a fast loopback). Not used by `npm test`; run a spec with it by hand.
    const delay = Number(process.env['LAB_E2E_API_DELAY_MS'] ?? 0);
    if (delay > 0)
      await page.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        await route.fallback();
      });
    await use(new LabApp(page));
  },
});

/**
 * For a file whose tests change what the other files rely on (the limits, the campaign, imported
 * analyses at the top of the list): a server of its own, so no file after it in the worker meets
 * its changes. Overriding the worker fixture gives the file a worker of its own.
 */
export const isolatedTest = test.extend<object, { labServer: string }>({
  labServer: [
    ownServer('isolated-'),
    // Playwright wants an override of an automatic fixture to say so again; its types do not list
    // `auto` for overrides, hence the assertion.
    { scope: 'worker', auto: true, timeout: 120_000 } as { scope: 'worker'; timeout: number },
  ],
});
