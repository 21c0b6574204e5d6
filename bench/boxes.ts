// The boxes bench cases (`npm run bench -- --boxes`): the Boxes view at 100,000 boxes (route p50
// against the bare SQL of the same statement) and a 40-position reorder saved and reloaded (p50 of
// the round trip PUT /boxes/{id}/boxpos + GET /boxes/{id}/boxpos).
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/database';
import { BOX_VIEW_RULES, boxesViewQuery } from '../src/server/repositories/boxes';
import { boxesQuerySchema } from '../src/server/routes/boxes/reads';
import { parseViewRequest } from '../src/server/views/request';
import { progress, round } from './progress';

export const BENCH_BOXES = 100_000;
/** Bench boxes are 'V' + 7 digits: apart from the demo's boxes. */
const PREFIX = 'V';

export interface BoxesBenchResult {
  db: string;
  case: string;
  rows: number;
  totalItems: number;
  routeP50: number;
  routeP95: number;
  sqlP50: number | null;
  ratioP50: number | null;
}

type Bare = (text: string, parameters: readonly unknown[]) => Promise<number>;

const stats = async (runs: number, warmup: number, fn: () => Promise<unknown>) => {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!;
  return { p50: at(50), p95: at(95) };
};

const CASES: { name: string; query: string }[] = [
  { name: 'boxes view, default (bId asc), size 25', query: 'size=25' },
  { name: 'boxes view, name desc then type, size 100', query: 'sort=name,desc&sort=type,asc&size=100' },
  { name: 'boxes view, bId prefix V10012', query: 'filter=bId,V10012&size=25' },
  { name: 'boxes view, type 2, deep page 999 × 25', query: 'filter=type,2&page=999&size=25' },
];

export const benchBoxes = async (
  app: FastifyInstance,
  db: Kysely<Database>,
  kind: string,
  token: string,
  bare: Bare,
  runs: number,
  warmup: number,
): Promise<BoxesBenchResult[]> => {
  await sql`insert into box (b_id, name, num_max, type)
    select ${PREFIX} || (1000000 + g)::text, ${PREFIX} || (1000000 + g)::text, 40, g % 4
    from generate_series(1, ${BENCH_BOXES}) g on conflict do nothing`.execute(db);
  await sql`analyze box`.execute(db);
  const headers = { authorization: `Bearer ${token}` };
  const results: BoxesBenchResult[] = [];
  for (const c of CASES) {
    const url = `/api/boxes/view?${c.query}`;
    const route = () => app.inject({ method: 'GET', url, headers });
    const check = await route();
    if (check.statusCode !== 200)
      throw new Error(`${c.name}: ${check.statusCode} ${check.body.slice(0, 300)}`);
    const body = check.json<{ boxes: unknown[]; totalItems: number }>();
    const params = new URLSearchParams(c.query);
    const raw: Record<string, string | string[]> = {};
    for (const key of new Set(params.keys()))
      raw[key] = params.getAll(key).length === 1 ? params.get(key)! : params.getAll(key);
    const request = parseViewRequest(
      { ...boxesQuerySchema.parse(raw), selection: [], selectionSId: [], exclusion: [] },
      BOX_VIEW_RULES,
    );
    const statement = boxesViewQuery(request).compile(db);
    const r = await stats(runs, warmup, route);
    const s = await stats(runs, warmup, () => bare(statement.sql, statement.parameters));
    const result = {
      db: kind,
      case: c.name,
      rows: body.boxes.length,
      totalItems: body.totalItems,
      routeP50: round(r.p50),
      routeP95: round(r.p95),
      sqlP50: round(s.p50),
      ratioP50: round(r.p50 / s.p50, 2),
    };
    progress(
      kind,
      `${c.name}: route p50 ${result.routeP50} ms, sql p50 ${result.sqlP50} ms, ×${result.ratioP50}`,
    );
    results.push(result);
  }

  // A full box of 40 positions, reordered (reversed) and saved, then read back: the save-and-reload
  // round trip of the page's Update.
  const bId = `${PREFIX}9999999`;
  await sql`insert into box (b_id, name, num_max, type) values (${bId}, ${bId}, 40, 0) on conflict do nothing`.execute(
    db,
  );
  await sql`delete from box_position where b_id = ${bId}`.execute(db);
  const free = await sql<{ sId: string; sStamp: string }>`
    select s.s_id as "sId", s.s_stamp as "sStamp" from sample s
    where not exists (select 1 from box_position bp where bp.s_id = s.s_id and bp.s_stamp = s.s_stamp)
    order by s.s_stamp desc limit 40`.execute(db.withoutPlugins());
  if (free.rows.length < 40) throw new Error('fewer than 40 unboxed samples');
  let list = free.rows.map((k, i) => ({
    boxposId: { box: bId, boxPosId: i + 1 },
    dateExported: null,
    sample: { sampleId: k },
  }));
  // The list's version: the page sends the one it read, and takes the one the save answers.
  let version = (
    await app.inject({ method: 'GET', url: `/api/boxes/${bId}/boxpos`, headers })
  ).json<{ version: number }>().version;
  const roundTrip = async () => {
    list = [...list].reverse().map((p, i) => ({ ...p, boxposId: { box: bId, boxPosId: i + 1 } }));
    const payload = { version, boxpos: list };
    const put = await app.inject({ method: 'PUT', url: `/api/boxes/${bId}/boxpos`, headers, payload });
    if (put.statusCode !== 200) throw new Error(`reorder: ${put.statusCode} ${put.body.slice(0, 300)}`);
    const get = await app.inject({ method: 'GET', url: `/api/boxes/${bId}/boxpos`, headers });
    const answer = get.json<{ boxpos: { sample: { sampleId: { sId: string } } }[]; version: number }>();
    version = answer.version;
    const got = answer.boxpos;
    if (got[0]?.sample.sampleId.sId !== list[0]!.sample.sampleId.sId)
      throw new Error('reorder: the new order was not stored');
  };
  const t = await stats(runs, warmup, roundTrip);
  const reorder = {
    db: kind,
    case: '40-position reorder: PUT boxpos + GET boxpos',
    rows: 40,
    totalItems: 40,
    routeP50: round(t.p50),
    routeP95: round(t.p95),
    sqlP50: null,
    ratioP50: null,
  };
  progress(kind, `${reorder.case}: p50 ${reorder.routeP50} ms`);
  results.push(reorder);
  return results;
};
