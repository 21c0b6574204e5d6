// Labels against a real TCP "printer" started by this file: a label typed, previewed and printed
// (the listener receives the exact ZPL), the same label by a scanner burst, the form's rules and
// messages, and axe on the page. This file's worker runs its own server with LAB_PRINTER set.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ENV_BASE_URL, templateDir } from './support/env';
import { expectNoSeriousViolations } from './support/axe';
import { test as base, expect } from './support/fixtures';
import { wedgeScan } from './support/scanner';
import { LOG_DIR, freePort, serverEnv, startServer } from './support/server';

interface Printer {
  jobs: string[];
}

const test = base.extend<object, { printer: Printer; labServer: string }>({
  printer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const jobs: string[] = [];
      const server: Server = createServer((socket) => {
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('end', () => {
          jobs.push(Buffer.concat(chunks).toString('latin1'));
          socket.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      process.env['LABDESK_E2E_PRINTER'] = `127.0.0.1:${(server.address() as AddressInfo).port}`;
      await use({ jobs });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    { scope: 'worker' },
  ],
  labServer: [
    async ({ printer }, use, workerInfo) => {
      void printer;
      const dataDir = mkdtempSync(join(tmpdir(), `labdesk-e2e-labels-w${workerInfo.parallelIndex}-`));
      cpSync(templateDir(), dataDir, { recursive: true });
      const env = serverEnv(dataDir, await freePort(), { LAB_PRINTER: process.env['LABDESK_E2E_PRINTER'] });
      const server = await startServer(env, join(LOG_DIR, `e2e-server-labels-w${workerInfo.parallelIndex}.log`));
      process.env[ENV_BASE_URL] = server.url;
      await use(server.url);
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    // Playwright wants an override of an automatic fixture to say so again; its types do not list
    // `auto` for overrides, hence the assertion.
    { scope: 'worker', auto: true, timeout: 120_000 } as { scope: 'worker'; timeout: number },
  ],
});

const field = (page: Page, name: string): Locator => page.getByRole('textbox', { name, exact: true });
const status = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' }).getByRole('status');
const alert = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
const preview = (page: Page): Locator => page.getByRole('img', { name: 'Label preview' });

const EXPECTED_ZPL =
  '^XA^CF0,40^FO40,16^FDBeet 2025^FS^FO40,62^FDLane 2^FS^BY3^FO40,108^BEN,90,Y,N^FD123456780000^FS^FO40,240^FDLab-01^FS^XZ';

test.describe('Labels', () => {
  test('a label typed, previewed and printed to the TCP printer', async ({ app, page, printer }) => {
    await app.signInAs('reader', '/labels');
    await field(page, 'Sample ID').fill('12345678');
    await expect(page.getByText('8/12', { exact: true })).toBeVisible();
    await expect(field(page, 'Barcode of Sample ID (EAN13)')).toHaveValue('123456780000 4');
    await field(page, 'First row').fill('Beet 2025');
    await field(page, 'Second row').fill('Lane 2');
    await field(page, 'Footer').fill('Lab-01');
    await expect(preview(page)).toHaveAccessibleDescription(
      'First row: Beet 2025; Second row: Lane 2; Barcode EAN-13 1234567800004; Footer: Lab-01',
    );
    await expect(preview(page).locator('rect.label-bar')).not.toHaveCount(0);
    await expectNoSeriousViolations(page, page.getByRole('main'));

    const before = printer.jobs.length;
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(status(page)).toHaveText('Label was sent to Printer');
    await expect.poll(() => printer.jobs.length).toBe(before + 1);
    expect(printer.jobs.at(-1)).toBe(EXPECTED_ZPL);
  });

  test('a scanner burst fills the Sample ID and the label prints the same', async ({ app, page, printer }) => {
    await app.signInAs('reader', '/labels');
    await field(page, 'First row').fill('Beet 2025');
    await field(page, 'Second row').fill('Lane 2');
    await field(page, 'Footer').fill('Lab-01');
    // Focus off the text fields (on the heading), as when the user reaches for the scanner.
    await page.getByRole('heading', { level: 1, name: 'Labels' }).focus();
    await wedgeScan(page, '1234567800004');
    await expect(field(page, 'Sample ID')).toHaveValue('123456780000');
    await expect(field(page, 'Barcode of Sample ID (EAN13)')).toHaveValue('123456780000 4');
    const before = printer.jobs.length;
    await app.runCommand('Print the current label');
    await expect(status(page)).toHaveText('Label was sent to Printer');
    await expect.poll(() => printer.jobs.length).toBe(before + 1);
    expect(printer.jobs.at(-1)).toBe(EXPECTED_ZPL);
  });

  test('the form rules: empty label, a row too long, editing the barcode, Clear', async ({ app, page, printer }) => {
    await app.signInAs('reader', '/labels');
    const before = printer.jobs.length;
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(alert(page)).toHaveText('There if no information to print!');

    await field(page, 'Sample ID').fill('40063813');
    await expect(field(page, 'Barcode of Sample ID (EAN13)')).toHaveValue('400638130000 1');
    await field(page, 'Barcode of Sample ID (EAN13)').fill('4006381333931');
    await expect(field(page, 'Sample ID')).toHaveValue('');
    await field(page, 'First row').fill('much too long row');
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(alert(page)).toHaveText('First row can only have 12 characters!');
    await expect(field(page, 'First row')).toHaveAccessibleDescription(/First row can only have 12 characters!/);
    expect(printer.jobs.length).toBe(before);

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(status(page)).toHaveText('Input cleared!');
    await expect(field(page, 'First row')).toHaveValue('');
    await expect(field(page, 'Barcode of Sample ID (EAN13)')).toHaveValue('');
  });

  test('issue 27: twelve characters with an umlaut print; a typed barcode with a wrong check digit is refused', async ({
    app,
    page,
    printer,
  }) => {
    await app.signInAs('reader', '/labels');
    const before = printer.jobs.length;
    // 'Rübe-Probe 1' is twelve characters (13 bytes in UTF-8: counted as too long before).
    await field(page, 'First row').fill('Rübe-Probe 1');
    // 4006381333931 is valid: its last digit 1 is the check digit of the twelve before it.
    await field(page, 'Barcode of Sample ID (EAN13)').fill('4006381333932');
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(alert(page)).toHaveText('Barcode must have 13 digits');
    await expect(field(page, 'First row')).not.toHaveAttribute('aria-invalid', 'true');
    expect(printer.jobs.length).toBe(before);

    await field(page, 'Barcode of Sample ID (EAN13)').fill('4006381333931');
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(status(page)).toHaveText('Label was sent to Printer');
    await expect.poll(() => printer.jobs.length).toBe(before + 1);
    // ^CI28: the printer reads the label's bytes as UTF-8 (the jobs are kept as latin1 text).
    expect(Buffer.from(printer.jobs.at(-1)!, 'latin1').toString('utf8')).toContain('^CI28^CF0,40^FO40,16^FDRübe-Probe 1^FS');
  });
});
