// `npm run bench -- --heavy [--rows N] [--log-lines N] [--runs N] [--reuse] [--only pglite|postgres] [--mode off|on] [--total N]`:
// the 25-row Analysis view while four readers loop over heavy reads (issue 29 item 7).
//  Data: a demo campaign of about N analyses (default 200,000) and N log lines (default 300,000)
//  spread over the last 28 days, in PGlite (.tmp/bench/heavy-<N>) and, when DATABASE_URL is set,
//  in PostgreSQL (database labdesk_bench_heavy_<N>).
//  Per database and per admission mode — `off` (no bound: what the server did before
//  http/heavyReads.ts) and `on` (the defaults of DEFAULT_HEAVY_READ_LIMITS) — the p50/p95 of
//  GET /api/analysis/view?size=25 idle, then while four readers (each their own account) loop:
//  the whole-campaign suspicious report, its PDF, the 15,000-row page, and the 28-day hardware log.
//  A loop that gets 503 waits 250 ms, as a person (or the client) would, and asks again.
//  Also: bytes and the heap/RSS growth of one 28-day log request (item 2).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDb, type DbHandle } from '../src/server/db/create-db';
import type { Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { generateDemo } from '../src/server/demo/generate';
import { createUser } from '../src/server/services/users';
import { progress, round } from './progress';

const TIMEZONE = 'Europe/Vienna';
const CAMPAIGN_START = '2026-08-01';
const NOW = '2026-11-20 10:00:00';
const LOG_RANGE = { start: '2026-10-23', end: '2026-11-19' };
const PASSWORD = 'bench-password-42';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number((args[at + 1] ?? '').replaceAll('_', '')) : fallback;
};
const ROWS = arg('--rows', 200_000);
const LOG_LINES = arg('--log-lines', 300_000);
const RUNS = arg('--runs', 20);
const REUSE = args.includes('--reuse');
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
/** --total N: the global bound of the `on` mode instead of the default for the database. */
const TOTAL = args.includes('--total') ? Number(args[args.indexOf('--total') + 1]) : undefined;
/** --mode off|on: only that admission mode (default both). */
const MODE = args.includes('--mode') ? args[args.indexOf('--mode') + 1] : undefined;

const LIGHT = '/api/analysis/view?size=25';
const HEAVY = [
  `/api/reports/suspicious?startDate=${CAMPAIGN_START}&endDate=2026-11-19`,
  `/api/reports/export/suspicious?startDate=${CAMPAIGN_START}&endDate=2026-11-19`,
  '/api/analysis/view?size=15000',
  `/api/logs/${LOG_RANGE.start}/${LOG_RANGE.end}`,
];

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const prepare = async (db: Kysely<Database>, kind: string): Promise<void> => {
  await migrateToLatest(db);
  const count = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);
  const started = performance.now();
  let last = 0;
  if ((await count('analysis')) === 0)
    await generateDemo(db, { samples: Math.round(ROWS / 1.1), seed: 3, campaignStart: CAMPAIGN_START, now: NOW }, (p) => {
      if (performance.now() - last > 10_000 || p.done === p.total) {
        last = performance.now();
        progress(kind, `${p.phase} ${p.done}/${p.total}`);
      }
    });
  if ((await count('hw_log')) >= LOG_LINES) return;
  await sql`insert into hw_log (date_created, level, info)
    select ${LOG_RANGE.start}::timestamp + (i * (interval '28 days' - interval '1 second') / ${LOG_LINES}),
      case when i % 33 = 0 then 'ERROR' when i % 8 = 0 then 'WARN' else 'INFO' end,
      'Polarimeter P' || (1 + i % 2) || ': measured sample ' || lpad((i::bigint * 7919 % 1000000000)::text, 12, '0')
        || ', tube temperature ' || (20 + i % 3) || '.' || (i % 10) || ' °C, lane ' || (1 + i % 3)
    from generate_series(1, ${LOG_LINES}) as i`.execute(db);
  await sql`analyze`.execute(db);
  progress(kind, `generated in ${round((performance.now() - started) / 1000)} s`);
};

const openDb = async (kind: 'pglite' | 'postgres'): Promise<DbHandle> => {
  if (kind === 'pglite') {
    const dataDir = join('.tmp', 'bench', `heavy-${ROWS}`);
    if (!REUSE && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
    return createDb({ databaseUrl: undefined, dataDir, timezone: TIMEZONE });
  }
  const serverUrl = process.env['DATABASE_URL']!;
  const name = `labdesk_bench_heavy_${ROWS}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (exists && !REUSE) await admin.query(`drop database ${name} with (force)`);
  if (!exists || !REUSE) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return createDb({ databaseUrl: url.toString(), dataDir: '', timezone: TIMEZONE });
};

interface ModeResult {
  db: string;
  mode: 'off' | 'on';
  total: number | string;
  idleP50: number;
  idleP95: number;
  loadedP50: number;
  loadedP95: number;
  ratioP50: number;
  heavyServed: number;
  heavyRefused: number;
}

const benchMode = async (handle: DbHandle, kind: string, mode: 'off' | 'on'): Promise<ModeResult> => {
  const config = loadConfig({ LAB_DATA_DIR: '.tmp/bench/data', LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-chars' });
  const app = await buildApp({
    config,
    db: handle.db,
    signInLimits: { maxPerAddress: 10_000 },
    ...(mode === 'off' ? { heavyReads: { perUser: 1_000, total: 1_000 } } : TOTAL ? { heavyReads: { total: TOTAL } } : {}),
  });
  await app.ready();
  const tokens: string[] = [];
  for (let i = 0; i < 5; i++) {
    const email = `bench-${mode}-${i}-${Date.now()}@bench.lab`;
    await createUser(handle.db, { email, password: PASSWORD, role: 'ROLE_READER' }, 'bench');
    tokens.push(
      (await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } })).json<{
        accessToken: string;
      }>().accessToken,
    );
  }
  const call = (url: string, token: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const viewer = tokens[4]!;
  const timeView = async (): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await call(LIGHT, viewer);
      if (res.statusCode !== 200) throw new Error(`view answered ${res.statusCode}`);
      times.push(performance.now() - t);
      await sleep(100);
    }
    return times;
  };
  for (let i = 0; i < 3; i++) await call(LIGHT, viewer);
  const idle = await timeView();

  let stop = false;
  let served = 0;
  let refused = 0;
  const loops = HEAVY.map(async (url, i) => {
    while (!stop) {
      const res = await call(url, tokens[i]!);
      if (res.statusCode === 503) {
        refused++;
        await sleep(250);
      } else served++;
    }
  });
  await sleep(1000);
  const loaded = await timeView();
  stop = true;
  await Promise.all(loops);
  await app.close();
  const result: ModeResult = {
    db: kind,
    mode,
    total: mode === 'off' ? '∞' : (TOTAL ?? 'default'),
    idleP50: round(percentile(idle, 50)),
    idleP95: round(percentile(idle, 95)),
    loadedP50: round(percentile(loaded, 50)),
    loadedP95: round(percentile(loaded, 95)),
    ratioP50: round(percentile(loaded, 50) / percentile(idle, 50), 2),
    heavyServed: served,
    heavyRefused: refused,
  };
  progress(kind, `${mode}: idle p50 ${result.idleP50} ms, loaded p50 ${result.loadedP50} ms (×${result.ratioP50}), heavy served ${served}, refused ${refused}`);
  return result;
};

/** One 28-day log request: the answer's bytes and what the process grew by meanwhile. */
const benchLogMemory = async (handle: DbHandle, kind: string): Promise<Record<string, unknown>> => {
  const config = loadConfig({ LAB_DATA_DIR: '.tmp/bench/data', LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-chars' });
  const app = await buildApp({ config, db: handle.db });
  await app.ready();
  const email = `bench-mem-${Date.now()}@bench.lab`;
  await createUser(handle.db, { email, password: PASSWORD, role: 'ROLE_READER' }, 'bench');
  const token = (await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } })).json<{
    accessToken: string;
  }>().accessToken;
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed + before.arrayBuffers;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
  }, 20);
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url: `/api/logs/${LOG_RANGE.start}/${LOG_RANGE.end}`, headers: { authorization: `Bearer ${token}` } });
  const ms = performance.now() - t;
  clearInterval(sampler);
  // PGlite runs its statement synchronously (no timer fires meanwhile): the answer is still held here.
  const after = process.memoryUsage();
  peakRss = Math.max(peakRss, after.rss);
  peakHeap = Math.max(peakHeap, after.heapUsed + after.arrayBuffers);
  const body = res.json<{ logs: unknown[]; totalItems: number }>();
  await app.close();
  const result = {
    db: kind,
    status: res.statusCode,
    lines: body.logs.length,
    totalItems: body.totalItems,
    bytes: res.rawPayload.length,
    ms: round(ms),
    rssGrowthMB: round((peakRss - before.rss) / 1e6),
    heapGrowthMB: round((peakHeap - before.heapUsed - before.arrayBuffers) / 1e6),
  };
  progress(kind, `28-day log: ${result.lines} of ${result.totalItems} lines, ${result.bytes} bytes, ${result.ms} ms, RSS +${result.rssGrowthMB} MB, heap +${result.heapGrowthMB} MB`);
  return result;
};

export const benchHeavy = async (): Promise<void> => {
  const kinds: ('pglite' | 'postgres')[] = [];
  if (ONLY !== 'postgres') kinds.push('pglite');
  if (ONLY !== 'pglite' && process.env['DATABASE_URL']) kinds.push('postgres');
  const modes: ModeResult[] = [];
  const memory: Record<string, unknown>[] = [];
  for (const kind of kinds) {
    const handle = await openDb(kind);
    try {
      await prepare(handle.db, kind);
      memory.push(await benchLogMemory(handle, kind));
      if (MODE !== 'on') modes.push(await benchMode(handle, kind, 'off'));
      if (MODE !== 'off') modes.push(await benchMode(handle, kind, 'on'));
    } finally {
      await handle.close();
    }
  }
  console.table(modes);
  console.table(memory);
  const { writeFileSync, mkdirSync } = await import('node:fs');
  mkdirSync(join('bench', 'results'), { recursive: true });
  const file = join('bench', 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}-heavy.json`);
  writeFileSync(file, `${JSON.stringify({ rows: ROWS, logLines: LOG_LINES, runs: RUNS, node: process.version, modes, memory }, null, 2)}\n`);
  console.log(`written ${file}`);
};
