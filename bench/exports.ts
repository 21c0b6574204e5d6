// Export benchmark: analyses to CSV and XLSX through the real routes (start, poll check,
// file on disk), rows/s and the process's peak RSS sampled every 25 ms during the job; then the
// Analysis view's p95 idle and while a big CSV export runs. Run by `npm run bench -- --exports`.
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/database';
import { progress, round } from './progress';

export interface ExportBenchResult {
  db: string;
  case: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  peakRssMb: number;
  fileMb?: number;
}

export interface ViewDuringExportResult {
  db: string;
  view: string;
  idleP95: number;
  duringP95: number;
  /** The slowest view request during the export: shows a stall that p95 would hide. */
  duringMax: number;
  ratio: number;
  samplesDuring: number;
  exportRows: number;
}

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const p95 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] ?? 0;
};

interface Running {
  file: string;
  done: Promise<{ rows: number; seconds: number; peakRss: number }>;
}

/** Starts an export and resolves when check answers 200, sampling RSS meanwhile. */
const startExport = async (
  app: FastifyInstance,
  token: string,
  type: string,
  query: string,
): Promise<Running> => {
  const headers = { authorization: `Bearer ${token}` };
  const t0 = performance.now();
  const start = await app.inject({ method: 'GET', url: `/api/analysis/export/${type}?${query}`, headers });
  if (start.statusCode !== 200) throw new Error(`export ${type}: ${start.statusCode} ${start.body}`);
  const file = start.body;
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  const done = (async () => {
    try {
      for (;;) {
        await new Promise((r) => setTimeout(r, 100));
        const check = await app.inject({
          method: 'GET',
          url: `/api/export/check/${type}?file=${file}`,
          headers,
        });
        if (check.statusCode === 404) continue;
        if (check.statusCode !== 200)
          throw new Error(`export ${type} failed: ${check.statusCode} ${check.body}`);
        const rows = check.json<{ totalItems: number }>().totalItems;
        return { rows, seconds: (performance.now() - t0) / 1000, peakRss };
      }
    } finally {
      clearInterval(sampler);
    }
  })();
  return { file, done };
};

export const benchExports = async (
  app: FastifyInstance,
  db: Kysely<Database>,
  kind: string,
  token: string,
  viewQuery: string,
): Promise<{ exports: ExportBenchResult[]; views: ViewDuringExportResult[] }> => {
  // BENCH_EXPORT_CHUNK: rows per cursor fetch (the service's `chunk`), to compare sizes.
  const chunk = Number(process.env['BENCH_EXPORT_CHUNK']);
  if (chunk > 0) app.exportJobs.chunk = chunk;
  const { rows } = await sql<{
    lo: number;
    hi: number;
  }>`select min(a_id)::int8 as lo, max(a_id)::int8 as hi from analysis`.execute(db);
  const lo = rows[0]!.lo;
  const hi = rows[0]!.hi;
  const exports: ExportBenchResult[] = [];
  // Sizes by aId range: the demo's aIds are dense, so lo..lo+N-1 is about N rows (campaign permitting).
  const sizes = [100_000, 1_000_000].filter((n, i) => i === 0 || hi - lo + 1 >= n * 0.9);
  for (const n of sizes) {
    for (const type of ['csv', 'xlsx']) {
      global.gc?.();
      const rssBefore = process.memoryUsage.rss();
      const query = new URLSearchParams({ filter: `aId,${lo}~${lo + n - 1}` }).toString();
      const job = await startExport(app, token, type, query);
      const r = await job.done;
      const path = app.exportJobs.finalPath(job.file);
      const { statSync } = await import('node:fs');
      const size = statSync(path).size;
      rmSync(path, { force: true });
      const result: ExportBenchResult = {
        db: kind,
        case: `${type} ${n.toLocaleString('en')}`,
        rows: r.rows,
        seconds: round(r.seconds, 2),
        rowsPerSecond: Math.round(r.rows / r.seconds),
        rssBeforeMb: mb(rssBefore),
        peakRssMb: mb(r.peakRss),
        fileMb: round(size / 1024 / 1024),
      };
      progress(
        kind,
        `export ${result.case}: ${result.rows} rows in ${result.seconds} s = ${result.rowsPerSecond} rows/s, RSS ${result.rssBeforeMb} → peak ${result.peakRssMb} MB, file ${result.fileMb} MB`,
      );
      exports.push(result);
    }
  }

  // The view's p95 idle, then while the largest CSV export runs (sequential requests, as a user's
  // browser would send them, as many as fit into the export).
  const headers = { authorization: `Bearer ${token}` };
  const viewOnce = async (): Promise<number> => {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/analysis/view?${viewQuery}`, headers });
    if (res.statusCode !== 200) throw new Error(`view: ${res.statusCode}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 5; i++) await viewOnce();
  const idle: number[] = [];
  for (let i = 0; i < 60; i++) idle.push(await viewOnce());
  const n = sizes[sizes.length - 1]!;
  const job = await startExport(
    app,
    token,
    'csv',
    new URLSearchParams({ filter: `aId,${lo}~${lo + n - 1}` }).toString(),
  );
  let finished = false;
  const result = job.done.then((r) => {
    finished = true;
    return r;
  });
  const during: number[] = [];
  while (!finished) {
    during.push(await viewOnce());
    // A user's refresh, not a tight loop: leaves the export its share of the process.
    await new Promise((r) => setTimeout(r, 50));
  }
  const r = await result;
  rmSync(app.exportJobs.finalPath(job.file), { force: true });
  const views: ViewDuringExportResult[] = [
    {
      db: kind,
      view: viewQuery,
      idleP95: round(p95(idle)),
      duringP95: round(p95(during)),
      duringMax: round(during.reduce((m, x) => Math.max(m, x), 0)),
      ratio: round(p95(during) / p95(idle), 2),
      samplesDuring: during.length,
      exportRows: r.rows,
    },
  ];
  progress(
    kind,
    `view p95 idle ${views[0]!.idleP95} ms, during a ${r.rows}-row CSV export ${views[0]!.duringP95} ms (×${views[0]!.ratio}, max ${views[0]!.duringMax} ms, ${during.length} requests)`,
  );
  return { exports, views };
};
