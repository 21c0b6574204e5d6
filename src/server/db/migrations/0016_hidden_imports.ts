// Rows an import has written but not yet shown (issue 28 item 3: views never wait for an import on
// PGlite). The embedded database is one session: a sync file imported in one transaction held it for
// the whole import, so every view waited (seconds to tens of seconds at 100,000 lines). Now the
// analysis sync on PGlite writes its new samples and analyses in short transactions, each row marked
// with its run (`pending`), and shows them all at once in one short transaction at the end (the
// reveal: the run's row in `import_hidden` deleted). All-or-nothing per file stays: until the reveal
// no read sees a row of the run, and a file that fails has its run's rows deleted; a run whose
// process was killed is deleted by its sync entry's next run (sync/hiddenRun.ts, engine.ts).
//
// So `sample` and `analysis` become views over the tables `sample_row` and `analysis_row`, leaving
// out the rows of runs not yet revealed. PostgreSQL inlines such a view; every statement of the app
// keeps its table name: INSERT (with ON CONFLICT and RETURNING), UPDATE, DELETE and SELECT … FOR
// UPDATE go through it to the table, and the tables keep their triggers, keys and indexes (their
// names too). Measured on the PGlite bench campaign (110,000 analyses): the Analysis day window 10.3
// against 10.4 ms, the 15,000-row page 500 against 551 ms (docs/dev/architecture.md).
//
// A later migration that adds a column to `sample_row` or `analysis_row` calls `showRows` again,
// so that the view shows it. TRUNCATE and COPY take the table (`…_row`), not the view.
import { sql, type Kysely } from 'kysely';

export const HIDDEN_TABLES = ['sample', 'analysis'] as const;
/** The hardware log, hidden the same way since 0021. */
export const HIDDEN_LOG = 'hw_log';

/** A row of `alias` whose run mark (`pending`) is no hidden run's: the views' filter (0019's too). */
export const shownRun = (alias: string): string =>
  `coalesce(${alias}.pending, 0) <> all (coalesce((select array_agg(h.run) from import_hidden h), '{}'::integer[]))`;

/** (Re)creates the view `table` over `${table}_row`: every column but `pending`, revealed rows only. */
export const showRows = async (db: Kysely<unknown>, table: (typeof HIDDEN_TABLES)[number] | (typeof HIDDEN_LOG)): Promise<void> => {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${`${table}_row`} and column_name <> 'pending'
    order by ordinal_position`.execute(db);
  const columns = rows.map((r) => `"${r.name}"`).join(', ');
  await sql
    .raw(
      // The hidden runs as one array, read once per statement (an InitPlan): a correlated
      // subquery per row (0016's first filter) made the planner take a joined view for one row
      // and the 15,000-row page ran 15 s on PostgreSQL instead of 0.26 s (0017).
      `create or replace view ${table} as select ${columns} from ${table}_row r
       where ${shownRun('r')}`,
    )
    .execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  // A run not revealed yet; its rows stay marked after the reveal (the mark is then one hash probe).
  // `owner`: the sync entry whose run it is; that entry's next run deletes a run it finds (it holds
  // the entry's lock, so the run's process is gone).
  await sql`create table import_hidden (
    run integer primary key, owner text not null, started_at timestamp(0) not null default localtimestamp(0))`.execute(db);
  await sql`create sequence import_run_seq`.execute(db);
  for (const table of HIDDEN_TABLES) {
    await sql.raw(`alter table ${table} rename to ${table}_row`).execute(db);
    await sql.raw(`alter table ${table}_row add column pending integer`).execute(db);
    // The reveal's change event and a failed run's clean-up find the run's rows by it.
    await sql.raw(`create index ${table}_row_pending_idx on ${table}_row (pending) where pending is not null`).execute(db);
    await showRows(db, table);
  }
  // A hidden sample that another write updates is that write's from then on, and shown: the sample
  // sync's upsert of a sample a hidden analysis run has created meets it as a conflict and updates
  // it, and the run's failure must not delete what that sync wrote. (The run's own writes run with
  // the triggers off, so this never fires for them. Since 0018 only a hidden run's mark is taken off:
  // a revealed run's rows keep theirs, which nothing reads.)
  await sql`create function show_on_update() returns trigger language plpgsql as $$ begin
      new.pending := null;
      return new;
    end $$`.execute(db);
  await sql`create trigger sample_row_show_on_update before update on sample_row
    for each row when (old.pending is not null) execute function show_on_update()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger sample_row_show_on_update on sample_row`.execute(db);
  await sql`drop function show_on_update()`.execute(db);
  for (const table of [...HIDDEN_TABLES].reverse()) {
    await sql.raw(`drop view ${table}`).execute(db);
    await sql.raw(`delete from ${table}_row r where r.pending in (select run from import_hidden)`).execute(db);
    await sql.raw(`alter table ${table}_row drop column pending`).execute(db);
    await sql.raw(`alter table ${table}_row rename to ${table}`).execute(db);
  }
  await sql`drop sequence import_run_seq`.execute(db);
  await sql`drop table import_hidden`.execute(db);
}
