// The embedded database's ANALYZE and VACUUM (src/server/db/pglite-maintenance.ts): after writes
// through the API the tables get their statistics and the planner uses them; dead rows are
// vacuumed; small changes leave a table alone; a first run analyzes what was never analyzed; a stop
// lets the table at hand finish and starts no other. On PostgreSQL nothing of it runs (its
// autovacuum does it). On PGlite, and on PostgreSQL with DATABASE_URL.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/database';
import {
  dueWork,
  PGliteMaintenance,
  type AutovacuumSettings,
  type TableState,
} from '../../src/server/db/pglite-maintenance';
import { createTestDatabase, onPostgres, useHarness, type TestDatabase } from './harness';
import { fileForm } from './multipart';

// Short waits, so that a test sees the run its writes asked for within a second.
const h = useHarness({ maintenance: { quietMs: 50, maxWaitMs: 500, everyMs: 60 * 60_000 } });
let admin = '';

const upload = (lines: string[]) =>
  h.request({
    method: 'POST',
    url: '/api/samples/upload',
    token: admin,
    ...fileForm('samples.csv', `sId;sStamp;lane;comment\n${lines.join('\n')}\n`),
  });

/** 300 samples, lanes 1 (200) and 2 (100): a comment says which upload wrote them. */
const samples = (comment: string) =>
  Array.from(
    { length: 300 },
    (_, i) => `${900_000 + i};2025-10-02 06:00:00;${i % 3 === 2 ? 2 : 1};${comment}`,
  );

interface TableStats {
  lastAnalyze: string | null;
  lastVacuum: string | null;
  deadTuples: number;
}

const statsOf = async (db: Kysely<Database>, table: string): Promise<TableStats> => {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } =
    await sql<TableStats>`select last_analyze::text as last_analyze, last_vacuum::text as last_vacuum,
      n_dead_tup::int as dead_tuples
    from pg_stat_user_tables where relname = ${table}`.execute(db);
  return rows[0]!;
};

/** The planner's estimate of the rows a query returns. */
const estimate = async (db: Kysely<Database>, query: string): Promise<number> => {
  const { rows } = await sql<{
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
  }>`explain (format json) ${sql.raw(query)}`.execute(db);
  const plan = rows[0]!['QUERY PLAN'];
  return (typeof plan === 'string' ? (JSON.parse(plan) as typeof plan) : plan)[0].Plan['Plan Rows'];
};

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  // The start's run (onReady) is over before a test writes.
  await h.app.maintenance?.run();
});

describe.runIf(onPostgres())('on PostgreSQL', () => {
  it('runs nothing: the server analyzes and vacuums on its own', async () => {
    expect(h.app.maintenance).toBeUndefined();
    expect((await upload(samples('first'))).statusCode).toBe(200);
    // A maintenance built by hand does nothing either.
    expect(await new PGliteMaintenance(h.db).run()).toEqual([]);
    // last_analyze is set by a manual ANALYZE only (autovacuum sets last_autoanalyze).
    expect((await statsOf(h.db, 'sample_row')).lastAnalyze).toBeNull();
  });
});

describe.runIf(!onPostgres())('on PGlite', () => {
  it('analyzes a table after an upload through the API, and the planner uses the statistics', async () => {
    expect((await statsOf(h.db, 'sample_row')).lastAnalyze).toBeNull();
    expect((await upload(samples('first'))).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await statsOf(h.db, 'sample_row')).lastAnalyze).not.toBeNull(), {
      timeout: 15_000,
      interval: 50,
    });
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_statistic where starelid = 'sample_row'::regclass`.execute(h.db);
    expect(rows[0]!.n).toBeGreaterThan(0);
    // The table's size and the lane column's frequencies, both from the statistics; without them
    // the planner guesses from the pages and a default selectivity.
    expect(await estimate(h.db, 'select * from sample_row')).toBe(300);
    expect(await estimate(h.db, 'select * from sample_row where lane = 2')).toBe(100);
  });

  it('leaves a table alone after changes below autovacuum’s threshold', async () => {
    const before = await statsOf(h.db, 'sample_row');
    // 5 rows changed: below 50 + 0.1 × 300.
    expect((await upload(samples('second').slice(0, 5))).statusCode).toBe(200);
    const steps = await h.app.maintenance!.run();
    expect(steps.map((s) => s.table)).not.toContain('sample_row');
    expect((await statsOf(h.db, 'sample_row')).lastAnalyze).toBe(before.lastAnalyze);
  });

  it('vacuums a table whose dead rows passed the threshold', async () => {
    expect((await statsOf(h.db, 'sample_row')).lastVacuum).toBeNull();
    // 300 rows updated: 300 dead rows, above 50 + 0.2 × 300.
    expect((await upload(samples('third'))).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await statsOf(h.db, 'sample_row')).lastVacuum).not.toBeNull(), {
      timeout: 15_000,
      interval: 50,
    });
    expect((await statsOf(h.db, 'sample_row')).deadTuples).toBe(0);
  });
});

describe('a maintenance of its own database', () => {
  let own: TestDatabase;
  beforeAll(async () => {
    own = await createTestDatabase();
  });
  afterAll(async () => own.close());

  it('analyzes at its first run a table never analyzed, however few its rows, and not again at the next', async () => {
    // 30 rows: below the analyze threshold (50), but never analyzed.
    await sql`insert into hw_log (date_created, level, info)
      select localtimestamp(0), 'INFO', 'line ' || i from generate_series(1, 30) as i`.execute(own.db);
    const maintenance = new PGliteMaintenance(own.db);
    const first = await maintenance.run();
    const second = await maintenance.run();
    await maintenance.close();
    if (own.kind === 'postgres') {
      expect([first, second]).toEqual([[], []]);
      expect((await statsOf(own.db, 'hw_log_row')).lastAnalyze).toBeNull();
      return;
    }
    // The table under the view `hw_log` (0021).
    expect(first.find((s) => s.table === 'hw_log_row')).toMatchObject({ analyzed: true });
    expect(second).toEqual([]);
    expect(await estimate(own.db, 'select * from hw_log_row')).toBe(30);
  });

  it('lets a stop during a run finish the table at hand and start no other', async () => {
    // Three tables due: 1,000 rows each, never analyzed.
    for (const level of ['INFO', 'WARN', 'ERROR'])
      await sql`insert into hw_log (date_created, level, info)
        select localtimestamp(0), ${level}, 'line ' || i from generate_series(1, 1000) as i`.execute(own.db);
    await sql`insert into sample (s_id, s_stamp) select (800000 + i)::text, '2025-10-02 06:00:00' from generate_series(1, 1000) as i`.execute(
      own.db,
    );
    await sql`insert into box (b_id, name, num_max) select 'B' || i, 'Box ' || i, 10 from generate_series(1, 1000) as i`.execute(
      own.db,
    );
    let closing: Promise<void> | undefined;
    const maintenance: PGliteMaintenance = new PGliteMaintenance(own.db, {
      onStep: () => void (closing ??= maintenance.close()),
    });
    const steps = await maintenance.run();
    await closing;
    if (own.kind === 'postgres') {
      expect(steps).toEqual([]);
      return;
    }
    expect(steps).toHaveLength(1);
    // Closed: a run asked for now does nothing either.
    expect(await maintenance.run()).toEqual([]);
  });

  it('runs on its schedule unasked, and no more once closed', async () => {
    const lastAnalyze = async () => (await statsOf(own.db, 'hw_log_row')).lastAnalyze;
    const addLines = () =>
      sql`insert into hw_log (date_created, level, info)
        select localtimestamp(0), 'INFO', 'more ' || i from generate_series(1, 2000) as i`.execute(own.db);
    const maintenance = new PGliteMaintenance(own.db, { everyMs: 100 });
    maintenance.start();
    // The start's run first, then rows written straight (no change event): only the schedule sees them.
    await maintenance.run();
    const before = await lastAnalyze();
    await addLines();
    if (own.kind === 'postgres') {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await maintenance.close();
      expect(await lastAnalyze()).toBeNull();
      return;
    }
    await vi.waitFor(async () => expect(await lastAnalyze()).not.toBe(before), {
      timeout: 15_000,
      interval: 50,
    });
    await maintenance.close();
    const closed = await lastAnalyze();
    await addLines();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await lastAnalyze()).toBe(closed);
  });
});

describe('autovacuum’s rule', () => {
  const settings: AutovacuumSettings = {
    analyzeThreshold: 50,
    analyzeScaleFactor: 0.1,
    vacuumThreshold: 50,
    vacuumScaleFactor: 0.2,
    insertThreshold: 1000,
    insertScaleFactor: 0.2,
  };
  const table = (state: Partial<TableState>): TableState => ({
    table: 't',
    reltuples: 10_000,
    relpages: 100,
    allVisible: 100,
    pages: 100,
    modSinceAnalyze: 0,
    deadTuples: 0,
    insertsSinceVacuum: 0,
    ...state,
  });

  it.each([
    [
      'changes just past threshold + scale factor × rows',
      { modSinceAnalyze: 1051 },
      { analyze: true, vacuum: false },
    ],
    ['changes at the threshold', { modSinceAnalyze: 1050 }, { analyze: false, vacuum: false }],
    ['dead rows past it', { deadTuples: 2051 }, { analyze: false, vacuum: true }],
    ['inserts past it', { insertsSinceVacuum: 3001 }, { analyze: false, vacuum: true }],
    [
      'a table never analyzed, by the counters',
      { reltuples: -1, modSinceAnalyze: 51 },
      { analyze: true, vacuum: false },
    ],
  ])('%s', (_name, state, due) => {
    expect(dueWork(table(state), settings, false)).toEqual(due);
  });

  it('goes by pg_class after a start (the counters are gone): never analyzed, grown, not all-visible', () => {
    expect(dueWork(table({ reltuples: -1, relpages: 0, allVisible: 0, pages: 5 }), settings, true)).toEqual({
      analyze: true,
      vacuum: true,
    });
    expect(dueWork(table({ pages: 112 }), settings, true)).toEqual({ analyze: true, vacuum: false });
    expect(dueWork(table({ allVisible: 70 }), settings, true)).toEqual({ analyze: false, vacuum: true });
    expect(dueWork(table({}), settings, true)).toEqual({ analyze: false, vacuum: false });
    // Without the start, pg_class alone asks for nothing.
    expect(dueWork(table({ reltuples: -1, relpages: 0, allVisible: 0, pages: 5 }), settings, false)).toEqual({
      analyze: false,
      vacuum: false,
    });
  });
});
