// Picks the database: embedded PGlite in `<dataDir>/db` (or in memory for tests) by default,
// PostgreSQL through a pg Pool when DATABASE_URL is set. Both get the same column mapping
// (CamelCasePlugin), the same value parsers (type-parsers.ts) and the lab's time zone as the
// session zone, so `now()`/`localtimestamp` defaults produce the lab's wall-clock time.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import type Pg from 'pg';
import type PgCursor from 'pg-cursor';
import type { Config } from '../config';
import type { Database } from './database';
import { PGliteDialect } from './pglite-dialect';
import { TYPE_PARSERS } from './type-parsers';

export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** Closes the pool or the embedded database; safe to call twice. */
  close: () => Promise<void>;
}

export interface CreateDbOptions {
  /** PGlite without a data directory: each call is a fresh, empty database (tests). */
  inMemory?: boolean;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Embedded database only: PGlite reported FATAL or PANIC (pglite-dialect.ts). */
  onFatal?: (err: unknown) => void;
}

type DbConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'timezone'>;

export const PGLITE_SUBDIR = 'db';

/** isPGlite()'s answers, per database object. */
const pgliteCache = new WeakMap<Kysely<Database>, Promise<boolean>>();

/** How long opening a PostgreSQL connection may take before it counts as failed. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * pg and pg-cursor, loaded by the first PostgreSQL pool rather than at start-up: the embedded
 * database never needs them (a tenth of the server's module loading).
 */
const postgresDriver = (): { pg: typeof Pg; Cursor: typeof PgCursor } => {
  const load = createRequire(import.meta.url);
  return { pg: load('pg') as typeof Pg, Cursor: load('pg-cursor') as typeof PgCursor };
};

// Session settings go in the startup packet, so every pooled connection has them before its first
// query (an on-connect SET would race with that query).
const sessionOptions = (timezone: string): string => `-c TimeZone=${timezone} -c DateStyle=ISO,YMD`;

export const createPostgresDialect = (databaseUrl: string, timezone: string, max = 10): Dialect => {
  const { pg, Cursor } = postgresDriver();
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    types,
    options: sessionOptions(timezone),
    idleTimeoutMillis: 30_000,
    // With PostgreSQL away a connect fails at once (refused) or, on a dead network, after this
    // long: requests answer an error and /api/health 503 instead of waiting forever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection that PostgreSQL drops (restart, stop, timeout) emits 'error'; unhandled, that
  // ends the process. The pool handles it for idle connections and discards them; a connection
  // held by someone (a lock's session, a running query) emits it outside the pool's care, so every
  // connection gets its own listener when it is made. The holder sees its next query fail, the
  // pool drops the broken connection on release, and the next query opens a fresh one.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  // cursor: `stream()` reads big results (exports) in chunks instead of all at once.
  return new PostgresDialect({ pool, cursor: Cursor });
};

/**
 * The embedded database's buffer cache. initdb writes PostgreSQL's default, 128 MB, into the data
 * dir's postgresql.conf; PGlite's WebAssembly build zeroes that shared memory byte by byte at every
 * start (its mmap is a malloc and a memset): 128 MB cost about 0.7 s of CPU per start, 32 MB costs
 * a quarter of it. Reads past the cache come from the operating system's file cache, and a scan of
 * a table larger than a quarter of the cache passes through a small ring of buffers at any size.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

let pgliteModule: Promise<WebAssembly.Module> | undefined;

/** Node's global WebAssembly: the server's TypeScript settings (no DOM library) declare its types only. */
const wasm = (globalThis as unknown as { WebAssembly: { compile: (bytes: Uint8Array) => Promise<WebAssembly.Module> } })
  .WebAssembly;

/**
 * PGlite's WebAssembly (8.7 MB), compiled once per process. The compiling runs on V8's background
 * threads: main.ts starts it first thing, so it goes on while the app is built.
 */
export const compilePGlite = (): Promise<WebAssembly.Module> =>
  (pgliteModule ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) =>
    wasm.compile(bytes),
  ));

/**
 * Opens embedded PostgreSQL: persistent in `dataDir`, else in memory. `loadDataDir` starts from a
 * `dumpDataDir()` snapshot instead of running initdb (tests start from a migrated template).
 */
export const openPGlite = async (dataDir: string | undefined, timezone: string, loadDataDir?: Blob): Promise<PGlite> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Loaded here, not at import: on PostgreSQL the module (~40 MB resident) is never needed.
  const { PGlite: Embedded } = await import('@electric-sql/pglite');
  const pglite = await Embedded.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: TYPE_PARSERS,
    pgliteWasmModule: await compilePGlite(),
    startParams: [...Embedded.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  // One backend, one session: a SET here holds for every later query.
  await pglite.exec(`set timezone = '${timezone.replace(/'/g, "''")}'; set datestyle = 'ISO, YMD';`);
  return pglite;
};

/**
/**
 * Where a database's NOTIFYs can be heard (events/listener.ts): PGlite's own `listen()` (a promise
 * of it while the database is still starting, main.ts), or a PostgreSQL client of its own made with
 * the pool's settings (a LISTEN holds its session).
 */
export type NotifySource =
  | { kind: 'pglite'; pglite: PGlite | Promise<PGlite> }
  | { kind: 'postgres'; client: () => Pg.Client };
const notifySources = new WeakMap<Kysely<Database>, NotifySource>();
export const notifySourceOf = (db: Kysely<Database>): NotifySource | undefined => notifySources.get(db);

/**
 * Kysely over PGlite, with the app's plugins; closing it closes the PGlite. Given a promise (a
 * database still starting, main.ts), every query waits until it resolves, and a rejection fails
 * them; closing then waits for it too, so that a PGlite opened late is closed all the same.
 */
export const pgliteDb = (pglite: PGlite | Promise<PGlite>, onFatal?: (err: unknown) => void): DbHandle => {
  const later = pglite instanceof Promise ? pglite : undefined;
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite: later ? () => later : (pglite as PGlite), onFatal }),
    plugins: [new CamelCasePlugin()],
  });
  // Known without asking: isPGlite() must not wait for a database that is still starting.
  pgliteCache.set(db, Promise.resolve(true));
  notifySources.set(db, { kind: 'pglite', pglite });
  const close = async (): Promise<void> => {
    await db.destroy();
    const opened = await later?.catch(() => undefined);
    if (opened && !opened.closed) await opened.close();
  };
  return { db, kind: 'pglite', close: once(close) };
};

export const createDb = async (config: DbConfig, options: CreateDbOptions = {}): Promise<DbHandle> => {
  const plugins = [new CamelCasePlugin()];
  if (config.databaseUrl && !options.inMemory) {
    const db = new Kysely<Database>({
      dialect: createPostgresDialect(config.databaseUrl, config.timezone, options.maxConnections),
      plugins,
    });
    const { databaseUrl, timezone } = config;
    notifySources.set(db, {
      kind: 'postgres',
      client: () =>
        new (postgresDriver().pg.Client)({ connectionString: databaseUrl, options: sessionOptions(timezone), connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
    });
    return { db, kind: 'postgres', close: once(() => db.destroy()) };
  }
  return pgliteDb(
    await openPGlite(options.inMemory ? undefined : join(config.dataDir, PGLITE_SUBDIR), config.timezone),
    options.onFatal,
  );
};

const once = (fn: () => Promise<void>): (() => Promise<void>) => {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
};

/** Whether `db` is embedded PGlite (it says so in version()); asked once per database object. */
export const isPGlite = (db: Kysely<Database>): Promise<boolean> => {
  let known = pgliteCache.get(db);
  if (!known) {
    known = sql<{ v: string }>`select version() as v`
      .execute(db)
      .then((r) => (r.rows[0]?.v ?? '').includes('PGlite'));
    pgliteCache.set(db, known);
  }
  return known;
};
