// npx tsx bench/undo.ts [--rows N] [--runs N]
//
// The undo of a bulk write on PGlite (in memory): per run, N samples get their names from a screen
// of N items (Transfer ScreenNames, one change of N sample updates), then POST /api/undo takes that
// change back. Prints the transfer's and the undo's time per run and their p50 (ms). With
// DATABASE_URL the same on PostgreSQL, in a fresh database of its own.
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDb } from '../src/server/db/create-db';
import type { Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createUser } from '../src/server/services/users';
import { CHANGE_HEADER, parseChangeHeader } from '../src/domain/undo';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 1000);
const RUNS = arg('runs', 3);
const PASSWORD = 'bench-password-42';
const STAMP = '2025-10-02 07:00:00';

const TIMEZONE = 'Europe/Vienna';

const openDb = async (): Promise<{ db: Kysely<Database>; kind: string; close: () => Promise<void> }> => {
  const url = process.env['DATABASE_URL'];
  if (!url) {
    const handle = await createDb({ databaseUrl: undefined, dataDir: '', timezone: TIMEZONE }, { inMemory: true });
    return { db: handle.db, kind: 'pglite', close: handle.close };
  }
  const name = `labdesk_bench_undo_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: target.toString(), dataDir: '', timezone: TIMEZONE });
  return {
    db: handle.db,
    kind: 'postgres',
    close: async () => {
      await handle.close();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
};

const p50 = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const main = async (): Promise<void> => {
  const { db, kind, close } = await openDb();
  await migrateToLatest(db);
  const config = loadConfig({ LAB_DATA_DIR: '.tmp/bench/data', LAB_JWT_SECRET: 'bench-secret-of-at-least-thirty-two-chars' });
  const app = await buildApp({ config, db, signInLimits: { maxPerAddress: 1_000 } });
  await app.ready();
  const email = 'bench-undo@bench.lab';
  await createUser(db, { email, password: PASSWORD, role: 'ROLE_ADMIN' }, 'bench');
  const token = (await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } })).json<{
    accessToken: string;
  }>().accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const transfers: number[] = [];
  const undos: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const keys = Array.from({ length: ROWS }, (_, i) => ({ sId: String(4_006_384_000_000 + run * 100_000 + i), sStamp: STAMP }));
    await db.insertInto('sample').values(keys.map((k, i) => ({ ...k, name: `Old ${i}`, weightNet: 10 }))).execute();
    const scrId = Number((await db.insertInto('screen').values({ name: String(8000 + run) }).returning('scrId').executeTakeFirstOrThrow()).scrId);
    await db.insertInto('screenItem').values(keys.map((k, i) => ({ scrId, sId: k.sId, sStamp: k.sStamp, name: `New ${i}` }))).execute();
    let t = performance.now();
    const transfer = await app.inject({ method: 'POST', url: `/api/screens/transfer/${scrId}`, headers });
    transfers.push(performance.now() - t);
    const changes = parseChangeHeader(transfer.headers[CHANGE_HEADER] as string | undefined);
    t = performance.now();
    const undo = await app.inject({ method: 'POST', url: '/api/undo', headers, payload: { changes } });
    undos.push(performance.now() - t);
    if (undo.statusCode !== 200 || undo.json<{ restored: number }>().restored !== ROWS)
      throw new Error(`undo failed: ${undo.statusCode} ${undo.body}`);
    const left = await sql<{ n: number }>`select count(*)::int as n from sample where name like 'New %'`.execute(db);
    if (left.rows[0]!.n !== 0) throw new Error('undo left transferred names');
  }
  const ms = (v: number) => Math.round(v);
  process.stdout.write(
    `${kind}: ${ROWS} rows, ${RUNS} runs; transfer ms ${transfers.map(ms).join(' ')} (p50 ${ms(p50(transfers))}); ` +
      `undo ms ${undos.map(ms).join(' ')} (p50 ${ms(p50(undos))})\n`,
  );
  await app.close();
  await close();
};

await main();
