// A Kysely dialect over embedded PGlite. Kysely 0.28 ships none (0.29's needs Node 22), and
// kysely-pglite brings more than we need. PGlite is one PostgreSQL backend on one connection: the
// driver hands that connection to one Kysely caller at a time, so a transaction's statements never
// interleave with another request's. Consequence for callers: inside `db.transaction()` use the
// transaction object only — a query on the outer `db` there waits for the transaction to end and
// so never runs.
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  createQueryId,
  IdentifierNode,
  RawNode,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { EmbeddedDatabase } from './pglite-wire';

export interface PGliteDialectConfig {
  /**
   * The database (PGlite, or the stand-in of one in its own thread: pglite-thread.ts), or a factory
   * run once at init. The driver closes it on destroy.
   */
  pglite: EmbeddedDatabase | (() => Promise<EmbeddedDatabase>);
  /**
   * Called (before the query's promise rejects) when PGlite reports FATAL or PANIC or its WASM
   * aborts: the embedded backend is then broken for good and answers every later query with an
   * error, so the server exits and its supervisor starts a fresh one (serve.ts).
   */
  onFatal?: (err: unknown) => void;
}

const FATAL_SEVERITIES = new Set(['FATAL', 'PANIC']);

/**
 * Whether an error from PGlite means the embedded backend is gone: PostgreSQL's FATAL and PANIC
 * severities (an ERROR ends only the statement), or a WebAssembly trap. Seen in practice:
 * `FATAL XX000 BeginTransactionBlock: unexpected state END` after a row-value IN list of ~1,000 pairs.
 */
export const isFatalDatabaseError = (err: unknown): boolean => {
  // WebAssembly.RuntimeError (a trap such as 'unreachable' or an abort) is named so.
  if (err instanceof Error && err.name === 'RuntimeError') return true;
  if (typeof err !== 'object' || err === null) return false;
  const severity = (err as { severity?: unknown }).severity;
  return typeof severity === 'string' && FATAL_SEVERITIES.has(severity.toUpperCase());
};

/** A count that only goes up. */
export interface Counter {
  count: number;
}

export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig;
  /**
   * How many times the session was taken, by any caller. An import's pacer (sync/hiddenRun.ts)
   * compares it before and after a look at the session: another turn meanwhile means someone reads,
   * even when each of their statements happened to fall between its looks.
   */
  readonly turns: Counter = { count: 0 };
  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#config, this.turns);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/** FIFO lock: the promise chain is the queue. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
  }

  unlock(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig;
  readonly #mutex = new Mutex();
  readonly #turns: Counter;
  #pglite: EmbeddedDatabase | undefined;
  #connection: PGliteConnection | undefined;

  constructor(config: PGliteDialectConfig, turns: Counter) {
    this.#config = config;
    this.#turns = turns;
  }

  async init(): Promise<void> {
    const { pglite } = this.#config;
    this.#pglite = typeof pglite === 'function' ? await pglite() : pglite;
    await this.#pglite.waitReady;
    this.#connection = new PGliteConnection(this.#pglite, this.#config.onFatal);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    this.#turns.count += 1;
    if (!this.#connection) {
      this.#mutex.unlock();
      throw new Error('PGlite driver is not initialised or already destroyed');
    }
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      sql = 'start transaction';
      if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) sql += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(sql));
    (connection as PGliteConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compile(savepointNode('savepoint', name), createQueryId()));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compile(savepointNode('rollback to', name), createQueryId()));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compile(savepointNode('release', name), createQueryId()));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    const pglite = this.#pglite;
    this.#pglite = undefined;
    this.#connection = undefined;
    if (pglite && !pglite.closed) await pglite.close();
  }
}

// The same node Kysely's internal parseSavepointCommand builds; IdentifierNode quotes the name.
const savepointNode = (command: string, name: string): RawNode =>
  RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);

const MUTATIONS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: EmbeddedDatabase;
  readonly #onFatal: ((err: unknown) => void) | undefined;
  inTransaction = false;
  #cursorSeq = 0;

  constructor(pglite: EmbeddedDatabase, onFatal?: (err: unknown) => void) {
    this.#pglite = pglite;
    this.#onFatal = onFatal;
  }

  /**
   * Every statement goes through here, so a FATAL or PANIC is seen wherever it happens. A
   * `copy … from '/dev/blob'` takes its file as its one parameter, a Blob: PGlite reads it from
   * the query's options (PostgreSQL has no such path; the callers ask isPGlite first).
   */
  async #query<R>(text: string, parameters?: readonly unknown[]) {
    const blob = parameters?.length === 1 && parameters[0] instanceof Blob ? parameters[0] : undefined;
    try {
      if (blob) return await this.#pglite.query<R>(text, [], { blob });
      return await this.#pglite.query<R>(text, parameters ? [...parameters] : undefined);
    } catch (err) {
      if (isFatalDatabaseError(err)) this.#onFatal?.(err);
      throw err;
    }
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#query<R>(compiled.sql, compiled.parameters);
    const command = result.command?.toUpperCase();
    return {
      rows: result.rows ?? [],
      numAffectedRows:
        command && MUTATIONS.has(command) ? BigInt(result.rowCount ?? result.affectedRows ?? 0) : undefined,
    };
  }

  /** Real streaming through a server-side cursor, so exports of a million rows stay in constant memory. */
  async *streamQuery<R>(compiled: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0) throw new Error('chunkSize must be a positive integer');
    const cursor = `kysely_cursor_${++this.#cursorSeq}`;
    const ownTransaction = !this.inTransaction;
    if (ownTransaction) await this.#query('begin');
    let failed = false;
    let closed = false;
    try {
      await this.#query(`declare ${cursor} no scroll cursor for ${compiled.sql}`, compiled.parameters);
      for (;;) {
        const { rows } = await this.#query<R>(`fetch ${chunkSize} from ${cursor}`);
        if (rows.length === 0) break;
        yield { rows };
      }
      await this.#query(`close ${cursor}`);
      closed = true;
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      // Also runs when the consumer stops early (break/return): the cursor dies with the transaction.
      // Inside the caller's transaction a cursor is closed once only: closing it again fails, and a
      // failed statement aborts the caller's whole transaction.
      if (ownTransaction) await this.#query(failed ? 'rollback' : 'commit');
      else if (!failed && !closed) await this.#query(`close ${cursor}`);
    }
  }
}
