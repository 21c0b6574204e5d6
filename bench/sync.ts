// Sync benchmark: a 100,000-row analysis file, a 100,000-row sample file of new samples and a
// 100,000-line hardware-log file, each
// imported by the real sync service (the same run the scheduler and GET /config/sync/<entry> start): rows/s and the process's peak RSS sampled every
// 25 ms; then the Analysis view's p95 idle and while the import runs (sequential requests, as a
// browser sends them). The imported rows are removed afterwards so that a reused bench database
// stays the demo campaign. Then a 20,000-row sample upload (benchSampleUpload). Run by
// `npm run bench -- --sync`; with `--profile` the time of each database function during each
// import is printed (and the view is not read meanwhile, so the import is timed alone).
import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/database';
import { progress, round } from './progress';
import { functionTimes, reportFunctions } from './function-profile';

/** With --profile: the time of the database functions during `run`. */
const profiled = async <T>(db: Kysely<Database>, kind: string, profile: boolean, run: () => Promise<T>): Promise<T> => {
  if (!profile) return run();
  // PostgreSQL's sessions publish their function statistics when idle, at most once a second.
  const settle = () => new Promise((done) => setTimeout(done, kind === 'postgres' ? 1500 : 0));
  await settle();
  const before = await functionTimes(db);
  const result = await run();
  await settle();
  reportFunctions(kind, before, await functionTimes(db));
  return result;
};

export interface SyncBenchResult {
  db: string;
  /** The sync entry: an analysis file or a sample file. */
  entry: SyncEntry;
  /** An analysis file of samples stored before it (the sample file came first), not of new ones. */
  storedSamples: boolean;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  peakRssMb: number;
  viewIdleP95: number;
  viewDuringP95: number;
  viewDuringMax: number;
  ratio: number;
  samplesDuring: number;
}

const ROWS = 100_000;
/** sIds of the bench file: 13 digits starting 95, never a demo id (those start with the year digit). */
const PREFIX = '95';
const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((q / 100) * s.length) - 1)] ?? 0;
};
const p95 = (xs: number[]): number => quantile(xs, 95);

export type SyncEntry = 'Analysis' | 'Sample' | 'Log';

const HEADERS: Record<SyncEntry, string> = {
  Analysis: 'sId;sStamp;dateIn;dateOut;pol;nat;kal;an;glu;dry;weightMea;density;lane',
  Sample: 'sId;sStamp;name;weightNet;weightBru;weightTar;lane',
  Log: 'dateCreated;level;info',
};
/** The bench's log lines (removed afterwards by this text). */
const LOG_MARK = 'bench-sync line';

const writeFile = (path: string, entry: SyncEntry): void => {
  const lines = [HEADERS[entry]];
  for (let i = 0; i < ROWS; i++) {
    const sId = `${PREFIX}${String(i).padStart(11, '0')}`;
    const sStamp = `2026-10-0${1 + (i % 9)} 06:${String(i % 60).padStart(2, '0')}:00`;
    if (entry === 'Log') {
      lines.push(`2026-10-0${1 + (i % 9)} 06:${String(i % 60).padStart(2, '0')}:${String(Math.floor(i / 60) % 60).padStart(2, '0')};${['INFO', 'WARN', 'ERROR'][i % 3]};${LOG_MARK} ${i}: cuvette ${i % 40} read`);
      continue;
    }
    lines.push(
      entry === 'Analysis'
        ? `${sId};${sStamp};2026-10-0${1 + (i % 9)} 07:00:00;;` +
            `${15 + (i % 1000) / 100};${(i % 50) / 10};${3 + (i % 30) / 10};${(i % 40) / 10};${(i % 20) / 10};${20 + (i % 80) / 10};26,1;1,08;${i % 4}`
        : `${sId};${sStamp};farm ${i % 500};${10 + (i % 900) / 100};${12 + (i % 900) / 100};2;${i % 4}`,
    );
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  const past = new Date(Date.now() - 60_000);
  utimesSync(path, past, past);
};

/**
 * The samples of the bench file, stored as a sample file would have (not timed): an analysis file
 * of them is the common case, when the samples arrive first, and its reveal on PGlite is the one
 * that recomputes their suspects.
 */
const storeSamples = (db: Kysely<Database>) =>
  sql`insert into sample (s_id, s_stamp)
    select ${PREFIX} || lpad(i::text, 11, '0'),
      ('2026-10-0' || (1 + i % 9) || ' 06:' || lpad((i % 60)::text, 2, '0') || ':00')::timestamp
    from generate_series(0, ${ROWS - 1}) as i`.execute(db);

/** The imports the bench times, in this order. */
export const SYNC_CASES: readonly { entry: SyncEntry; storedSamples: boolean }[] = [
  { entry: 'Analysis', storedSamples: false },
  { entry: 'Analysis', storedSamples: true },
  { entry: 'Sample', storedSamples: false },
  { entry: 'Log', storedSamples: false },
];

/** Back to the demo campaign: no bench rows, files or ledger entries (also those of an interrupted bench). */
const cleanUp = async (db: Kysely<Database>, dir: string): Promise<void> => {
  await sql`delete from sample where s_id like ${`${PREFIX}%`}`.execute(db);
  await sql`delete from hw_log where info like ${`${LOG_MARK} %`}`.execute(db);
  await db.deleteFrom('syncFile').where('fileName', 'like', 'bench-%').execute();
  for (const sub of ['', 'done', 'failed']) {
    for (const f of readdirSync(join(dir, sub), { withFileTypes: true }))
      if (f.isFile() && f.name.startsWith('bench-')) rmSync(join(dir, sub, f.name), { force: true });
  }
};

export const benchSync = async (
  app: FastifyInstance,
  db: Kysely<Database>,
  kind: string,
  token: string,
  viewQuery: string,
  profile = false,
  entry: SyncEntry = 'Analysis',
  storedSamples = false,
): Promise<SyncBenchResult> => {
  const headers = { authorization: `Bearer ${token}` };
  const viewOnce = async (): Promise<number> => {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/analysis/view?${viewQuery}`, headers });
    if (res.statusCode !== 200) throw new Error(`view: ${res.statusCode}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 5; i++) await viewOnce();
  // 300 reads: the p95 of 60 was their third slowest, and the ratio below moved with it by ×1.3.
  const idle: number[] = [];
  for (let i = 0; i < 300; i++) idle.push(await viewOnce());
  progress(kind, `view p95 idle ${round(p95(idle))} ms; writing the ${ROWS}-row file`);

  const dir = join(app.sync.options.source, entry.toLowerCase());
  mkdirSync(join(dir, 'done'), { recursive: true });
  mkdirSync(join(dir, 'failed'), { recursive: true });
  await cleanUp(db, dir);
  if (storedSamples) await storeSamples(db);
  const name = `bench-${Date.now()}.csv`;
  writeFile(join(dir, name), entry);
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  progress(kind, 'importing');
  // How long the event loop was held (the import's line checks, staging text, parsing): a view waits for it too.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let seconds = 0;
  const during: number[] = [];
  const result = await profiled(db, kind, profile, async () => {
    // Here, not before profiled(): its settling wait (1.5 s on PostgreSQL) is no part of the import.
    const t0 = performance.now();
    const { started, done } = await app.sync.start(entry);
    if (!started) throw new Error(`a sync run of ${entry} is going on already`);
    let finished = false;
    const outcome = done.finally(() => (finished = true));
    // A profile times the import alone.
    while (!finished && !profile) during.push(await viewOnce());
    const ran = await outcome;
    seconds = (performance.now() - t0) / 1000;
    return ran;
  });
  clearInterval(sampler);
  loop.disable();
  if (!result.ran || result.run.rowsImported !== ROWS)
    throw new Error(`sync imported ${result.ran ? result.run.rowsImported : 0} rows: ${result.ran ? result.run.log.join('\n') : ''}`);

  await cleanUp(db, dir);

  const idleP95 = p95(idle);
  const duringP95 = p95(during);
  const r: SyncBenchResult = {
    db: kind,
    entry,
    storedSamples,
    rows: ROWS,
    seconds: round(seconds, 2),
    rowsPerSecond: Math.round(ROWS / seconds),
    rssBeforeMb: mb(rssBefore),
    peakRssMb: mb(peakRss),
    viewIdleP95: round(idleP95),
    viewDuringP95: round(duringP95),
    viewDuringMax: round(during.reduce((m, x) => Math.max(m, x), 0)),
    ratio: round(duringP95 / idleP95, 2),
    samplesDuring: during.length,
  };
  progress(
    kind,
    `sync ${ROWS} ${{ Analysis: 'analyses', Sample: 'samples', Log: 'log lines' }[entry]}${storedSamples ? ' of stored samples' : ''}: ${r.seconds} s = ${r.rowsPerSecond} rows/s, RSS ${r.rssBeforeMb} → peak ${r.peakRssMb} MB; ` +
      `view p95 idle ${r.viewIdleP95} ms, during ${r.viewDuringP95} ms (×${r.ratio}, max ${r.viewDuringMax} ms, ${r.samplesDuring} requests; ` +
      `during p50/p75/p90/p99 ${[50, 75, 90, 99].map((q) => round(quantile(during, q))).join('/')} ms); ` +
      `event loop delay p95/p99/max ${[loop.percentile(95), loop.percentile(99), loop.max].map((ns) => round(ns / 1e6)).join('/')} ms`,
  );
  return r;
};

export interface UploadBenchResult {
  db: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  peakRssMb: number;
  /** The Analysis view read one request after the other while the upload runs (none with --profile). */
  viewDuringP95: number;
  viewDuringMax: number;
  samplesDuring: number;
}

const UPLOAD_ROWS = 20_000;

/**
 * A sample upload of 20,000 new samples through POST /api/samples/upload (all rows checked, an
 * audit event per sample): rows/s, the peak RSS and the Analysis view's p95 while it runs; the
 * samples are removed after.
 */
export const benchSampleUpload = async (
  app: FastifyInstance,
  db: Kysely<Database>,
  kind: string,
  token: string,
  viewQuery: string,
  profile = false,
): Promise<UploadBenchResult> => {
  const prefix = '96';
  await sql`delete from sample where s_id like ${`${prefix}%`}`.execute(db);
  const lines = ['sId;sStamp;name;weightBru;weightTar;weightNet;quantity;lane;comment'];
  for (let i = 0; i < UPLOAD_ROWS; i++)
    lines.push(
      `${prefix}${String(i).padStart(11, '0')};2026-10-0${1 + (i % 9)} 06:${String(i % 60).padStart(2, '0')}:00;` +
        `Grower ${i % 97};${(20 + (i % 50) / 10).toFixed(1)};1,5;${(18.5 + (i % 50) / 10).toFixed(1)};${1 + (i % 3)};${i % 4};bench`,
    );
  const boundary = '----bench';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(`${lines.join('\n')}\n`),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  progress(kind, `uploading ${UPLOAD_ROWS} samples`);
  let seconds = 0;
  const during: number[] = [];
  const res = await profiled(db, kind, profile, async () => {
    const t0 = performance.now();
    let finished = false;
    const answer = app
      .inject({
        method: 'POST',
        url: '/api/samples/upload',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      })
      .finally(() => (finished = true));
    while (!finished && !profile) {
      const t = performance.now();
      const view = await app.inject({ method: 'GET', url: `/api/analysis/view?${viewQuery}`, headers: { authorization: `Bearer ${token}` } });
      if (view.statusCode !== 200) throw new Error(`view: ${view.statusCode}`);
      during.push(performance.now() - t);
    }
    const done = await answer;
    seconds = (performance.now() - t0) / 1000;
    return done;
  });
  clearInterval(sampler);
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode}: ${res.body.slice(0, 300)}`);
  await sql`delete from sample where s_id like ${`${prefix}%`}`.execute(db);
  const r: UploadBenchResult = {
    db: kind,
    rows: UPLOAD_ROWS,
    seconds: round(seconds, 2),
    rowsPerSecond: Math.round(UPLOAD_ROWS / seconds),
    rssBeforeMb: mb(rssBefore),
    peakRssMb: mb(peakRss),
    viewDuringP95: round(p95(during)),
    viewDuringMax: round(during.reduce((m, x) => Math.max(m, x), 0)),
    samplesDuring: during.length,
  };
  progress(
    kind,
    `upload ${UPLOAD_ROWS} samples: ${r.seconds} s = ${r.rowsPerSecond} rows/s, RSS ${r.rssBeforeMb} → peak ${r.peakRssMb} MB; ` +
      `view during p95 ${r.viewDuringP95} ms, max ${r.viewDuringMax} ms (${r.samplesDuring} requests)`,
  );
  return r;
};
