// `npm run bench -- --reports [--rows N] [--runs N] [--reuse] [--no-browser]`: the Reports and
// Hardware Logs routes at scale, and the Logs page in Chromium.
//  Server (PGlite, and PostgreSQL when DATABASE_URL is set): a demo campaign of 150 lab days with
//  about N analyses (default 1,000,000) plus 100,000 hardware-log lines in its last week; p50/p95
//  of the day and suspicious reports for the last two days and for the whole campaign, and of the
//  logs of that week (app.inject: auth, validation, SQL, JSON).
//  Browser: the built server on a fresh data dir holding the same 100,000-line week; from the press
//  on Get Logs to the frame showing the rows, the rows in the DOM, and key-to-status of the search.
// The campaign lies in the past (dates in the future are refused, docs/dev/product-rules.md#field-rules).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { chromium } from 'playwright-core';
import playwrightConfig from '../playwright.config';
import { buildApp } from '../src/server/app';
import { LOG_PAGE_SIZE } from '../src/domain/entities/log';
import { loadConfig } from '../src/server/config';
import { createDb } from '../src/server/db/create-db';
import type { Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { generateDemo } from '../src/server/demo/generate';
import { createUser } from '../src/server/services/users';
import { freePort, startServer } from '../tests/e2e/support/server';
import { progress, round } from './progress';

const TIMEZONE = 'Europe/Vienna';
const CAMPAIGN_START = '2026-06-23';
const NOW = '2026-11-20 10:00:00';
const WEEK = { start: '2026-11-13', end: '2026-11-19' };
const LOG_LINES = 100_000;
const PASSWORD = 'bench-password-42';
const CASES = [
  { name: 'day report, 2 days', url: '/api/reports/day?startDate=2026-11-18&endDate=2026-11-19' },
  { name: 'suspicious report, 2 days', url: '/api/reports/suspicious?startDate=2026-11-18&endDate=2026-11-19' },
  { name: 'day report, 150 days', url: `/api/reports/day?startDate=${CAMPAIGN_START}&endDate=2026-11-19` },
  { name: 'suspicious report, 150 days', url: `/api/reports/suspicious?startDate=${CAMPAIGN_START}&endDate=2026-11-19` },
  { name: `logs, a week of ${LOG_LINES} lines`, url: `/api/logs/${WEEK.start}/${WEEK.end}` },
];

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number((args[at + 1] ?? '').replaceAll('_', '')) : fallback;
};
const ROWS = arg('--rows', 1_000_000);
const RUNS = arg('--runs', 10);
const REUSE = args.includes('--reuse');

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

/** 100,000 lines spread over the week, a realistic mix of levels, in time order. */
const insertLogWeek = async (db: Kysely<Database>): Promise<void> => {
  await sql`insert into hw_log (date_created, level, info)
    select ${WEEK.start}::timestamp + (i * (interval '7 days' - interval '1 second') / ${LOG_LINES}),
      case when i % 33 = 0 then 'ERROR' when i % 8 = 0 then 'WARN' else 'INFO' end,
      case when i % 33 = 0 then 'Flame photometer K/Na: no response (timeout after 30 s)'
           when i % 8 = 0 then 'Lane ' || (1 + i % 3) || ': sample jam cleared after ' || (1 + i % 14) || ' min'
           else 'Polarimeter P' || (1 + i % 2) || ': measured sample ' || lpad((i * 7919 % 1000000000)::text, 12, '0') end
    from generate_series(1, ${LOG_LINES}) as i`.execute(db);
};

const prepare = async (db: Kysely<Database>, kind: string): Promise<void> => {
  await migrateToLatest(db);
  const n = Number((await sql<{ n: string }>`select count(*) as n from analysis`.execute(db)).rows[0]?.n ?? 0);
  if (n > 0) return;
  const started = performance.now();
  let last = 0;
  await generateDemo(db, { samples: Math.round(ROWS / 1.1), seed: 2, campaignStart: CAMPAIGN_START, now: NOW }, (p) => {
    if (performance.now() - last > 10_000 || p.done === p.total) {
      last = performance.now();
      progress(kind, `${p.phase} ${p.done}/${p.total}`);
    }
  });
  await insertLogWeek(db);
  await sql`analyze hw_log_row`.execute(db);
  progress(kind, `generated in ${round((performance.now() - started) / 1000)} s`);
};

const benchServer = async (kind: 'pglite' | 'postgres', databaseUrl: string | undefined) => {
  const dataDir = join('.tmp', 'bench', `reports-${ROWS}`);
  if (kind === 'pglite' && !REUSE && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  const handle = await createDb({ databaseUrl, dataDir, timezone: TIMEZONE });
  const results: Record<string, unknown>[] = [];
  try {
    await prepare(handle.db, kind);
    const config = loadConfig({ LAB_DATA_DIR: '.tmp/bench/data', LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-chars' });
    const app = await buildApp({ config, db: handle.db, signInLimits: { maxPerAddress: 1_000 } });
    await app.ready();
    const email = `bench-${Date.now()}@bench.lab`;
    await createUser(handle.db, { email, password: PASSWORD, role: 'ROLE_READER' }, 'bench');
    const token = (
      await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } })
    ).json<{ accessToken: string }>().accessToken;
    for (const c of CASES) {
      const call = () => app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } });
      const first = await call();
      if (first.statusCode !== 200) throw new Error(`${c.name}: ${first.statusCode} ${first.body.slice(0, 200)}`);
      const body = first.json<{ totalItems: number }>();
      const times: number[] = [];
      const runs = c.name.includes('150 days') ? Math.max(3, Math.round(RUNS / 3)) : RUNS;
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
      const r = {
        db: kind,
        case: c.name,
        totalItems: body.totalItems,
        bytes: first.rawPayload.length,
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        runs,
      };
      progress(kind, `${c.name}: p50 ${r.p50} ms, p95 ${r.p95} ms (totalItems ${r.totalItems}, ${r.bytes} bytes)`);
      results.push(r);
    }
    await app.close();
  } finally {
    await handle.close();
  }
  return results;
};

interface PageGlobals {
  document: { querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): { length: number } };
  requestAnimationFrame(cb: (t: number) => void): number;
  localStorage: { setItem(key: string, value: string): void };
}

const benchBrowser = async (): Promise<Record<string, unknown>[]> => {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run npm run build first');
  const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-bench-logs-'));
  const admin = { email: 'bench-admin@labdesk.test', password: 'bench-admin-pass-1' };
  const env = {
    ...process.env,
    LAB_DATA_DIR: dataDir,
    LAB_PORT: String(await freePort()),
    LAB_ADMIN_EMAIL: admin.email,
    LAB_ADMIN_PASSWORD: admin.password,
    DATABASE_URL: '',
  };
  const logFile = join('.tmp', 'bench', 'logs-browser-server.log');
  const first = await startServer(env, logFile);
  await first.stop();
  const handle = await createDb({ databaseUrl: undefined, dataDir, timezone: TIMEZONE });
  await insertLogWeek(handle.db);
  await handle.close();
  const server = await startServer(env, logFile);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: playwrightConfig.use?.launchOptions?.args ?? ['--no-sandbox'],
  });
  const results: Record<string, unknown>[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-AT', timezoneId: TIMEZONE });
    await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const session = await (await page.request.post(`${server.url}/api/auth/signin`, { data: admin })).json();
    await page.goto(`${server.url}/login`);
    await page.evaluate(
      (user) => (globalThis as unknown as PageGlobals).localStorage.setItem('user', user),
      JSON.stringify({ ...(session as object), loggedIn: true }),
    );
    await page.goto(`${server.url}/logs`);
    await page.getByRole('textbox', { name: 'Start date', exact: true }).fill(WEEK.start);
    await page.getByRole('textbox', { name: 'End date', exact: true }).fill(WEEK.end);
    // The first answer holds a page of the week's lines (LOG_PAGE_SIZE), the status says so: '10.000
    // lines of … (newest 10.000 of 100.000 loaded)'. A wait for a status that never comes fails after
    // a minute with the status seen, where it waited for ever when the answers became pages.
    const shown = Math.min(LOG_PAGE_SIZE, LOG_LINES).toLocaleString('de-AT');
    const total = LOG_LINES.toLocaleString('de-AT');
    for (let run = 1; run <= Math.max(3, Math.round(RUNS / 3)); run++) {
      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      const measured = page.evaluate((shownText) => {
        const g = globalThis as unknown as PageGlobals;
        return new Promise<{ ms: number; domRows: number }>((resolve, reject) => {
          const start = performance.now();
          const tick = () => {
            const status = g.document.querySelector('.logs-status')?.textContent ?? '';
            const rows = g.document.querySelectorAll('[role=grid][aria-label="Hardware logs"] [role=row]').length;
            if (status.startsWith(`${shownText} lines`) && rows > 1) resolve({ ms: performance.now() - start, domRows: rows });
            else if (performance.now() - start > 60_000) reject(new Error(`no '${shownText} lines' in a minute; the status says '${status}'`));
            else g.requestAnimationFrame(tick);
          };
          g.requestAnimationFrame(tick);
        });
      }, shown);
      await page.getByRole('button', { name: 'Get Logs', exact: true }).click();
      const r = await measured;
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('');
      const typed = page.evaluate(() => {
        const g = globalThis as unknown as PageGlobals;
        return new Promise<number>((resolve, reject) => {
          const start = performance.now();
          const tick = () => {
            const status = g.document.querySelector('.logs-status')?.textContent ?? '';
            if (status.includes('match')) resolve(performance.now() - start);
            else if (performance.now() - start > 60_000) reject(new Error(`no match in a minute; the status says '${status}'`));
            else g.requestAnimationFrame(tick);
          };
          g.requestAnimationFrame(tick);
        });
      });
      await search.pressSequentially('jam', { delay: 0 });
      const searchMs = await typed;
      results.push({ run, getLogsToRowsMs: round(r.ms), domRows: r.domRows, searchToStatusMs: round(searchMs) });
      progress('browser', `run ${run}: Get Logs → ${shown} of ${total} lines on screen in ${round(r.ms)} ms, ${r.domRows} rows in the DOM; search 'jam' → filtered in ${round(searchMs)} ms`);
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
};

export const benchReports = async (): Promise<void> => {
  const server = await benchServer('pglite', undefined);
  if (process.env['DATABASE_URL'] && !args.includes('--only-pglite')) {
    const url = new URL(process.env['DATABASE_URL']);
    const name = process.env['BENCH_REPORTS_DB'] ?? `labdesk_bench_reports_${ROWS}`;
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: url.toString() });
    await admin.connect();
    if (!REUSE) await admin.query(`drop database if exists ${name} with (force)`);
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (!exists) await admin.query(`create database ${name}`);
    await admin.end();
    url.pathname = `/${name}`;
    server.push(...(await benchServer('postgres', url.toString())));
  }
  console.table(server);
  if (!args.includes('--no-browser')) console.table(await benchBrowser());
};
