// The Screens bench cases (`npm run bench -- --screens`, on the PGlite and, with DATABASE_URL, the
// PostgreSQL target of bench/run.ts):
// - the items view of a 10,000-item screen (GET /api/screens/{scrId}/items, 25 and 1000 per page,
//   a deep page, sorted by SampleID and by SampleTime): route p50 against the bare SQL of the same
//   statement on the raw driver;
// - the import of a 50,000-line screen file through POST /api/screens/upload: lines/s and the
//   process's peak RSS (resident set, maxRSS) after it.
// The screen file makes the 10,000-item screen: the items view reads what the import wrote.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/database';
import { SCREEN_ITEM_READS, SCREEN_ITEM_VIEW_RULES } from '../src/server/repositories/screens';
import { OPEN_CAMPAIGN } from '../src/server/views/campaign';
import { parseViewRequest } from '../src/server/views/request';
import { progress, round } from './progress';

const FILE_LINES = 50_000;
export const VIEW_ITEMS = 10_000;
/** Bench screens: apart from the demo's (which are 9-digit numbers). */
const SCREENS = ['9990000000001', '9990000000002'] as const;
/** Bench samples: 91… + 10 digits, apart from the demo's sample IDs. */
const SAMPLE_BASE = 9100000000000;

export interface ScreensBenchResult {
  db: string;
  case: string;
  rows: number;
  totalItems: number;
  routeP50: number;
  routeP95: number;
  sqlP50: number | null;
  ratioP50: number | null;
  linesPerSecond?: number;
  peakRssMb?: number;
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
  { name: 'items, default (SampleID), size 25', query: 'size=25' },
  { name: 'items, deep page 200 × 25', query: 'size=25&page=200' },
  { name: 'items, SampleTime desc, size 1000', query: 'size=1000&sort=sStamp,desc' },
];

const screenFile = (): Buffer => {
  // 50,000 lines: 40,000 in one screen, 10,000 in the other (the items view's screen).
  const lines = ['ScreenNumber;SampleID;ItemName'];
  for (let i = 1; i <= FILE_LINES; i++)
    lines.push(
      `${i <= FILE_LINES - VIEW_ITEMS ? SCREENS[0] : SCREENS[1]};${SAMPLE_BASE + i};Grower ${i % 997} Feld ${i % 13}`,
    );
  return Buffer.from(`${lines.join('\n')}\n`);
};

export const benchScreens = async (
  app: FastifyInstance,
  db: Kysely<Database>,
  kind: string,
  token: string,
  bare: Bare,
  runs: number,
  warmup: number,
): Promise<ScreensBenchResult[]> => {
  const headers = { authorization: `Bearer ${token}` };
  // Half of the file's samples exist (their stamp is looked up), half are yet to come.
  await sql`insert into sample (s_id, s_stamp)
    select (${SAMPLE_BASE}::bigint + g)::text, timestamp '2026-09-01 06:00:00' + g * interval '1 second'
    from generate_series(1, ${FILE_LINES / 2}) g on conflict do nothing`.execute(db);
  await sql`delete from screen where name = any(${[...SCREENS]}::varchar[])`.execute(db);

  const file = screenFile();
  const boundary = '----bench';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const t = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/screens/upload',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const ms = performance.now() - t;
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const results: ScreensBenchResult[] = [
    {
      db: kind,
      case: `import ${FILE_LINES} lines (${(file.length / 1024 / 1024).toFixed(1)} MB), once`,
      rows: FILE_LINES,
      totalItems: FILE_LINES,
      routeP50: round(ms),
      routeP95: round(ms),
      sqlP50: null,
      ratioP50: null,
      linesPerSecond: Math.round(FILE_LINES / (ms / 1000)),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    },
  ];
  progress(
    kind,
    `screen import: ${results[0]!.linesPerSecond} lines/s, peak RSS ${results[0]!.peakRssMb} MB`,
  );
  await sql`analyze screen_item`.execute(db);

  const scr = await db
    .selectFrom('screen')
    .select('scrId')
    .where('name', '=', SCREENS[1])
    .executeTakeFirstOrThrow();
  for (const c of CASES) {
    const url = `/api/screens/${scr.scrId}/items?${c.query}`;
    const route = () => app.inject({ method: 'GET', url, headers });
    const check = await route();
    if (check.statusCode !== 200)
      throw new Error(`${c.name}: ${check.statusCode} ${check.body.slice(0, 300)}`);
    const body = check.json<{ screenItems: unknown[]; totalItems: number }>();
    if (body.totalItems !== VIEW_ITEMS) throw new Error(`${c.name}: ${body.totalItems} items`);
    const params = new URLSearchParams(c.query);
    const request = parseViewRequest(
      {
        page: Number(params.get('page') ?? 0),
        size: Number(params.get('size')),
        sort: params.getAll('sort'),
        filter: [],
        selection: [],
        selectionSId: [],
        exclusion: [],
      },
      SCREEN_ITEM_VIEW_RULES,
    );
    // The route's statement: the same list source, scoped to the screen.
    const statement = SCREEN_ITEM_READS.viewQuery(request, OPEN_CAMPAIGN, {
      scope: sql`si.scr_id = ${scr.scrId}`,
    }).compile(db);
    const r = await stats(runs, warmup, route);
    const s = await stats(runs, warmup, () => bare(statement.sql, statement.parameters));
    const result: ScreensBenchResult = {
      db: kind,
      case: `${c.name} (${VIEW_ITEMS}-item screen)`,
      rows: body.screenItems.length,
      totalItems: body.totalItems,
      routeP50: round(r.p50),
      routeP95: round(r.p95),
      sqlP50: round(s.p50),
      ratioP50: round(r.p50 / s.p50, 2),
    };
    progress(
      kind,
      `${result.case}: route p50 ${result.routeP50} ms, sql p50 ${result.sqlP50} ms, ×${result.ratioP50}`,
    );
    results.push(result);
  }
  await sql`delete from screen where name = any(${[...SCREENS]}::varchar[])`.execute(db);
  await sql`delete from sample where s_id between ${String(SAMPLE_BASE + 1)} and ${String(SAMPLE_BASE + FILE_LINES / 2)}
    and length(s_id) = 13`.execute(db);
  return results;
};
