// The tests of a worker share one browser context (playwright.config.ts, `reuseContext`): between
// two tests Playwright empties it. These two tests hold it to that: the first leaves behind what
// the app or a test can leave in a tab (a session, local and session storage, a cookie, an
// IndexedDB database, an init script and a route), the second, next in the same worker, must find
// none of it and meet the login page as a first visitor does. Serial: the second means nothing
// without the first before it.
import { expect, test } from './support/fixtures';

/** The tab's window, as far as these tests use it (they compile without the DOM library). */
interface TabGlobals {
  localStorage: { setItem(key: string, value: string): void };
  sessionStorage: { length: number; setItem(key: string, value: string): void };
  document: { cookie: string };
  indexedDB: {
    open(name: string): { onsuccess: (() => void) | null; result: { close(): void } };
    databases(): Promise<{ name?: string }[]>;
  };
  leftByTheFirstTest?: boolean;
}

test.describe.serial('tests of a worker do not see each other', () => {
  test('the first leaves a session, storage, a cookie, a database, an init script and a route', async ({
    app,
    page,
  }) => {
    await app.signInAs('admin', '/analysis');
    await page.addInitScript(() => {
      (globalThis as unknown as { leftByTheFirstTest?: boolean }).leftByTheFirstTest = true;
    });
    await page.route('**/api/health', (route) =>
      route.fulfill({ status: 418, body: 'left by the first test' }),
    );
    await page.evaluate(async () => {
      const g = globalThis as unknown as TabGlobals;
      g.localStorage.setItem('left-by-the-first-test', '1');
      g.sessionStorage.setItem('left-by-the-first-test', '1');
      g.document.cookie = 'left-by-the-first-test=1; path=/; max-age=3600';
      await new Promise<void>((resolve) => {
        const request = g.indexedDB.open('left-by-the-first-test');
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (globalThis as unknown as TabGlobals).leftByTheFirstTest)).toBe(true);
    expect(await app.getStorage('left-by-the-first-test')).toBe('1');
  });

  test('the second finds none of it and is asked to sign in', async ({ app, page }) => {
    await page.goto('/analysis');
    const left = await page.evaluate(async () => {
      const g = globalThis as unknown as TabGlobals & { localStorage: object };
      return {
        localStorage: Object.keys(g.localStorage),
        sessionStorage: g.sessionStorage.length,
        cookie: g.document.cookie,
        databases: (await g.indexedDB.databases()).map((db) => db.name),
        initScript: g.leftByTheFirstTest ?? false,
      };
    });
    // Soft: one run names every kind of leftover, not only the first.
    expect.soft(left).toMatchObject({ sessionStorage: 0, cookie: '', databases: [], initScript: false });
    // The app may store its theme on a first visit; nothing of the first test may remain.
    expect.soft(left.localStorage).not.toContain('left-by-the-first-test');
    expect.soft(left.localStorage).not.toContain('user');
    expect.soft(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(200);
    await app.expectOnLoginPage();
  });
});
