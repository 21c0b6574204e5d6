// Picks the database: embedded PGlite in `<dataDir>/db` (or in memory for tests) by default,
// PostgreSQL through a pg Pool when DATABASE_URL is set. Both get the same column mapping
// (CamelCasePlugin), the same value parsers (type-parsers.ts) and the lab's time zone as the
// session zone, so `now()`/`localtimestamp` defaults produce the lab's wall-clock time.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import type Pg from 'pg';
import type PgCursor from 'pg-cursor';
import type { Config } from '../config';
import type { Database } from './database';
import { openPGlite, PGLITE_SUBDIR } from './open-pglite';
import { acceptCopyFromStdin } from './pg-copy';
import { keepMarkedPlans } from './pg-prepared';
import { sessionOptions } from './session-settings';
import { PGliteDialect, type Counter } from './pglite-dialect';
import type { EmbeddedDatabase } from './pglite-wire';
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
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    acceptCopyFromStdin(client);
    keepMarkedPlans(client);
  });
  // cursor: `stream()` reads big results (exports) in chunks instead of all at once.
  return new PostgresDialect({ pool, cursor: Cursor });
};

export { compilePGlite, openPGlite, PGLITE_SHARED_BUFFERS, PGLITE_SUBDIR } from './open-pglite';

/**
 * Where a database's NOTIFYs can be heard (events/listener.ts): PGlite's own `listen()` (a promise
 * of it while the database is still starting, main.ts), or a PostgreSQL client of its own made with
 * the pool's settings (a LISTEN holds its session).
 */
export type NotifySource =
  | { kind: 'pglite'; pglite: EmbeddedDatabase | Promise<EmbeddedDatabase> }
  | { kind: 'postgres'; client: () => Pg.Client };
const notifySources = new WeakMap<Kysely<Database>, NotifySource>();
export const notifySourceOf = (db: Kysely<Database>): NotifySource | undefined => notifySources.get(db);

/** The turns taken of a PGlite database's one session (PGliteDialect.turns); none counted for PostgreSQL's pool. */
const sessionTurns = new WeakMap<Kysely<Database>, Counter>();
export const sessionTurnsOf = (db: Kysely<Database>): number => sessionTurns.get(db)?.count ?? 0;

/**
 * Kysely over PGlite (in this thread, or in its own: pglite-thread.ts), with the app's plugins;
 * closing it closes the PGlite. Given a promise (a database still starting, serve.ts), every query
 * waits until it resolves, and a rejection fails them; closing then waits for it too, so that a
 * PGlite opened late is closed all the same.
 */
export const pgliteDb = (
  pglite: EmbeddedDatabase | Promise<EmbeddedDatabase>,
  onFatal?: (err: unknown) => void,
): DbHandle => {
  const later = pglite instanceof Promise ? pglite : undefined;
  const dialect = new PGliteDialect({ pglite: later ? () => later : (pglite as EmbeddedDatabase), onFatal });
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
  sessionTurns.set(db, dialect.turns);
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
