// The Screens bench (`npx tsx bench/screens.ts`, on a fresh embedded database in memory):
// - the import of a 50,000-line screen file through POST /api/screens/upload: lines/s and the
//   process's peak RSS (resident set, maxRSS) after it;
// - the items view of a 10,000-item screen (GET /api/screens/{scrId}/items, 25 and 1000 per page,
//   sorted by SampleID and by SampleTime): route p50 against the bare SQL of the same statement.
import { performance } from 'node:perf_hooks';
import { CamelCasePlugin, Kysely, sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPGlite } from '../src/server/db/create-db';
import type { Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { PGliteDialect } from '../src/server/db/pglite-dialect';
import { SCREEN_ITEM_READS, SCREEN_ITEM_VIEW_RULES } from '../src/server/repositories/screens';
import { createUser } from '../src/server/services/users';
import { OPEN_CAMPAIGN } from '../src/server/views/campaign';
import { parseViewRequest } from '../src/server/views/request';

const FILE_LINES = 50_000;
const VIEW_ITEMS = 10_000;
const RUNS = 40;
const WARMUP = 5;
const PASSWORD = 'bench-password-42';

const p50 = async (fn: () => Promise<unknown>): Promise<number> => {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.ceil(samples.length / 2) - 1]!;
};

const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

const open = async () => {
  const pglite = await openPGlite(undefined, 'Europe/Vienna');
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [new CamelCasePlugin()] });
  return {
    kind: 'pglite',
    db,
    // The same single backend the app uses; the driver's queue is idle between timed runs.
    bare: async (text: string, params: readonly unknown[]) => (await pglite.query(text, [...params])).rows.length,
    close: () => db.destroy(),
  };
};

const main = async (): Promise<void> => {
  const target = await open();
  const { db } = target;
  await migrateToLatest(db);
  const config = loadConfig({ LAB_DATA_DIR: '.tmp/bench/data', LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-chars' });
  const app = await buildApp({ config, db, signInLimits: { maxPerAddress: 1_000 } });
  await app.ready();
  const email = `bench-${Date.now()}@bench.lab`;
  await createUser(db, { email, password: PASSWORD, role: 'ROLE_ADMIN' }, 'bench');
  const token = (
    await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } })
  ).json<{ accessToken: string }>().accessToken;
  const headers = { authorization: `Bearer ${token}` };

  // Half of the file's samples exist (their stamp is looked up), half are yet to come.
  await sql`insert into sample (s_id, s_stamp)
    select (9100000000000 + g)::text, timestamp '2026-09-01 06:00:00' + g * interval '1 second'
    from generate_series(1, ${FILE_LINES / 2}) g on conflict do nothing`.execute(db);
  const screens = ['9990000000001', '9990000000002'];
  await sql`delete from screen where name = any(${screens}::varchar[])`.execute(db);

  // 50,000 lines: 40,000 in one screen, 10,000 in the other (the items view's screen).
  const lines = ['ScreenNumber;SampleID;ItemName'];
  for (let i = 1; i <= FILE_LINES; i++)
    lines.push(`${i <= FILE_LINES - VIEW_ITEMS ? screens[0] : screens[1]};${9100000000000 + i};Grower ${i % 997} Feld ${i % 13}`);
  const file = Buffer.from(`${lines.join('\n')}\n`);
  const boundary = '----bench';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`),
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
  const seconds = (performance.now() - t) / 1000;
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const rssMb = process.resourceUsage().maxRSS / 1024;
  const importResult = {
    db: target.kind,
    case: `import ${FILE_LINES} lines (${(file.length / 1024 / 1024).toFixed(1)} MB)`,
    seconds: round(seconds),
    linesPerSecond: Math.round(FILE_LINES / seconds),
    peakRssMb: Math.round(rssMb),
  };

  const scr = await db.selectFrom('screen').select('scrId').where('name', '=', screens[1]!).executeTakeFirstOrThrow();
  const viewResults = [];
  for (const query of ['size=25', 'size=25&page=200', 'size=1000&sort=sStamp,desc']) {
    const url = `/api/screens/${scr.scrId}/items?${query}`;
    const check = await app.inject({ method: 'GET', url, headers });
    if (check.statusCode !== 200) throw new Error(`${url}: ${check.statusCode}`);
    const params = Object.fromEntries(new URLSearchParams(query));
    const request = parseViewRequest(
      {
        page: Number(params['page'] ?? 0),
        size: Number(params['size']),
        sort: params['sort'] ? [params['sort']] : [],
        filter: [],
        selection: [],
        selectionSId: [],
        exclusion: [],
      },
      SCREEN_ITEM_VIEW_RULES,
    );
    const compiled = SCREEN_ITEM_READS.viewQuery(request, OPEN_CAMPAIGN, { scope: sql`si.scr_id = ${scr.scrId}` }).compile(db);
    const route = await p50(() => app.inject({ method: 'GET', url, headers }));
    const bare = await p50(() => target.bare(compiled.sql, compiled.parameters));
    viewResults.push({
      db: target.kind,
      case: `items of a ${VIEW_ITEMS}-item screen, ${query}`,
      routeP50: round(route),
      sqlP50: round(bare),
      ratioP50: round(route / bare),
    });
  }
  await sql`delete from screen where name = any(${screens}::varchar[])`.execute(db);
  await app.close();
  await target.close();
  process.stdout.write(`${JSON.stringify({ import: importResult, itemsView: viewResults }, null, 2)}\n`);
};

await main();
