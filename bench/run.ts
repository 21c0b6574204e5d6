// npm run bench [-- --rows N] [--runs N] [--warmup N] [--only pglite|postgres] [--reuse]
//
// Generates a demo campaign with about N analyses (default 1,000,000; generateDemo with 1.1
// analyses per sample) in PGlite (data dir .tmp/bench/pglite-<N>) and, when DATABASE_URL is set, in
// PostgreSQL (its own database labdesk_bench_<N>, created fresh). Then, per case of bench/views.ts,
// it times the real route (app.inject: auth hook, validation, campaign read, query, mapping, zod
// serialization) and the bare SQL of the same rows, count and averages on the raw driver; prints
// p50/p95 and the ratio, and writes bench/results/<timestamp>.json.
// --reuse keeps an existing generated database of the same size (the generation takes minutes).
// --exports runs the export cases of bench/exports.ts instead of the view cases.
// --browser runs bench/browser.ts instead: the Analysis table in Chromium on the e2e demo campaign
// (page size 15000 → rows rendered, a scroll through the page); --runs defaults to 3 there;
// --profile adds a CPU profile of the first scroll; with --sync, where the imports' time goes in
// the database: per function (trigger functions and what they call, bench/function-profile.ts).
// --reports runs bench/reports.ts: day/suspicious reports of a 150-day campaign and a 100,000-line log week.
// --load runs bench/load.ts: autocannon with 1, 10 and 50 clients on the day-window view, the
// 15,000-row page and the day report of two days (--duration seconds per run, default 10), the
// client in a process of its own (--load-in-process: in the server's, as before 2026-11-27).
// BENCH_DB names the PostgreSQL database (default labdesk_bench_<N>).
// --boxes runs the boxes cases of bench/boxes.ts instead (100,000 boxes, a 40-position reorder).
// --screens runs bench/screens.ts instead: a 50,000-line screen file imported, the items view of its
// 10,000-item screen (p50 and the ratio to the bare SQL).
// --heavy runs bench/heavy.ts: the 25-row view idle and under four heavy-reader loops, admission
// bound off and on, and the memory of a 28-day log request (its own options, see there).
// --page runs bench/page.ts: the Analysis and Samples views (15,000 and 50 rows) through the entity
// path, the JSON path and the route, interleaved; p50/p95 and CPU per request (with the PostgreSQL backend's).
// --start runs bench/start.ts: the compiled server's time from spawn to listening (after the build).
// --memory runs bench/memory.ts: the compiled server's resident memory on the embedded database (its
// start, a 100,000-line sync file, 15,000-row pages; a new data directory), as `npm start` runs it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDb, pgliteDb } from '../src/server/db/create-db';
import { startPGliteThread } from '../src/server/db/pglite-thread';
import { sessionOptions } from '../src/server/db/session-settings';
import type { Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { generateDemo } from '../src/server/demo/generate';
import { createUser } from '../src/server/services/users';
import { loadCampaign } from '../src/server/views/campaign';
import { benchBoxes, type BoxesBenchResult } from './boxes';
import { benchBrowser, type BrowserBenchResult } from './browser';
import { benchExports } from './exports';
import { benchLoad, type LoadResult } from './load';
import { benchPage, type PageBenchResult } from './page';
import { benchSampleUpload, benchSync, SYNC_CASES, type SyncBenchResult, type UploadBenchResult } from './sync';
import { benchScreens, type ScreensBenchResult } from './screens';
import { progress, round } from './progress';
import { bareStatement, benchCases } from './views';

const TIMEZONE = 'Europe/Vienna';
const CAMPAIGN_START = '2026-09-01';
const NOW = '2026-12-15 10:00:00';
const PASSWORD = 'bench-password-42';
/** The reports refuse future dates: the load bench's report ends before the demo's NOW. */
const LAST_PAST_DAY = '2026-11-19';

interface Options {
  rows: number;
  runs: number;
  warmup: number;
  only: 'pglite' | 'postgres' | undefined;
  reuse: boolean;
  exports: boolean;
  /** --sync: a 100,000-row analysis file of new samples and one of stored samples, a 100,000-row sample file and a 100,000-line log file through the sync, and a 20,000-row sample upload (bench/sync.ts). */
  sync: boolean;
  browser: boolean;
  /** With --browser: a CPU profile of the first scroll (.tmp/bench/scroll.cpuprofile); with --sync: the imports' function profile. */
  profile: boolean;
  boxes?: boolean;
  /** --load: autocannon with 1, 10, 50 clients (bench/load.ts); --duration seconds per run. */
  load: boolean;
  /** --load-in-process: autocannon in the server's process, as the load bench ran before (to compare). */
  loadInProcess?: boolean;
  duration: number;
  screens?: boolean;
  /** --page: the list views' entity and JSON paths side by side (bench/page.ts). */
  page?: boolean;
}

const parseArgs = (argv: string[]): Options => {
  const options: Options = {
    rows: 1_000_000,
    runs: 30,
    warmup: 5,
    only: undefined,
    reuse: false,
    exports: false,
    sync: false,
    browser: false,
    profile: false,
    load: false,
    duration: 10,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = () => argv[++i] ?? '';
    if (arg === '--rows') options.rows = Number(next().replaceAll('_', ''));
    else if (arg === '--runs') options.runs = Number(next());
    else if (arg === '--warmup') options.warmup = Number(next());
    else if (arg === '--only') options.only = next() as Options['only'];
    else if (arg === '--reuse') options.reuse = true;
    else if (arg === '--exports') options.exports = true;
    else if (arg === '--sync') options.sync = true;
    else if (arg === '--browser') options.browser = true;
    else if (arg === '--profile') options.profile = true;
    else if (arg === '--boxes') options.boxes = true;
    else if (arg === '--load') options.load = true;
    else if (arg === '--load-in-process') options.loadInProcess = true;
    else if (arg === '--duration') options.duration = Number(next());
    else if (arg === '--screens') options.screens = true;
    else if (arg === '--page') options.page = true;
    else throw new Error(`unknown option ${arg}`);
  }
  if (!(options.rows > 0) || !(options.runs > 0) || !(options.warmup >= 0))
    throw new Error('rows, runs must be > 0');
  if (options.only && options.only !== 'pglite' && options.only !== 'postgres')
    throw new Error('--only pglite|postgres');
  return options;
};

interface Target {
  kind: 'pglite' | 'postgres';
  db: Kysely<Database>;
  /** Runs SQL text straight on the driver (no Kysely, no plugin). */
  bare: (text: string, parameters: readonly unknown[]) => Promise<number>;
  close: () => Promise<void>;
}

const openPgliteTarget = async (dir: string): Promise<Target> => {
  // In a thread of its own, as the server runs it (launch.ts): in this thread, PGlite's synchronous
  // statements back to back (a view loop) held the event loop for half a second at a time, so a sync
  // run beside them read its file 64 KB per turn and took over ten minutes instead of one.
  const thread = startPGliteThread({ dataDir: dir, timezone: TIMEZONE });
  await thread.waitReady;
  // Through pgliteDb, as the server opens it: the app's change hub listens on this handle.
  const { db } = pgliteDb(thread);
  return {
    kind: 'pglite',
    db,
    // The same single backend the app uses; the driver's queue is idle between timed runs.
    bare: async (text, parameters) => (await thread.query(text, [...parameters])).rows.length,
    close: () => db.destroy(),
  };
};

const openPostgresTarget = async (
  serverUrl: string,
  name: string,
  fresh: boolean,
  trackFunctions = false,
): Promise<{ target: Target; existed: boolean }> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (exists && fresh) await admin.query(`drop database ${name} with (force)`);
  if (!exists || fresh) await admin.query(`create database ${name}`);
  await admin.query(`alter database ${name} ${trackFunctions ? "set track_functions = 'all'" : 'reset track_functions'}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Through createDb with the server's own pool size: the app's change hub listens on this handle.
  const { db } = await createDb({ databaseUrl: url.toString(), dataDir: '', timezone: TIMEZONE });
  const client = new pg.Client({
    connectionString: url.toString(),
    options: sessionOptions(TIMEZONE),
  });
  await client.connect();
  return {
    existed: exists && !fresh,
    target: {
      kind: 'postgres',
      db,
      bare: async (text, parameters) => (await client.query(text, [...parameters])).rows.length,
      close: async () => {
        await client.end();
        await db.destroy();
      },
    },
  };
};

const generated = async (db: Kysely<Database>): Promise<number> => {
  const row = await sql<{ n: number }>`select count(*) as n from analysis`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
};

const fill = async (target: Target, rows: number): Promise<void> => {
  await migrateToLatest(target.db);
  if ((await generated(target.db)) > 0) return;
  const samples = Math.round(rows / 1.1);
  const started = performance.now();
  let last = 0;
  const counts = await generateDemo(
    target.db,
    { samples, seed: 1, campaignStart: CAMPAIGN_START, now: NOW },
    (p) => {
      const t = performance.now();
      if (t - last > 5000 || p.done === p.total) {
        last = t;
        progress(target.kind, `${p.phase} ${p.done}/${p.total}`);
      }
    },
  );
  progress(
    target.kind,
    `generated ${counts.samples} samples, ${counts.analyses} analyses in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
};

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const time = async (
  runs: number,
  warmup: number,
  fn: () => Promise<unknown>,
): Promise<{ p50: number; p95: number; samples: number[] }> => {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), samples };
};

interface CaseResult {
  db: string;
  case: string;
  rows: number;
  totalItems: number;
  routeP50: number;
  routeP95: number;
  sqlP50: number;
  sqlP95: number;
  ratioP50: number;
}

const benchTarget = async (target: Target, options: Options): Promise<CaseResult[]> => {
  const config = loadConfig({
    LAB_DATA_DIR: '.tmp/bench/data',
    LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-chars',
  });
  const profile = options.sync && options.profile;
  // PGlite's one session; on PostgreSQL every session of the bench's database (openPostgresTarget).
  if (profile && target.kind === 'pglite') await sql`set track_functions = 'all'`.execute(target.db);
  // On PGlite with the server's maintenance (serve.ts): its start's pass gathers the statistics a
  // server has, before anything is timed (with the bench database's own, older ones, a plan that
  // took a 100,000-line analysis file 160 s on a server went unseen: sync/hiddenRun.ts samplesOf);
  // after that it runs as on a server, when writes pause.
  const app = await buildApp({ config, db: target.db, signInLimits: { maxPerAddress: 1_000 }, maintenance: target.kind === 'pglite' });
  await app.ready();
  await app.maintenance?.run();
  const email = `bench-${Date.now()}@bench.lab`;
  await createUser(target.db, { email, password: PASSWORD, role: 'ROLE_ADMIN' }, 'bench');
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password: PASSWORD },
  });
  const token = signIn.json<{ accessToken: string }>().accessToken;
  if (options.sync) {
    for (const { entry, storedSamples } of SYNC_CASES)
      syncResults.push(await benchSync(app, target.db, target.kind, token, benchCases(NOW)[0]!.query, profile, entry, storedSamples));
    uploadResults.push(await benchSampleUpload(app, target.db, target.kind, token, benchCases(NOW)[0]!.query, profile));
    await app.close();
    return [];
  }
  if (options.exports) {
    const measured = await benchExports(app, target.db, target.kind, token, benchCases(NOW)[0]!.query);
    exportResults.push(measured);
    await app.close();
    return [];
  }
  if (options.load) {
    const view = (query: string) => `/api/analysis/view?${query}`;
    const cases = benchCases(NOW);
    loadResults.push(
      ...(await benchLoad(app, target.kind, token, [
        { name: cases[0]!.name, url: view(cases[0]!.query) },
        { name: 'page size 15000', url: view(cases.find((c) => c.name === 'page size 15000')!.query) },
        // A report of more than a week is a heavy read whose admission answers most of a load with
        // non-2xx (http/heavyReads.ts): the load case is the report of the last two days.
        { name: 'day report, 2 days', url: `/api/reports/day?startDate=2026-11-18&endDate=${LAST_PAST_DAY}` },
      ], options.duration, options.loadInProcess)),
    );
    return [];
  }
  if (options.page) {
    pageResults.push(...(await benchPage(app, target.db, target.kind, token, options.runs)));
    await app.close();
    return [];
  }
  if (options.boxes) {
    boxesResults.push(
      ...(await benchBoxes(app, target.db, target.kind, token, target.bare, options.runs, options.warmup)),
    );
    await app.close();
    return [];
  }
  if (options.screens) {
    screensResults.push(
      ...(await benchScreens(app, target.db, target.kind, token, target.bare, options.runs, options.warmup)),
    );
    await app.close();
    return [];
  }
  const campaign = await loadCampaign(target.db);
  const results: CaseResult[] = [];
  for (const c of benchCases(NOW)) {
    const url = `/api/analysis/view?${c.query}`;
    const route = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const check = await route();
    if (check.statusCode !== 200)
      throw new Error(`${c.name}: ${check.statusCode} ${check.body.slice(0, 300)}`);
    const body = check.json<{ analysis: unknown[]; totalItems: number }>();
    const statement = bareStatement(target.db, c.query, campaign);
    const bareRows = await target.bare(statement.sql, statement.parameters);
    // The aggregate's row and one row per page row.
    if (bareRows !== 1 + body.analysis.length)
      throw new Error(`${c.name}: bare SQL answered ${bareRows} rows`);
    const r = await time(options.runs, options.warmup, route);
    const s = await time(options.runs, options.warmup, () =>
      target.bare(statement.sql, statement.parameters),
    );
    const result: CaseResult = {
      db: target.kind,
      case: c.name,
      rows: body.analysis.length,
      totalItems: body.totalItems,
      routeP50: round(r.p50),
      routeP95: round(r.p95),
      sqlP50: round(s.p50),
      sqlP95: round(s.p95),
      ratioP50: round(r.p50 / s.p50, 2),
    };
    progress(
      target.kind,
      `${c.name}: route p50 ${result.routeP50} ms, sql p50 ${result.sqlP50} ms, ×${result.ratioP50}`,
    );
    results.push(result);
  }
  await app.close();
  return results;
};

const exportResults: Awaited<ReturnType<typeof benchExports>>[] = [];
const syncResults: SyncBenchResult[] = [];
const uploadResults: UploadBenchResult[] = [];
const boxesResults: BoxesBenchResult[] = [];
const loadResults: LoadResult[] = [];
const screensResults: ScreensBenchResult[] = [];
const pageResults: PageBenchResult[] = [];

/** bench/results/<timestamp><suffix>.json */
const writeResults = (suffix: string, data: Record<string, unknown>): void => {
  mkdirSync(join('bench', 'results'), { recursive: true });
  const file = join('bench', 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}${suffix}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`written ${file}`);
};

const main = async (): Promise<void> => {
  // --reports: the Reports and Hardware Logs cases (bench/reports.ts has its own options).
  if (process.argv.includes('--reports')) return (await import('./reports')).benchReports();
  if (process.argv.includes('--heavy')) return (await import('./heavy')).benchHeavy();
  if (process.argv.includes('--start')) return (await import('./start')).benchStart();
  if (process.argv.includes('--memory')) return (await import('./memory')).benchMemory();
  if (process.argv.includes('--events')) return (await import('./events')).benchEvents();
  if (process.argv.includes('--live')) return (await import('./live')).benchLive();
  const options = parseArgs(process.argv.slice(2));
  const results: CaseResult[] = [];
  const meta: Record<string, unknown> = { options, node: process.version, at: new Date().toISOString() };

  if (options.browser) {
    const runs = process.argv.includes('--runs') ? options.runs : 3;
    const browser: BrowserBenchResult = await benchBrowser({ runs, profile: options.profile });
    console.table(browser.runs);
    console.table(browser.summary);
    writeResults('-browser', { ...meta, browser });
    return;
  }

  if (options.only !== 'postgres') {
    const dir = join('.tmp', 'bench', `pglite-${options.rows}`);
    if (!options.reuse && existsSync(dir)) {
      const { rmSync } = await import('node:fs');
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`PGlite (${dir}): preparing ${options.rows} analyses…`);
    const target = await openPgliteTarget(dir);
    try {
      await fill(target, options.rows);
      meta['pgliteAnalyses'] = await generated(target.db);
      results.push(...(await benchTarget(target, options)));
    } finally {
      await target.close();
    }
  }

  const serverUrl = process.env['DATABASE_URL'];
  if (options.only !== 'pglite' && serverUrl) {
    // BENCH_DB: another name, so that benches of several worktrees on one server do not share a database.
    const name = process.env['BENCH_DB'] ?? `labdesk_bench_${options.rows}`;
    console.log(`PostgreSQL (${name}): preparing ${options.rows} analyses…`);
    const { target } = await openPostgresTarget(serverUrl, name, !options.reuse, options.sync && options.profile);
    try {
      await fill(target, options.rows);
      meta['postgresAnalyses'] = await generated(target.db);
      const version = await sql<{ v: string }>`select version() as v`.execute(target.db);
      meta['postgresVersion'] = version.rows[0]?.v;
      results.push(...(await benchTarget(target, options)));
    } finally {
      await target.close();
    }
  } else if (options.only === 'postgres') {
    console.warn('--only postgres needs DATABASE_URL');
  }

  if (options.exports) {
    console.table(exportResults.flatMap((r) => r.exports));
    console.table(exportResults.flatMap((r) => r.views));
  } else if (options.sync) {
    console.table(syncResults);
    console.table(uploadResults);
  }
  else if (options.boxes) console.table(boxesResults);
  else if (options.load) console.table(loadResults);
  else if (options.screens) console.table(screensResults);
  else if (options.page) console.table(pageResults);
  else console.table(results);
  writeResults(options.boxes ? '-boxes' : options.load ? '-load' : options.screens ? '-screens' : options.page ? '-page' : '', {
    ...meta,
    results,
    exports: exportResults,
    sync: syncResults,
    upload: uploadResults,
    boxes: boxesResults,
    load: loadResults,
    screens: screensResults,
    page: pageResults,
  });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
