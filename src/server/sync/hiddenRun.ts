// An import's rows written in short transactions and shown at once (migration 0016_hidden_imports):
// the way a sync file stays all-or-nothing on PGlite without holding its one session for the whole
// import, so that views never wait for it (issue 28 item 3).
//
// A run's rows are written by `writeHidden` with the triggers off (`session_replication_role =
// replica`): the report summary and the change events must not see rows no read sees yet, and the
// reveal accounts for all of them at once. The exception is the suspects of the run's samples: 0019's
// triggers, enabled ALWAYS, keep them as the samples are written, marked hidden like the samples,
// so that the reveal does not compute a suspect row per new sample in its one transaction. The foreign key of an analysis to its sample is a trigger
// too, so it is not checked there: `revealRun` adds, by the sync's rule, the sample of an analysis
// whose sample was deleted meanwhile (the import's lookup found it, a user deleted it before the
// analysis was written).
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { EVENT_KEYS_CAP, type EventResource } from '../../domain/events';
import { LAB_DAY_START_HOUR } from '../../domain/reports';
import type { Database } from '../db/database';
import { sessionTurnsOf } from '../db/create-db';
import { sampleKeyText } from '../views/sql';
import { SUSPECT_NEXT } from '../db/migrations/0010_report_summary';

/** Rows per statement of a clean-up: short enough that a view waits for one at most. */
const DISCARD_SLICE = 2000;

/** A new run, hidden until `revealRun`; `owner` (the sync entry) deletes it if its process dies. */
export const beginHiddenRun = async (db: Kysely<Database>, owner: string): Promise<number> => {
  const { rows } = await sql<{ run: number }>`
    insert into import_hidden (run, owner) values (nextval('import_run_seq'), ${owner}) returning run`.execute(db);
  return rows[0]!.run;
};

/**
 * Lines of a run's stage per hidden write (its new rows in one transaction): a view waits for one
 * such write at most. Measured on the PGlite bench campaign (docs/dev/architecture.md).
 */
export const HIDDEN_SLICE = 2000;

/** `write` in its own short transaction, with the triggers off: its rows are the run's, not shown. */
export const writeHidden = <T>(db: Kysely<Database>, write: (trx: Kysely<Database>) => Promise<T>): Promise<T> =>
  db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    return write(trx);
  });

/**
 * Other work's turn after a step that shared the session: at most this many times the import's time
 * since its last pause (3, not 2: more views between two steps, docs/dev/architecture.md "Turns, not waits").
 */
export const YIELD_SHARE = 3;
/** During a pause, how often the session is looked at; two looks that find it free end the pause. */
const LOOK_MS = 10;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Takes turns with the server's other work on the one session of PGlite: a step of the import (a
 * chunk staged, a slice written) after which others had taken the session since the last step
 * (sessionTurnsOf: the driver counts every turn) is followed by a pause of up to YIELD_SHARE × the
 * import's time since its last pause (its database steps and the lines' checks on the event loop
 * between them), in which the views run without waiting. The pause ends early once the session is
 * free: every LOOK_MS it takes the session (and does nothing with it), and two looks in a row that
 * found nobody else took it since the pacer's previous turn end it — so a status poll now and then
 * costs the import little, while views one after another get the whole pause. Turns, not waits: a
 * reader that sends its next view as soon as the last one answered leaves the session free for a
 * moment between them, and looks that asked only whether they had to wait ended most pauses after
 * 20 ms; and a wait can be the event loop's, not the session's (a test saw steps "wait" 2 ms with
 * nobody else on the session, in a busy test worker). With no other work the import never pauses.
 * A view then waits for one step at most, and only about one view in (YIELD_SHARE × a step's time
 * ÷ a view's time) does (docs/dev/architecture.md, views during an import).
 */
export class ImportPacer {
  #since = performance.now();
  /** sessionTurnsOf(this.#db) at the end of the pacer's last turn (a step or a look). */
  #afterTurn: number;
  /** Turns others took since the pacer's last step (before and during its pause). */
  #othersSinceStep = 0;
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
    this.#afterTurn = sessionTurnsOf(db);
  }

  /** `work` as the pacer's turn on the session; how many turns others took since the pacer's last one. */
  async #turn<T>(take: (work: (db: Kysely<Database>) => Promise<T>) => Promise<T>, work: (db: Kysely<Database>) => Promise<T>) {
    let others = 0;
    const result = await take(async (db) => {
      others = sessionTurnsOf(this.#db) - this.#afterTurn - 1;
      try {
        return await work(db);
      } finally {
        this.#afterTurn = sessionTurnsOf(this.#db);
      }
    });
    return { result, others };
  }

  async #pause(): Promise<void> {
    const until = performance.now() + YIELD_SHARE * (performance.now() - this.#since);
    let free = 0;
    while (free < 2 && performance.now() < until) {
      await sleep(Math.min(LOOK_MS, until - performance.now()));
      // A look only takes the session: taking it is what waits for others.
      const { others } = await this.#turn((look) => this.#db.connection().execute(look), async () => undefined);
      this.#othersSinceStep += others;
      free = others > 0 ? 0 : free + 1;
    }
  }

  /**
   * One step in its own transaction; with `hidden`, written as the run's (writeHidden). It shared
   * the session if others took it since the last step (a view queued before it, or one during the
   * pause: a reader still reading when the pause ended is one still there).
   */
  async step<T>(work: (trx: Kysely<Database>) => Promise<T>, hidden: boolean): Promise<T> {
    const { result, others } = await this.#turn(
      (run) => (hidden ? writeHidden(this.#db, run) : this.#db.transaction().execute(run)),
      work,
    );
    const shared = this.#othersSinceStep + others > 0;
    this.#othersSinceStep = 0;
    if (shared) await this.#pause();
    this.#since = performance.now();
    return result;
  }
}

const HOURS = sql.raw(`interval '${LAB_DAY_START_HOUR} hours'`);

/**
 * The tables a run writes hidden, each with its change events' resource, a row's key and whether
 * rows carry a version; in the order the reveal writes their events. A page told of two resources
 * in one transaction says the last: the Analysis page of a file's new sample and analyses says
 * '3 analyses changed by sync' (tests/e2e/live-updates.spec.ts saw '1 sample' with the order turned).
 * A failed run's rows are deleted in the reverse order, its analyses before their samples.
 */
const HIDDEN: readonly (readonly [EventResource, string, string, boolean])[] = [
  ['samples', 'sample_row', sampleKeyText('s_id', 's_stamp'), true],
  ['analysis', 'analysis_row', 'a_id::text', true],
  // A log file's lines (0021).
  ['logs', 'hw_log_row', 'log_id::text', false],
];

/**
 * In a hidden write that wrote analyses of the run: the suspects of the run's own samples among
 * `keys` (a query of s_id, s_stamp), recomputed with the run's analyses counted (0020). Its rows stay
 * hidden with the samples, so the reveal has none of them to compute.
 */
export const refreshOwnSuspects = async (trx: Kysely<Database>, run: number, keys: string): Promise<void> => {
  await sql`
    select report_refresh_suspects(k.ids, k.stamps)
    from (${sql.raw(samplesOf(keys, `${OWN_SAMPLE} ${run}`))}) as k
    where k.ids is not null`.execute(trx);
};

/**
 * The samples of `keys` (a query of s_id, s_stamp) for which `which` (a condition on their row `s`)
 * holds, as two arrays (ids, stamps). Each key is looked up by its key, in a lateral subquery kept
 * whole (`offset 0`), so that the planner cannot scan sample_row for the condition on the run mark
 * first. With statistics gathered while no run was hidden (PGlite's maintenance at the server's
 * start: the mark null on every row) such a condition is estimated at one row, and the planner
 * scanned sample_row for it and compared each key with each row it found: every sample of the run
 * so far, 2,000 more per slice, 14 s for the 11th slice of a 100,000-line file, 160 s for the file
 * where it took 33 s with older statistics (the bench's, which had missed it).
 */
export const samplesOf = (keys: string, which: string): string => `
  select array_agg(s.s_id) as ids, array_agg(s.s_stamp) as stamps
  from (select distinct k.s_id collate "C" as s_id, k.s_stamp from (${keys}) as k) as k
  cross join lateral (select s.s_id, s.s_stamp, s.pending from sample_row s
    where s.s_id = k.s_id and s.s_stamp = k.s_stamp offset 0) as s
  where ${which}`;

/**
 * In a hidden write that wrote analyses of the run: for the shown samples among `keys` (a query of
 * s_id, s_stamp), the suspect rows they will have once the run is shown, prepared now (0023), so
 * that the reveal swaps them in instead of recomputing every sample of the run's analyses.
 */
export const prepareNextSuspects = async (trx: Kysely<Database>, run: number, keys: string): Promise<void> => {
  await sql`
    select report_next_suspects(${run}, k.ids, k.stamps)
    from (${sql.raw(samplesOf(keys, 's.pending is null'))}) as k
    where k.ids is not null`.execute(trx);
};

/**
 * After a run's last slice: the statistics of the prepared rows (0023), so that the reveal's swap
 * (report_show_next) is planned for as many as there are. Gathered while the table was empty or
 * held another run's few, they said a couple of hundred: the swap then looked up each of 100,000
 * samples in report_suspect and in the prepared rows one by one (379 and 245 ms) where a hash join
 * and a scan take 180 and 8 ms, inside the reveal's transaction that every view waits for. The
 * analyze itself is a step of its own, between views, of the columns the swap's plans read: 27–77 ms
 * for 100,000 rows, where all columns (the facts' text too) took 91–148 ms (PGlite, 2026-11-28).
 */
export const analyzePrepared = (pacer: ImportPacer): Promise<unknown> =>
  pacer.step((trx) => sql`analyze ${sql.table(SUSPECT_NEXT)} (run, s_id, s_stamp)`.execute(trx), false);

/**
 * A sample of `s` that is the run's own, compared so that no index serves it: the planner knows
 * nothing of a run's rows until they are analysed, takes `pending = run` for one row and walks the
 * pending index once per key; the reveal's lookup of a 100,000-line run's samples that way took
 * 669 s (10¹⁰ rows). This way each key is found through the sample's key (and samplesOf keeps the
 * planner from scanning for it first).
 */
const OWN_SAMPLE = 's.pending is not distinct from';

/**
 * Shows the run's rows, inside the caller's transaction (the file's ledger row, log line and audit
 * event go with it): the samples its analyses lack, the report summary of its lab days and of its
 * analyses' samples (its own samples' suspects were kept as they were written, 0019 and 0020; the
 * rows prepared for the others are swapped in, 0023; the rest is noted here and recomputed at the
 * commit: 0014's report_defer), its change events, then the reveal.
 */
export const revealRun = async (trx: Kysely<Database>, run: number): Promise<void> => {
  await sql`select report_defer()`.execute(trx);
  // The samples of the run's analyses whose suspect row is not ready: a stored one (or one another
  // write took from the run) counts the run's analyses from this commit on, so it is recomputed at
  // the commit; one deleted meanwhile (the import found it, a user deleted it before the analysis
  // was written; a hidden analysis's foreign key is not checked) is added back, by the sync's rule.
  // Ready are the run's own samples (their suspects computed as they were written, 0019, 0020
  // refreshOwnSuspects) and the samples with a row the run prepared (prepareNextSuspects), which the
  // reveal swaps in below. Those two sets are taken away whole (each one scan by the run's mark) and
  // only the rest is looked up by key: 100,000 lookups of a sample and of a prepared row took 430 ms
  // of the reveal's transaction on PGlite, which every view waited for. A sample with a prepared row
  // needs no lookup: it was shown when the row was made, and a delete of it since, as every
  // recomputation of it, dropped the row (0023).
  await sql`
    with others as (
      select k.s_id, k.s_stamp,
        not exists (select 1 from sample_row s where s.s_id = k.s_id and s.s_stamp = k.s_stamp) as gone
      from (
        select a.s_id, a.s_stamp from analysis_row a where a.pending = ${run}
        except select n.s_id, n.s_stamp from ${sql.table(SUSPECT_NEXT)} n where n.run = ${run}
        except select s.s_id, s.s_stamp from sample_row s where s.pending = ${run}
      ) as k
    ), added as (
      insert into sample (s_id, s_stamp) select o.s_id, o.s_stamp from others o where o.gone on conflict do nothing
    )
    insert into report_pending_key (s_id, s_stamp) select o.s_id, o.s_stamp from others o`.execute(trx);
  await sql`select report_show_next(${run})`.execute(trx);
  await sql`
    insert into report_pending_day (kind, day)
    select distinct 'r', (s_stamp - ${HOURS})::date from sample_row where pending = ${run}
    union select distinct 'a', (date_out - ${HOURS})::date from analysis_row where pending = ${run} and date_out is not null`.execute(
    trx,
  );
  // What 0011's insert triggers would have said of the rows: their keys (at most the cap), their
  // count and, for one row, its version; one pass over a table's rows for the count and version.
  for (const [resource, table, key, versioned] of HIDDEN)
    await sql`
      select change_event_add(${resource},
        array(select ${sql.raw(key)} from ${sql.table(table)} where pending = ${run} limit ${EVENT_KEYS_CAP}), c.n, c.v)
      from (select count(*)::int as n, ${sql.raw(versioned ? 'max(version)' : 'null::integer')} as v
            from ${sql.table(table)} where pending = ${run}) as c`.execute(trx);
  await sql`delete from import_hidden where run = ${run}`.execute(trx);
};

/** Deletes the rows of `table` whose `mark` is the run, a few thousand per (hidden) transaction. */
const deleteRunRows = async (db: Kysely<Database>, table: string, mark: 'pending' | 'run', run: number): Promise<void> => {
  for (;;) {
    const deleted = await writeHidden(db, async (trx) => {
      const { numAffectedRows } = await sql`
        delete from ${sql.table(table)} where ctid in (
          select ctid from ${sql.table(table)} where ${sql.ref(mark)} = ${run} limit ${DISCARD_SLICE})`.execute(trx);
      return Number(numAffectedRows ?? 0);
    });
    if (deleted < DISCARD_SLICE) return;
  }
};

/** Deletes the run's rows and the suspect rows it prepared, then the run: nothing of it was shown. */
export const discardRun = async (db: Kysely<Database>, run: number): Promise<void> => {
  for (const [, table] of [...HIDDEN].reverse()) await deleteRunRows(db, table, 'pending', run);
  await forgetPrepared(db, run);
  await sql`delete from import_hidden where run = ${run}`.execute(db);
};

/** After the run's reveal (or instead of it): the suspect rows it prepared, left by the reveal (0023's report_show_next). */
export const forgetPrepared = (db: Kysely<Database>, run: number): Promise<void> => deleteRunRows(db, SUSPECT_NEXT, 'run', run);

/**
 * Discards every run (at the start on PGlite: one process opens the embedded database, so every run
 * found then is a killed process's, and its hidden rows would hold their keys until discarded).
 */
export const discardEveryRun = async (db: Kysely<Database>): Promise<number> => {
  const { rows } = await sql<{ run: number }>`select run from import_hidden order by run`.execute(db);
  for (const { run } of rows) await discardRun(db, run);
  // And those of runs shown before the process stopped (forgetPrepared did not get to them).
  await sql`delete from ${sql.table(SUSPECT_NEXT)}`.execute(db);
  return rows.length;
};

/** Discards every run of `owner` (its process died: the caller holds the owner's lock). */
export const discardRunsOf = async (db: Kysely<Database>, owner: string): Promise<number> => {
  const { rows } = await sql<{
    run: number;
  }>`select run from import_hidden where owner = ${owner} order by run`.execute(db);
  for (const { run } of rows) await discardRun(db, run);
  return rows.length;
};
