// Change events on the configuration pages and the hardware log (docs/dev/architecture.md#change-events):
// an admin's write in one browser shows as a marked row in a reader's open Value Limits and
// Synchronization pages, said in the polite live region; a log file the sync imports shows its lines
// on top of an open Hardware Logs page, marked, without a reload; axe stays clean.
import { randomInt } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import type { Limit } from '../../src/domain/entities/limit';
import type { SyncEntry } from '../../src/domain/entities/syncEntry';
import { expectNoSeriousViolations } from './support/axe';
import { baseUrl } from './support/env';
import { expect, test, LabApp } from './support/fixtures';

/** Calls /api/… as the signed-in page does, with its token; expects a 2xx answer. */
async function api(app: LabApp, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<string> {
  const user = JSON.parse((await app.getStorage('user')) ?? '{}') as { accessToken?: string };
  const response = await app.page.request.fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${user.accessToken ?? ''}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return response.text();
}

/** A second browser (another workstation) with a reader signed in on `path`. */
async function readerAt(browser: Browser, path: string): Promise<LabApp> {
  const app = new LabApp(await (await browser.newContext()).newPage());
  await app.signInAs('reader', path);
  return app;
}

const rowNamed = (page: Page, table: string, name: string): Locator =>
  page
    .getByRole('grid', { name: table })
    .getByRole('row')
    // While marked the row keeps its name: 'Updated' is drawn, and said as the row's description.
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** Now in the lab's time zone as the log lines write it: 'YYYY-MM-DD HH:mm:ss'. */
const labNow = (): string =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Vienna',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date());

test.describe('Live updates on Limits, Sync and Logs', () => {
  test("an admin's limit change shows as a marked row on a reader's open Value Limits page", async ({
    app,
    browser,
  }) => {
    test.setTimeout(180_000);
    await app.signInAs('admin', '/limits');
    const reader = await readerAt(browser, '/limits');
    try {
      const page = reader.page;
      const row = rowNamed(page, 'Value limits', 'nat');
      await expect(row).toBeVisible();
      const { limits } = JSON.parse(await api(app, 'GET', 'config/limits')) as { limits: Limit[] };
      const nat = limits.find((l) => l.name === 'nat')!;
      const info = `live ${Date.now()}`;
      await api(app, 'PUT', 'config/limits/nat', {
        name: 'nat',
        info,
        min: String(nat.min),
        max: String(nat.max),
        version: nat.version,
      });

      await expect(row).toContainText(info);
      await expect(row).toHaveAttribute('data-updated', 'true');
      await expect(row).toContainText('Updated');
      await expect(page.locator('.list-live')).toHaveText('1 limit changed by a colleague');
      await expect(page.locator('.list-live')).toHaveAttribute('aria-live', 'polite');
      await expectNoSeriousViolations(page);
      await expect(row).not.toHaveAttribute('data-updated', 'true');
    } finally {
      await reader.page.context().close();
    }
  });

  test("an admin's sync interval change shows as a marked entry on a reader's open Synchronization page", async ({
    app,
    browser,
  }) => {
    test.setTimeout(180_000);
    await app.signInAs('admin', '/sync');
    const reader = await readerAt(browser, '/sync');
    try {
      const page = reader.page;
      const row = rowNamed(page, 'Sync entries', 'Sample');
      await expect(row).toBeVisible();
      const { sync: entries } = JSON.parse(await api(app, 'GET', 'config/sync')) as { sync: SyncEntry[] };
      const sample = entries.find((e) => e.syncID === 'Sample')!;
      await api(app, 'PUT', 'config/sync/Sample', { ...sample, timeInterval: sample.timeInterval + 1 });

      await expect(row).toHaveAttribute('data-updated', 'true');
      await expect(row).toContainText('Updated');
      await expect(page.locator('.list-live')).toHaveText('1 sync entry changed by a colleague');
      await expectNoSeriousViolations(page);
    } finally {
      await reader.page.context().close();
    }
  });

  test('a log file the sync imports shows its lines on top of an open Hardware Logs page, marked', async ({
    app,
  }) => {
    test.setTimeout(180_000);
    await app.signInAs('admin', '/logs');
    const page = app.page;
    await page.getByRole('button', { name: 'Get Logs' }).click();
    await expect(page.locator('.logs-status')).toContainText('lines of');
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads.push(frame.url());
    });

    const source = (await api(app, 'GET', 'config/sync/datasource')).split('\n')[0]!;
    const tag = `live-${randomInt(10 ** 9)}`;
    const dir = join(source, 'log');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${tag}.csv`);
    const at = labNow();
    writeFileSync(file, `dateCreated;level;info\n${at};INFO;${tag} one\n${at};INFO;${tag} two\n`);
    const past = new Date(Date.now() - 60_000);
    utimesSync(file, past, past);
    await api(app, 'GET', 'config/sync/Log');

    const fresh = page
      .getByRole('grid', { name: 'Hardware logs' })
      .getByRole('row')
      .filter({ hasText: new RegExp(`${tag} (one|two)`) });
    await expect(fresh).toHaveCount(2, { timeout: 30_000 });
    for (const row of await fresh.all()) await expect(row).toHaveAttribute('data-updated', 'true');
    // Said as the sync's (its lines and its own line about the file may come as one event or two).
    await expect(page.locator('.list-live')).toHaveText(/^\d+ log lines? changed by sync$/);
    expect(reloads).toEqual([]);
    await expectNoSeriousViolations(page);
  });
});
