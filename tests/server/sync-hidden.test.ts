// A sync file is shown all at once, and reads never wait for it (issue 28 item 3; migration
// 0016_hidden_imports, sync/hiddenRun.ts). On PGlite an analysis file is written as a hidden run in
// short transactions and shown in one at the end; on PostgreSQL it is one transaction, which other
// sessions do not see until its commit. Either way: while the file is imported (the sync's
// afterRead hook, once its rows are written), a read of the app's database answers at once and sees
// none of it; afterwards all of it, with its change events; a file that fails and a run whose
// process died leave no row behind. A log file is a hidden run on PGlite too (migration
// 0021_hidden_logs, sync/importers/log.ts): the same holds for its lines. On PGlite, and on
// PostgreSQL with DATABASE_URL.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventResource } from '../../src/domain/events';
import { RESOURCES } from '../../src/domain/resources';
import { beginHiddenRun, discardRun, samplesOf, writeHidden } from '../../src/server/sync/hiddenRun';
import type { RunSummary } from '../../src/server/sync/engine';
import { onPostgres, useHarness } from './harness';

const source = mkdtempSync(join(tmpdir(), 'labdesk-sync-hidden-'));
/** What the test does while a file is imported (by file name), after its rows are written. */
const whileImported = new Map<string, () => Promise<void>>();
const h = useHarness({
  config: { syncSource: source },
  sync: { settleMs: 0, afterRead: (name) => whileImported.get(name)?.() },
});
afterAll(() => rmSync(source, { recursive: true, force: true }));
beforeEach(() => {
  whileImported.clear();
  rmSync(source, { recursive: true, force: true });
  mkdirSync(join(source, 'analysis'), { recursive: true });
});

/** A file of `header` and `lines` in the entry's folder, older than the settle time. */
const dropInto = (folder: string, header: string, name: string, lines: string[]) => {
  mkdirSync(join(source, folder), { recursive: true });
  const path = join(source, folder, name);
  writeFileSync(path, [header, ...lines].join('\n') + '\n');
  const past = new Date(Date.now() - 60_000);
  utimesSync(path, past, past);
};
const runEntry = async (entry: 'Analysis' | 'Sample' | 'Log'): Promise<RunSummary> => {
  const { done } = await h.app.sync.start(entry);
  const outcome = await done;
  if (!outcome.ran) throw new Error('did not run');
  return outcome.run;
};
const drop = (name: string, lines: string[]) => dropInto('analysis', 'sId;sStamp;dateIn;dateOut;pol;lane', name, lines);
const line = (sId: string, i: number) => `${sId};2025-10-03 06:0${i % 10}:00;2025-10-03 07:00:00;2025-10-03 08:00:00;16.${i % 10};1`;
const run = () => runEntry('Analysis');
const count = async (
  table: 'analysis' | 'sample' | 'analysis_row' | 'sample_row' | 'report_suspect' | 'report_suspect_shown' | 'report_suspect_next',
  prefix: string,
) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where s_id like ${`${prefix}%`}`.execute(
    h.db,
  );
  return rows[0]!.n;
};
/** A read that does not answer within 5 s is one that waits for the import (on PGlite: for ever). */
const promptly = <T>(read: Promise<T>): Promise<T | 'waited'> =>
  Promise.race([read, new Promise<'waited'>((done) => setTimeout(() => done('waited'), 5000))]);

/** A page's status, or 'waited' when it waits for the import. */
const viewStatus = async (url: string, token: string): Promise<number | 'waited'> => {
  const view = await promptly(h.request({ method: 'GET', url, token }));
  return view === 'waited' ? view : view.statusCode;
};

describe('a sync file is shown all at once', () => {
  it('while it is imported, reads answer at once and see none of it; afterwards all of it, with its change events', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => line(`71000000000${String(i).padStart(2, '0')}`, i));
    drop('shown.csv', lines);
    const seen: unknown[] = [];
    const token = await h.tokenFor('ROLE_ADMIN');
    whileImported.set('shown.csv', async () => {
      seen.push(await promptly(count('analysis', '71')), await promptly(count('sample', '71')));
      seen.push(await viewStatus('/api/analysis?size=50', token));
      // On PGlite the rows are in the table already, marked as the run's; on PostgreSQL they are
      // the import's transaction's, which this session does not see.
      if (!onPostgres()) seen.push(await promptly(count('analysis_row', '71')));
      // Its new samples' suspects are computed with their analyses as these are written (0020) and
      // hidden until the reveal: none of these samples is suspect.
      seen.push(await promptly(count('report_suspect', '71')));
    });
    await h.db.deleteFrom('changeEvent').execute();
    const summary = await run();
    expect(summary.rowsImported).toBe(12);
    expect(seen).toEqual(onPostgres() ? [0, 0, 200, 0] : [0, 0, 200, 12, 0]);
    expect(await count('analysis', '71')).toBe(12);
    expect(await count('sample', '71')).toBe(12);
    const events = await h.db.selectFrom('changeEvent').select(['resource', 'count', 'actor']).orderBy('resource').execute();
    // The file's two resources; the run's other events (its log lines, its sync status) are not about its rows.
    const rows: string[] = [RESOURCES.analysis.name, RESOURCES.samples.name];
    expect(events.filter((e) => rows.includes(e.resource))).toEqual([
      { resource: RESOURCES.analysis.name, count: 12, actor: 'sync:Analysis' },
      { resource: RESOURCES.samples.name, count: 12, actor: 'sync:Analysis' },
    ]);
  });

  it('a file of stored samples has their suspect rows prepared as its analyses are written, and swapped in by its reveal (0023)', async () => {
    const sIds = Array.from({ length: 12 }, (_, i) => `79000000000${String(i).padStart(2, '0')}`);
    await h.db
      .insertInto('sample')
      .values(sIds.map((sId, i) => ({ sId, sStamp: `2025-10-03 06:0${i % 10}:00` })))
      .execute();
    // No analysis yet: each is a suspect (it waits for one).
    expect(await count('report_suspect_shown', '79')).toBe(12);
    // One analysis out of its limit (pol 30).
    drop('stored.csv', sIds.map((sId, i) => (i === 3 ? line(sId, i).replace(';16.3;', ';30;') : line(sId, i))));
    const seen: unknown[] = [];
    // The prepared rows' statistics as the reveal's plans read them (hiddenRun.ts analyzePrepared).
    const counted = async () =>
      (await sql<{ n: number }>`select reltuples::int as n from pg_class where relname = 'report_suspect_next'`.execute(h.db)).rows[0]!.n;
    whileImported.set('stored.csv', async () => {
      seen.push(await promptly(count('report_suspect_next', '79')), await promptly(count('report_suspect_shown', '79')));
      if (!onPostgres()) seen.push(await promptly(counted()));
    });
    expect((await run()).rowsImported).toBe(12);
    // On PostgreSQL the file is one transaction: nothing is prepared, its commit recomputes them.
    expect(seen).toEqual(onPostgres() ? [0, 12] : [12, 12, 12]);
    expect(await count('report_suspect_next', '79')).toBe(0);
    const { rows } = await sql<{ sId: string; analyses: number; flagged: boolean }>`
      select s_id as "sId", analyses, flagged from report_suspect_shown where s_id like '79%'`.execute(h.db);
    expect(rows).toEqual([{ sId: sIds[3], analyses: 1, flagged: true }]);
  });

  it('a file that fails once its rows are written leaves no row behind, shown or hidden', async () => {
    drop('fails.csv', [line('7200000000001', 1), line('7200000000002', 2)]);
    whileImported.set('fails.csv', async () => {
      throw new Error('the disk went away');
    });
    const summary = await run();
    expect(summary.filesFailed).toBe(1);
    expect(await count('analysis_row', '72')).toBe(0);
    expect(await count('sample_row', '72')).toBe(0);
    expect(await h.db.selectFrom('importHidden' as never).selectAll().execute()).toEqual([]);
  });

  // On PostgreSQL the sample sync's upsert would wait for the analysis file's transaction (it holds
  // the new sample's key), which waits for this hook; there the one transaction keeps it safe.
  it.skipIf(onPostgres())("a sample the sample sync wrote while an analysis file was imported stays when that file fails", async () => {
    drop('fails-too.csv', [line('7600000000001', 1)]);
    whileImported.set('fails-too.csv', async () => {
      // The sample file comes in meanwhile: it upserts the sample the analysis file created, hidden.
      mkdirSync(join(source, 'sample'), { recursive: true });
      const path = join(source, 'sample', 'weights.csv');
      writeFileSync(path, 'sId;sStamp;weightNet;weightBru;weightTar\n7600000000001;2025-10-03 06:01:00;10.5;11.5;1\n');
      const past = new Date(Date.now() - 60_000);
      utimesSync(path, past, past);
      const { done } = await h.app.sync.start('Sample');
      const outcome = await done;
      if (!outcome.ran || outcome.run.rowsImported !== 1) throw new Error(`the sample sync did not import its line: ${JSON.stringify(outcome)}`);
      throw new Error('the disk went away');
    });
    expect((await run()).filesFailed).toBe(1);
    expect(await h.db.selectFrom('sample').select(['sId', 'weightNet']).where('sId', 'like', '76%').execute()).toEqual([
      { sId: '7600000000001', weightNet: 10.5 },
    ]);
    expect(await count('analysis_row', '76')).toBe(0);
  });

  it("a run whose process died is deleted by the entry's next run, and never shown", async () => {
    const { rows } = await sql<{ run: number }>`
      insert into import_hidden (run, owner) values (nextval('import_run_seq'), 'Analysis') returning run`.execute(h.db);
    const dead = rows[0]!.run;
    await sql`insert into sample_row (s_id, s_stamp, pending) values ('7300000000001', '2025-10-03 06:00:00', ${dead})`.execute(h.db);
    await sql`insert into analysis_row (s_id, s_stamp, date_in, pending)
      values ('7300000000001', '2025-10-03 06:00:00', '2025-10-03 07:00:00', ${dead})`.execute(h.db);
    expect(await count('analysis', '73')).toBe(0);
    expect(await count('sample', '73')).toBe(0);
    // Another entry's run leaves it: only its own entry knows that run is dead.
    mkdirSync(join(source, 'log'), { recursive: true });
    const { done } = await h.app.sync.start('Log');
    await done;
    expect(await count('analysis_row', '73')).toBe(1);
    await run();
    expect(await count('analysis_row', '73')).toBe(0);
    expect(await count('sample_row', '73')).toBe(0);
    expect(await h.db.selectFrom('importHidden' as never).selectAll().execute()).toEqual([]);
  });

  // On PostgreSQL the delete would wait for the import's transaction (its analysis holds the
  // sample's key), which waits for this hook: the cases are PGlite's.
  it.skipIf(onPostgres())('a sample deleted while its file is imported takes the analyses of the file with it, as a delete after it would', async () => {
    await h.db.insertInto('sample').values({ sId: '7400000000001', sStamp: '2025-10-03 06:01:00' }).execute();
    drop('gone.csv', [line('7400000000001', 1)]);
    whileImported.set('gone.csv', async () => {
      await h.db.deleteFrom('sample').where('sId', '=', '7400000000001').execute();
    });
    expect((await run()).rowsImported).toBe(1);
    expect(await count('sample_row', '74')).toBe(0);
    expect(await count('analysis_row', '74')).toBe(0);
  });

  it.skipIf(onPostgres())('an analysis written after its sample was deleted gets its sample back, as the import after the delete would', async () => {
    await h.db.insertInto('sample').values({ sId: '7500000000001', sStamp: '2025-10-03 06:01:00' }).execute();
    drop('after.csv', [line('7500000000001', 1)]);
    // The delete between the import's lookup of the sample and the write of its analysis: the
    // analysis's foreign key is not checked for a hidden row, so the sample is gone and the analysis is not.
    whileImported.set('after.csv', async () => {
      await writeHidden(h.db, (trx) => trx.deleteFrom('sample').where('sId', '=', '7500000000001').execute());
    });
    await run();
    expect(await count('sample', '75')).toBe(1);
    expect(await count('analysis', '75')).toBe(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from analysis a
      where not exists (select 1 from sample s where s.s_id = a.s_id and s.s_stamp = a.s_stamp)`.execute(h.db);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('a sample file is shown all at once', () => {
  const SAMPLE_HEADER = 'sId;sStamp;name;weightNet;sFlags';
  const dropSamples = (name: string, lines: string[]) => dropInto('sample', SAMPLE_HEADER, name, lines);
  const runSamples = () => runEntry('Sample');
  const stored = (prefix: string) =>
    h.db.selectFrom('sample').select(['sId', 'name', 'weightNet', 'sFlags', 'lane']).where('sId', 'like', `${prefix}%`).orderBy('sId').execute();

  it('new and stored samples: during the import reads see neither the new ones nor the changes; afterwards both, once each, with their change events', async () => {
    await h.db.insertInto('sample').values({ sId: '7700000000000', sStamp: '2025-10-03 06:00:00', name: 'before', lane: 2 }).execute();
    const lines = Array.from({ length: 12 }, (_, i) => `77000000000${String(i).padStart(2, '0')};2025-10-03 06:00:00;farm ${i};1${i}.5;`);
    // A key twice: its later line is the one kept.
    dropSamples('weights.csv', [...lines, '7700000000003;2025-10-03 06:00:00;farm 3 again;33.5;X----']);
    const seen: unknown[] = [];
    const token = await h.tokenFor('ROLE_ADMIN');
    whileImported.set('weights.csv', async () => {
      seen.push(await promptly(stored('77')));
      seen.push(await viewStatus('/api/samples/view?size=50', token));
      if (!onPostgres()) seen.push(await promptly(count('sample_row', '77')));
      // On PGlite the new samples' suspects are written with them, hidden like them (0019).
      seen.push(await promptly(count('report_suspect', '77')), await promptly(count('report_suspect_shown', '77')));
    });
    await h.db.deleteFrom('changeEvent').execute();
    const summary = await runSamples();
    expect(summary.rowsImported).toBe(12);
    const before = [{ sId: '7700000000000', name: 'before', weightNet: null, sFlags: '-----', lane: 2 }];
    expect(seen).toEqual(onPostgres() ? [before, 200, 1, 1] : [before, 200, 12, 12, 1]);
    // None has an analysis: each is a suspect, shown with the file.
    expect(await count('report_suspect_shown', '77')).toBe(12);
    const after = await stored('77');
    expect(after).toHaveLength(12);
    // The stored sample: the file's columns written, the others (lane) kept; an empty sFlags is the default.
    expect(after[0]).toEqual({ sId: '7700000000000', name: 'farm 0', weightNet: 10.5, sFlags: '-----', lane: 2 });
    // A new one: the defaults where the file has no column.
    expect(after[5]).toEqual({ sId: '7700000000005', name: 'farm 5', weightNet: 15.5, sFlags: '-----', lane: 1 });
    expect(after[3]).toEqual({ sId: '7700000000003', name: 'farm 3 again', weightNet: 33.5, sFlags: 'X----', lane: 1 });
    expect(await count('sample_row', '77')).toBe(12);
    const events = await h.db.selectFrom('changeEvent').select(['resource', 'count', 'actor']).where('resource', '=', RESOURCES.samples.name).execute();
    // One event for the twelve: the stored sample's update and the eleven new ones share the reveal's transaction.
    expect(events.map((e) => e.count)).toEqual([12]);
  });

  it('a sample file that fails once its rows are written leaves no new sample, and the stored ones as they were', async () => {
    await h.db.insertInto('sample').values({ sId: '7800000000000', sStamp: '2025-10-03 06:00:00', name: 'before' }).execute();
    dropSamples('bad.csv', ['7800000000000;2025-10-03 06:00:00;changed;1.5;', '7800000000001;2025-10-03 06:00:00;new;2.5;']);
    whileImported.set('bad.csv', async () => {
      throw new Error('the disk went away');
    });
    expect((await runSamples()).filesFailed).toBe(1);
    expect(await count('sample_row', '78')).toBe(1);
    expect((await stored('78')).map((r) => r.name)).toEqual(['before']);
    expect(await h.db.selectFrom('importHidden' as never).selectAll().execute()).toEqual([]);
  });
});

describe('a log file is shown all at once', () => {
  const dropLog = (name: string, lines: string[]) => dropInto('log', 'dateCreated;level;info', name, lines);
  const runLog = () => runEntry('Log');
  const lines = (mark: string) =>
    h.db.selectFrom('hwLog').select(['dateCreated', 'level', 'info']).where('info', 'like', `${mark}%`).orderBy('logId').execute();
  /** The stages a run leaves in the session (on PGlite the run's stage lives until the file is done). */
  const stages = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_class where relname like 'sync_log_stage%'`.execute(h.db)).rows[0]!.n;

  it('while it is imported, reads answer at once and see none of it; afterwards each line once, in file order', async () => {
    await appendLine('2025-10-03 06:00:01', 'INFO', 'lamp: stored before');
    const file = [
      '2025-10-03 06:00:03;WARN;lamp: warming up',
      '2025-10-03 06:00:01;INFO;lamp: stored before',
      '2025-10-03 06:00:02;error;"lamp: ""off""; restart"',
      '2025-10-03 06:00:03;WARN;lamp: warming up',
      '2025-10-03 06:00:04;INFO;lamp: ready',
      // Last in the file, earliest in time: the lines keep the file's order, not the times'.
      '2025-10-03 06:00:00;INFO;lamp: clock set back',
    ];
    dropLog('lamp.csv', file);
    const seen: unknown[] = [];
    const token = await h.tokenFor('ROLE_READER');
    whileImported.set('lamp.csv', async () => {
      seen.push(await promptly(lines('lamp')).then((r) => (r === 'waited' ? r : r.length)));
      seen.push(await viewStatus('/api/logs/2025-10-03', token));
      // On PGlite its new lines are in the table already, the run's (0021); on PostgreSQL they are
      // the import's transaction's, which this session does not see.
      if (!onPostgres()) seen.push(await promptly(storedLines('lamp')));
    });
    await h.db.deleteFrom('changeEvent').execute();
    const summary = await runLog();
    // Five lines by content, one of them stored already.
    expect(summary.rowsImported, summary.log.join('\n')).toBe(5);
    expect(seen).toEqual(onPostgres() ? [1, 200] : [1, 200, 5]);
    // One event of the hardware log for the file's transaction: its four new lines and its ledger line.
    const events = await h.db.selectFrom('changeEvent').select(['resource', 'count', 'actor']).where('resource', '=', LOG_EVENTS).execute();
    expect(events).toContainEqual({ resource: LOG_EVENTS, count: 5, actor: 'sync:Log' });
    expect(await lines('lamp')).toEqual([
      { dateCreated: '2025-10-03 06:00:01', level: 'INFO', info: 'lamp: stored before' },
      { dateCreated: '2025-10-03 06:00:02', level: 'ERROR', info: 'lamp: "off"; restart' },
      { dateCreated: '2025-10-03 06:00:03', level: 'WARN', info: 'lamp: warming up' },
      { dateCreated: '2025-10-03 06:00:04', level: 'INFO', info: 'lamp: ready' },
      { dateCreated: '2025-10-03 06:00:00', level: 'INFO', info: 'lamp: clock set back' },
    ]);
    expect(await stages()).toBe(0);
  });

  it('a log file that fails once it is read leaves no line of it and no stage', async () => {
    dropLog('cut.csv', ['2025-10-03 07:00:00;INFO;cut: first', '2025-10-03 07:00:01;INFO;cut: second']);
    whileImported.set('cut.csv', async () => {
      throw new Error('the disk went away');
    });
    expect((await runLog()).filesFailed).toBe(1);
    expect(await lines('cut')).toEqual([]);
    expect(await storedLines('cut')).toBe(0);
    expect(await stages()).toBe(0);
  });

  it("a log run whose process died is deleted by the entry's next run, and never shown", async () => {
    const { rows } = await sql<{ run: number }>`
      insert into import_hidden (run, owner) values (nextval('import_run_seq'), 'Log') returning run`.execute(h.db);
    await sql`insert into hw_log_row (date_created, level, info, pending) values ('2025-10-03 08:00:00', 'INFO', 'dead: line', ${rows[0]!.run})`.execute(h.db);
    expect(await lines('dead')).toEqual([]);
    expect(await storedLines('dead')).toBe(1);
    await runLog();
    expect(await storedLines('dead')).toBe(0);
    expect(await h.db.selectFrom('importHidden' as never).selectAll().execute()).toEqual([]);
  });
});

const LOG_EVENTS: EventResource = 'logs';

/** The hardware log's lines with the mark, shown or hidden. */
const storedLines = async (mark: string): Promise<number> =>
  (await sql<{ n: number }>`select count(*)::int as n from hw_log_row where info like ${`${mark}%`}`.execute(h.db)).rows[0]!.n;

const appendLine = (dateCreated: string, level: string, info: string) =>
  h.db.insertInto('hwLog').values({ dateCreated, level, info }).execute();

describe("a run's lookups of its samples", () => {
  it('find each sample by its key, whatever the statistics say of the run mark (a plan that took a 100,000-line file 160 s)', async () => {
    // Statistics gathered while no run was hidden, as PGlite's maintenance gathers them at a
    // server's start: the mark is null on every row. Then a run's samples, not analysed yet.
    await sql`insert into sample (s_id, s_stamp)
      select '73' || lpad(i::text, 11, '0'), timestamp '2025-10-03 06:00:00' from generate_series(1, 3000) as i`.execute(h.db);
    await sql`analyze sample_row`.execute(h.db);
    const run = await beginHiddenRun(h.db, 'lookup-test');
    await writeHidden(h.db, (trx) =>
      sql`insert into sample_row (s_id, s_stamp, pending)
        select '74' || lpad(i::text, 11, '0'), timestamp '2025-10-03 06:00:00', ${run} from generate_series(1, 6000) as i`.execute(trx),
    );
    const keys = `select * from (values ${Array.from({ length: 2000 }, (_, i) => `('74${String(i + 1).padStart(11, '0')}', timestamp '2025-10-03 06:00:00')`).join(', ')}) as v(s_id, s_stamp)`;
    for (const which of [`s.pending is not distinct from ${run}`, 's.pending is null']) {
      const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${samplesOf(keys, which)}`).execute(h.db);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      // Each key probes the sample's key; a scan of sample_row for the mark, joined with every key, is what took 160 s.
      expect(plan, which).not.toMatch(/Seq Scan on sample_row/);
      expect(plan, which).toMatch(/Index Scan using (sample_pk|sample_s_stamp_id_idx) on sample_row/);
    }
    const { rows } = await sql<{ n: number }>`select cardinality(ids)::int as n from (${sql.raw(samplesOf(keys, `s.pending is not distinct from ${run}`))}) as k`.execute(h.db);
    expect(rows[0]!.n).toBe(2000);
    await discardRun(h.db, run);
  });
});
