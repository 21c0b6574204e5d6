// What PostgreSQL's autovacuum does, done for the embedded database (docs/dev/architecture.md#pglite-maintenance).
// PGlite is one backend in single-user mode: no autovacuum launcher, so without this its tables are
// never analyzed (the planner guesses from their size on disk and nests a report's aggregate inside
// a loop over the samples: seconds instead of milliseconds) and never vacuumed (dead rows of
// updates and deletes stay, indexes bloat, index-only scans find no page all-visible).
//
// A run reads `pg_stat_user_tables` and, per table, applies autovacuum's own rule with the
// database's own autovacuum settings: ANALYZE once the rows changed since the last one exceed
// threshold + scale factor × reltuples, VACUUM once the dead rows (or the rows inserted since the
// last one) do. PGlite 0.5 keeps these counters, but (found by trying it) flushes a statement's
// counts only a second later, at the end of a later statement, unless asked to
// (pg_stat_force_next_flush), and loses them all when it closes: after a start a run cannot see
// the changes of earlier runs of the server. So the first run after a start goes by pg_class
// instead: a table never analyzed (reltuples -1) that holds pages, or one grown on disk past the
// analyze rule since its statistics, is analyzed; one whose pages are mostly not all-visible is
// vacuumed.
//
// When: at start, every few minutes, and shortly after committed writes (the change events the
// app hears, events/hub.ts: every import file, upload, screen file, undo and bulk edit ends in one),
// a few seconds after they stop or at most `maxWaitMs` after the first. Each table's statement runs
// alone through the database's normal queue (the Kysely driver hands the one connection to one
// caller at a time): never inside someone's transaction, views wait at most for one table's
// ANALYZE or VACUUM. VACUUM cannot run in a transaction block; PGlite's query() sends each
// statement on its own (extended protocol, implicit transaction), where it can.
//
// On PostgreSQL nothing of this runs (app.ts creates it for PGlite only): the server's autovacuum
// does it.
import { sql, type Kysely } from 'kysely';
import { isPGlite } from './create-db';
import type { Database } from './database';

/** The autovacuum settings the rule uses (the database's own: pg_settings). */
export interface AutovacuumSettings {
  analyzeThreshold: number;
  analyzeScaleFactor: number;
  vacuumThreshold: number;
  vacuumScaleFactor: number;
  insertThreshold: number;
  insertScaleFactor: number;
}

/** One table as pg_stat_user_tables and pg_class describe it. */
export interface TableState {
  table: string;
  /** pg_class.reltuples: -1 when never analyzed nor vacuumed. */
  reltuples: number;
  /** pg_class.relpages and relallvisible, as of the last ANALYZE or VACUUM. */
  relpages: number;
  allVisible: number;
  /** Pages on disk now. */
  pages: number;
  modSinceAnalyze: number;
  deadTuples: number;
  insertsSinceVacuum: number;
}

export interface DueWork {
  analyze: boolean;
  vacuum: boolean;
}

/**
 * Autovacuum's rule (PostgreSQL's relation_needs_vacanalyze) for one table; `afterStart`: the
 * counters were lost with the last close, so the first run goes by pg_class (see above).
 */
export const dueWork = (t: TableState, s: AutovacuumSettings, afterStart: boolean): DueWork => {
  const tuples = Math.max(t.reltuples, 0);
  const analyze = t.modSinceAnalyze > s.analyzeThreshold + s.analyzeScaleFactor * tuples;
  const vacuum =
    t.deadTuples > s.vacuumThreshold + s.vacuumScaleFactor * tuples ||
    t.insertsSinceVacuum > s.insertThreshold + s.insertScaleFactor * tuples;
  if (!afterStart) return { analyze, vacuum };
  const neverAnalyzed = t.reltuples < 0 && t.pages > 0;
  const grown = t.pages - t.relpages > 1 + s.analyzeScaleFactor * t.relpages;
  // Pages not all-visible hold rows inserted, updated or deleted since the last VACUUM.
  const unvacuumed = t.relpages - t.allVisible > 1 + s.insertScaleFactor * t.relpages;
  return { analyze: analyze || neverAnalyzed || grown, vacuum: vacuum || unvacuumed || (neverAnalyzed && t.pages > 1) };
};

/** What one run did, table by table. */
export interface MaintenanceStep {
  table: string;
  analyzed: boolean;
  vacuumed: boolean;
  ms: number;
}

export interface MaintenanceOptions {
  /** How often a run looks at the counters without being asked (default 5 minutes). */
  everyMs?: number;
  /** After a change, a run starts once no other came for this long (default 2 s)… */
  quietMs?: number;
  /** …or this long after the first change it has not seen yet, whichever is sooner (default 10 s). */
  maxWaitMs?: number;
  /** Each table's ANALYZE/VACUUM once done. */
  onStep?: (step: MaintenanceStep) => void;
  onError?: (err: unknown) => void;
}

export const MAINTENANCE_DEFAULTS = { everyMs: 5 * 60_000, quietMs: 2_000, maxWaitMs: 10_000 } as const;

const readSettings = async (db: Kysely<Database>): Promise<AutovacuumSettings> => {
  const { rows } = await sql<Record<keyof AutovacuumSettings, number>>`select
      current_setting('autovacuum_analyze_threshold')::float8 as analyze_threshold,
      current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale_factor,
      current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_threshold,
      current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale_factor,
      current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_threshold,
      current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale_factor`.execute(db);
  return rows[0]!;
};

/** The app's tables now: counters flushed first (PGlite holds a statement's counts back for a second). */
export const readTableStates = async (db: Kysely<Database>): Promise<TableState[]> => {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<TableState>`select s.relname as "table",
      c.reltuples::float8 as reltuples, c.relpages as relpages, c.relallvisible as all_visible,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
      s.n_mod_since_analyze::float8 as mod_since_analyze, s.n_dead_tup::float8 as dead_tuples,
      s.n_ins_since_vacuum::float8 as inserts_since_vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
    order by s.relname`.execute(db);
  return rows;
};

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export class PGliteMaintenance {
  readonly #db: Kysely<Database>;
  readonly #options: Required<Omit<MaintenanceOptions, 'onStep' | 'onError'>> & MaintenanceOptions;
  #timer: NodeJS.Timeout | undefined;
  #soon: NodeJS.Timeout | undefined;
  /** When the first change not yet looked at came (for maxWaitMs). */
  #firstUnseen: number | undefined;
  #running: Promise<MaintenanceStep[]> | undefined;
  #again = false;
  #afterStart = true;
  #settings: AutovacuumSettings | undefined;
  #closed = false;

  constructor(db: Kysely<Database>, options: MaintenanceOptions = {}) {
    this.#db = db;
    this.#options = { ...MAINTENANCE_DEFAULTS, ...options };
  }

  /** The scheduled runs, and a first one now (the start's check). */
  start(): void {
    if (this.#timer || this.#closed) return;
    // A run a change asked for comes soon anyway: the schedule's waits for the next turn.
    this.#timer = setInterval(() => this.#firstUnseen === undefined && this.#runInBackground(), this.#options.everyMs);
    this.#timer.unref();
    this.#runInBackground();
  }

  /** A write was committed: a run soon (once writes pause, or at most maxWaitMs after this one). */
  noteChange(): void {
    if (this.#closed) return;
    const now = Date.now();
    this.#firstUnseen ??= now;
    const wait = Math.min(this.#options.quietMs, this.#firstUnseen + this.#options.maxWaitMs - now);
    clearTimeout(this.#soon);
    this.#soon = setTimeout(() => this.#runInBackground(), Math.max(0, wait));
    this.#soon.unref();
  }

  /**
   * Looks at every table and analyzes or vacuums those due, one statement per table; the steps
   * taken. A run asked for while one is going on follows it.
   */
  run(): Promise<MaintenanceStep[]> {
    if (this.#running) return this.#running.then(() => this.run());
    const running = this.#run().finally(() => {
      this.#running = undefined;
      if (this.#again && !this.#closed) {
        this.#again = false;
        this.#runInBackground();
      }
    });
    this.#running = running;
    return running;
  }

  /** Stops the schedule; a run going on ends after the table it is at (its statement is not cut off). */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    clearTimeout(this.#soon);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  #runInBackground(): void {
    if (this.#closed) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.run().catch((err: unknown) => this.#options.onError?.(err));
  }

  async #run(): Promise<MaintenanceStep[]> {
    this.#firstUnseen = undefined;
    clearTimeout(this.#soon);
    // app.ts makes none for PostgreSQL; one made by hand there does nothing all the same.
    if (this.#closed || !(await isPGlite(this.#db))) return [];
    const afterStart = this.#afterStart;
    // Settings a running server cannot change (postgresql.conf is read at start): read once.
    const settings = (this.#settings ??= await readSettings(this.#db));
    const tables = await readTableStates(this.#db);
    this.#afterStart = false;
    const steps: MaintenanceStep[] = [];
    for (const table of tables) {
      if (this.#closed) break;
      const { analyze, vacuum } = dueWork(table, settings, afterStart);
      if (!analyze && !vacuum) continue;
      const started = performance.now();
      const command = vacuum ? (analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
      await sql.raw(`${command} ${quoted(table.table)}`).execute(this.#db);
      const step = { table: table.table, analyzed: analyze, vacuumed: vacuum, ms: Math.round(performance.now() - started) };
      this.#options.onStep?.(step);
      steps.push(step);
    }
    return steps;
  }
}
