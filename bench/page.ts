// `npm run bench -- --page [--rows N] [--runs N] [--reuse] [--only pglite|postgres]`: the list views'
// two ways to answer, side by side in one process so that a loaded machine weighs on both alike —
// the entity path (rows decoded field by field, toAnalysis/toSample, the zod encoder, JSON.stringify)
// and the JSON path (views/jsonText.ts: each row's text built by the database, joined and sent as
// it is) — and the route (app.inject) as it answers. Per case: wall p50/p95 and the CPU per request:
// this process's (on PGlite that includes the database) plus, on PostgreSQL, the backend's (read
// from /proc for the connection's pid: the server runs on this machine).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { analysisViewSchema } from '../src/domain/entities/analysis';
import { samplesViewSchema } from '../src/domain/entities/sample';
import type { Database } from '../src/server/db/database';
import { ANALYSIS_VIEW_RULES, analysisView, analysisViewJson } from '../src/server/repositories/analysis';
import { SAMPLE_VIEW_RULES, samplesView, samplesViewJson } from '../src/server/repositories/samples';
import { loadCampaign } from '../src/server/views/campaign';
import { viewJsonText } from '../src/server/views/listSource';
import { parseViewRequest, viewQuerySchemaOf, type ViewRequest } from '../src/server/views/request';
import { progress, round } from './progress';

export interface PageBenchResult {
  db: string;
  case: string;
  path: 'entity' | 'json' | 'route';
  bytes: number;
  p50: number;
  p95: number;
  /** CPU ms per request: this process (with PGlite in it) and the PostgreSQL backend. */
  cpuNode: number;
  cpuBackend: number;
  load: string;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** CPU ms of a process so far (utime + stime, 10 ms ticks), or 0 when it cannot be read. */
const processCpu = (pid: number | undefined): number => {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

/** The PostgreSQL backends' pids of the pool (all of them: a request may use any). */
const backendPids = async (db: Kysely<Database>, kind: string): Promise<number[]> => {
  if (kind !== 'postgres') return [];
  const { rows } = await sql<{
    pid: number;
  }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
    union select pg_backend_pid()`.execute(db);
  return rows.map((r) => r.pid);
};

const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Resource {
  name: string;
  path: string;
  defaultSize: number;
  entity: (db: Kysely<Database>, request: ViewRequest) => Promise<string>;
  json: (db: Kysely<Database>, request: ViewRequest) => Promise<string>;
  rules: typeof ANALYSIS_VIEW_RULES;
}

const RESOURCES: Resource[] = [
  {
    name: 'analysis',
    path: '/api/analysis/view',
    defaultSize: 25,
    rules: ANALYSIS_VIEW_RULES,
    entity: async (db, request) =>
      JSON.stringify(analysisViewSchema.encode(await analysisView(db, request, await loadCampaign(db)))),
    json: async (db, request) =>
      viewJsonText(
        analysisViewSchema,
        'analysis',
        await analysisViewJson(db, request, await loadCampaign(db)),
      ),
  },
  {
    name: 'samples',
    path: '/api/samples/view',
    defaultSize: 25,
    rules: SAMPLE_VIEW_RULES,
    entity: async (db, request) =>
      JSON.stringify(samplesViewSchema.encode(await samplesView(db, request, await loadCampaign(db)))),
    json: async (db, request) =>
      viewJsonText(samplesViewSchema, 'samples', await samplesViewJson(db, request, await loadCampaign(db))),
  },
];

export const benchPage = async (
  app: FastifyInstance,
  db: Kysely<Database>,
  kind: string,
  token: string,
  runs: number,
): Promise<PageBenchResult[]> => {
  const results: PageBenchResult[] = [];
  for (const resource of RESOURCES)
    for (const size of [15000, 50]) {
      const request = parseViewRequest(
        viewQuerySchemaOf(resource.defaultSize).parse({ size: String(size) }),
        resource.rules,
      );
      const url = `${resource.path}?size=${size}`;
      const paths: Record<PageBenchResult['path'], () => Promise<string>> = {
        entity: () => resource.entity(db, request),
        json: () => resource.json(db, request),
        route: async () =>
          (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).body,
      };
      const entityText = await paths.entity();
      if ((await paths.json()) !== entityText || (await paths.route()) !== entityText)
        throw new Error(`${resource.name} ${size}: the JSON path's answer differs from the entity path's`);
      const pids = await backendPids(db, kind);
      const samples: Record<string, { times: number[]; node: number; backend: number }> = {};
      // Interleaved: each round runs every path once, so a change of the machine's load hits all.
      for (let i = 0; i < runs; i++)
        for (const [name, fn] of Object.entries(paths)) {
          const s = (samples[name] ??= { times: [], node: 0, backend: 0 });
          const b0 = pids.reduce((sum, pid) => sum + processCpu(pid), 0);
          const n0 = process.cpuUsage();
          const t0 = performance.now();
          await fn();
          s.times.push(performance.now() - t0);
          const n = process.cpuUsage(n0);
          s.node += (n.user + n.system) / 1000;
          s.backend += pids.reduce((sum, pid) => sum + processCpu(pid), 0) - b0;
        }
      for (const [name, s] of Object.entries(samples)) {
        const sorted = [...s.times].sort((a, b) => a - b);
        const result: PageBenchResult = {
          db: kind,
          case: `${resource.name} size ${size}`,
          path: name as PageBenchResult['path'],
          bytes: entityText.length,
          p50: round(percentile(sorted, 50)),
          p95: round(percentile(sorted, 95)),
          cpuNode: round(s.node / runs),
          cpuBackend: round(s.backend / runs),
          load: loadAverage(),
        };
        progress(
          kind,
          `${result.case} ${result.path}: p50 ${result.p50} ms, p95 ${result.p95} ms, CPU ${result.cpuNode} + ${result.cpuBackend} ms (load ${result.load})`,
        );
        results.push(result);
      }
    }
  return results;
};
