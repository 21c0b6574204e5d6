// The reports read the per-lab-day summaries of migration 0010; these tests compare them with the
// direct computation over the analyses (reports-direct.ts, the repository as it was) on random
// campaigns, and after every kind of write: API edits and deletes, a sample delete cascading to its
// analyses, a stamp change cascading, set-based inserts, a sync import, limit changes, a rolled-back
// transaction and a truncate. On PGlite, and on PostgreSQL with DATABASE_URL.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labDaySpan, suspiciousReport, type TimeSpan } from '../../src/domain/reports';
import { CHANGE_HEADER, parseChangeHeader } from '../../src/domain/undo';
import type { Database } from '../../src/server/db/database';
import { dayStats, reportLimits, suspiciousCandidates } from '../../src/server/repositories/reports';
import { deferReportSummary } from '../../src/server/services/report-defer';
import { SUSPECTS_AT_REVEAL } from '../../src/server/db/migrations/0019_hidden_suspects';
import {
  beginHiddenRun,
  discardRun,
  forgetPrepared,
  prepareNextSuspects,
  refreshOwnSuspects,
  revealRun,
  writeHidden,
} from '../../src/server/sync/hiddenRun';
import type { Campaign } from '../../src/server/views/campaign';
import { useHarness } from './harness';
import { directDayStats, directSuspiciousCandidates } from './reports-direct';

const source = mkdtempSync(join(tmpdir(), 'labdesk-report-summary-'));
const h = useHarness({ config: { syncSource: source }, sync: { settleMs: 0 } });
let admin = '';
afterAll(() => rmSync(source, { recursive: true, force: true }));

const FIRST_DAY = Temporal.PlainDate.from('2025-10-20');
const DAYS = 10;
const NOW = '2025-10-29 12:00:00';
const WHOLE: TimeSpan = labDaySpan(Temporal.PlainDate.from('2025-10-01'), Temporal.PlainDate.from('2026-10-31'));

/** mulberry32: the same random campaign for a seed on every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const stampOf = (t: Temporal.PlainDateTime) => t.toString().replace('T', ' ').slice(0, 19);

/** About `n` samples over the ten lab days, 0–3 analyses each, some weights and values off. */
const campaignRows = (seed: number, n: number) => {
  const rnd = random(seed);
  const pick = (lo: number, hi: number) => Math.round((lo + rnd() * (hi - lo)) * 100) / 100;
  const maybe = (v: number) => (rnd() < 0.1 ? null : v);
  const samples = [];
  const analyses = [];
  for (let i = 0; i < n; i++) {
    // Stamps cluster around 06:00 (the lab-day boundary) and midnight (the campaign-date boundary).
    const base = FIRST_DAY.toPlainDateTime({ hour: rnd() < 0.5 ? 5 : 23 });
    const stamp = base.add({ days: Math.floor(rnd() * DAYS), minutes: Math.floor(rnd() * 180) });
    const net = pick(8, 12);
    const bru = rnd() < 0.1 ? net - 0.5 : net + 1;
    const tar = rnd() < 0.2 ? null : rnd() < 0.1 ? 0.7 : Math.round((bru - net) * 1000) / 1000;
    const sId = String(2_000_000_000_000 + seed * 10_000 + i);
    samples.push({ sId, sStamp: stampOf(stamp), weightNet: net, weightBru: Math.round(bru * 1000) / 1000, weightTar: tar });
    const count = Math.floor(rnd() * 4);
    for (let j = 0; j < count; j++) {
      const out = rnd() < 0.15 ? null : stampOf(stamp.add({ minutes: Math.floor(rnd() * 1800) }));
      analyses.push({
        sId,
        sStamp: stampOf(stamp),
        dateIn: out,
        dateOut: out,
        pol: maybe(pick(14, 21)),
        nat: maybe(pick(0.5, 2.5)),
        kal: maybe(pick(3, 6)),
        an: maybe(pick(0.5, 2)),
        glu: maybe(pick(0.1, 0.8)),
        dry: maybe(pick(20, 26)),
      });
    }
  }
  return { samples, analyses };
};

/** campaignRows written set-based: one statement each, as a bulk import writes them. */
const generate = async (seed: number, n: number, db: Kysely<Database> = h.db) => {
  const { samples, analyses } = campaignRows(seed, n);
  await db.insertInto('sample').values(samples).execute();
  if (analyses.length) await db.insertInto('analysis').values(analyses).execute();
  // Statistics, as PostgreSQL's autovacuum (or the server's PGlite maintenance,
  // db/pglite-maintenance.ts) gathers them seconds after such writes: the rows are written straight
  // with SQL and read at once, so the test gathers them itself. Without them the planner takes the
  // tables for empty and nests the reference query's aggregate inside a loop over the samples
  // (reports-direct.ts: seconds per call instead of milliseconds). The answers compared do not
  // depend on the plan.
  await sql`analyze sample, analysis`.execute(db);
};

const CAMPAIGNS: Campaign[] = [
  { start: null, end: null },
  { start: '2025-10-22 13:30:00', end: null },
  { start: null, end: '2025-10-26 02:15:00' },
  { start: '2025-10-23 00:00:00', end: '2025-10-23 23:59:59' },
  { start: '2025-10-21 05:59:59', end: '2025-10-27 06:00:00' },
];

const SPANS: TimeSpan[] = [
  WHOLE,
  labDaySpan(FIRST_DAY.add({ days: 2 }), FIRST_DAY.add({ days: 4 })),
  labDaySpan(FIRST_DAY.add({ days: 6 })),
];

/** Both reports' inputs from the summaries equal the direct computation, for every campaign and span. */
const expectSummaryRight = async (campaigns: Campaign[] = CAMPAIGNS, spans: TimeSpan[] = SPANS) => {
  const now = Temporal.PlainDateTime.from(NOW.replace(' ', 'T'));
  for (const campaign of campaigns) {
    const limits = await reportLimits(h.db);
    for (const span of spans) {
      const where = `${JSON.stringify(campaign)} ${span.from}–${span.to}`;
      expect(await dayStats(h.db, span, campaign, limits), where).toEqual(await directDayStats(h.db, span, campaign, limits));
      const summary = suspiciousReport(await suspiciousCandidates(h.db, span, campaign, NOW), limits, now);
      const direct = suspiciousReport(await directSuspiciousCandidates(h.db, span, campaign, limits, NOW), limits, now);
      expect(summary, where).toEqual(direct);
    }
  }
};

type Rows = ReturnType<typeof campaignRows>;

/**
 * One slice of an analysis file's run on PGlite, as sync/importers/analysis.ts writes it: its new
 * samples and its analyses hidden, then the suspects of its own samples with its analyses counted
 * (0020) and, for the stored samples of its analyses, the rows they will have once it is shown (0023).
 */
const writeRunSlice = (run: number, samples: Rows['samples'], analyses: Rows['analyses']) => {
  const keys = `select s_id, s_stamp from sample_row where s_id in (${[...new Set([...samples, ...analyses].map((r) => `'${r.sId}'`))].join(', ')})`;
  return writeHidden(h.db, async (trx) => {
    await sql.raw(`set local ${SUSPECTS_AT_REVEAL} = 'on'`).execute(trx);
    await sql`insert into sample_row (s_id, s_stamp, weight_net, weight_bru, weight_tar, pending)
      select r."sId", r."sStamp", r."weightNet", r."weightBru", r."weightTar", ${run}
      from jsonb_to_recordset(${JSON.stringify(samples)}::jsonb)
        as r("sId" text, "sStamp" timestamp, "weightNet" numeric, "weightBru" numeric, "weightTar" numeric)
      on conflict do nothing`.execute(trx);
    await sql`insert into analysis_row (s_id, s_stamp, date_in, date_out, pol, nat, kal, an, glu, dry, pending)
      select r."sId", r."sStamp", r."dateIn", r."dateOut", r.pol, r.nat, r.kal, r.an, r.glu, r.dry, ${run}
      from jsonb_to_recordset(${JSON.stringify(analyses)}::jsonb)
        as r("sId" text, "sStamp" timestamp, "dateIn" timestamp, "dateOut" timestamp, pol numeric, nat numeric,
             kal numeric, an numeric, glu numeric, dry numeric)`.execute(trx);
    await refreshOwnSuspects(trx, run, keys);
    await prepareNextSuspects(trx, run, keys);
  });
};

type Facts = Awaited<ReturnType<typeof suspiciousCandidates>>;
/** The candidates of the samples with `prefix`, each with its analyses, in key order; and their report. */
const candidatesOf = (prefix: string, candidates: Facts, limits: Awaited<ReturnType<typeof reportLimits>>) => {
  const facts = candidates
    .filter((c) => c.sId.startsWith(prefix))
    .map((c) => ({ ...c, analyses: [...c.analyses].sort((a, b) => a.aId - b.aId) }))
    .sort((a, b) => a.sId.localeCompare(b.sId) || a.sStamp.localeCompare(b.sStamp));
  return { facts, report: suspiciousReport(facts, limits, Temporal.PlainDateTime.from(NOW.replace(' ', 'T'))) };
};
/** The suspicious report's candidates with `prefix`: from the summary, and computed directly. */
const shownSuspects = async (prefix: string) =>
  candidatesOf(prefix, await suspiciousCandidates(h.db, WHOLE, CAMPAIGNS[0]!, NOW), await reportLimits(h.db));
const directSuspects = async (prefix: string) => {
  const limits = await reportLimits(h.db);
  return candidatesOf(prefix, await directSuspiciousCandidates(h.db, WHOLE, CAMPAIGNS[0]!, limits, NOW), limits);
};

/** The suspect rows prepared for a run's reveal (0023); of every run without one. */
const prepared = async (run?: number) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from report_suspect_next where ${run === undefined ? sql`true` : sql`run = ${run}`}`.execute(
      h.db,
    )
  ).rows[0]!.n;

const analysisIds = async () =>
  (await h.db.selectFrom('analysis').select(['aId', 'dateOut']).orderBy('aId').execute()).map((r) => Number(r.aId));

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  // Narrow limits, so that every day has values outside them.
  await h.db.updateTable('configLimit').set({ min: 15, max: 20 }).where('name', '=', 'pol').execute();
  await h.db.updateTable('configLimit').set({ min: 0.7, max: 2.2 }).where('name', '=', 'nat').execute();
});

describe('the reports from the summaries', () => {
  it('equal the direct computation on random campaigns, whatever the campaign bounds and the span', async () => {
    for (const seed of [1, 2, 3]) await generate(seed, 60);
    const days = await dayStats(h.db, WHOLE, CAMPAIGNS[0]!, await reportLimits(h.db));
    expect(days.length).toBeGreaterThanOrEqual(DAYS);
    await expectSummaryRight();
  });

  it('stay right after API edits: values, DateOut moved to another lab day, a sample weight', async () => {
    const [first, second] = await analysisIds();
    const current = await h.request({ method: 'GET', url: `/api/analysis/${first}`, token: admin });
    expect(current.statusCode, current.body).toBe(200);
    const body = current.json<Record<string, unknown>>();
    const put = await h.request({
      method: 'PUT',
      url: `/api/analysis/${first}`,
      token: admin,
      payload: { ...body, pol: 19.99, nat: 0.71, dateOut: '2025-10-28 07:00:00', dateIn: '2025-10-28 06:59:00' },
    });
    expect(put.statusCode, put.body).toBe(200);
    await expectSummaryRight();
    const edited = await h.db.updateTable('analysis').set({ pol: null, dateOut: null }).where('aId', '=', second!).executeTakeFirst();
    expect(Number(edited.numUpdatedRows)).toBe(1);
    await h.db.updateTable('sample').set({ weightNet: 99 }).where('sId', '=', '2000000010000').execute();
    await expectSummaryRight();
  });

  it('stay right after an API delete of an analysis and of a sample (its analyses go with it)', async () => {
    const [first] = await analysisIds();
    const del = await h.request({ method: 'DELETE', url: `/api/analysis/${first}`, token: admin });
    expect(del.statusCode, del.body).toBe(200);
    await expectSummaryRight();
    const withAnalyses = await h.db
      .selectFrom('analysis')
      .select(['sId', 'sStamp'])
      .where('dateOut', 'is not', null)
      .orderBy('aId', 'desc')
      .executeTakeFirstOrThrow();
    const gone = await h.request({
      method: 'DELETE',
      url: `/api/samples/${withAnalyses.sId}/${withAnalyses.sStamp.replace(' ', 'T')}`,
      token: admin,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await expectSummaryRight();
  });

  it('stay right after an undo of a sample delete (its analyses come back) and of an analysis edit', async () => {
    const withAnalyses = await h.db
      .selectFrom('analysis')
      .select(['sId', 'sStamp'])
      .where('dateOut', 'is not', null)
      .orderBy('aId')
      .executeTakeFirstOrThrow();
    const undo = async (res: { headers: Record<string, unknown> }) => {
      const changes = parseChangeHeader(String(res.headers[CHANGE_HEADER] ?? ''));
      const undone = await h.request({ method: 'POST', url: '/api/undo', token: admin, payload: { changes } });
      expect(undone.statusCode, undone.body).toBe(200);
    };
    const gone = await h.request({
      method: 'DELETE',
      url: `/api/samples/${withAnalyses.sId}/${withAnalyses.sStamp.replace(' ', 'T')}`,
      token: admin,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await undo(gone);
    await expectSummaryRight();
    const [first] = await analysisIds();
    const body = (await h.request({ method: 'GET', url: `/api/analysis/${first}`, token: admin })).json<Record<string, unknown>>();
    const put = await h.request({
      method: 'PUT',
      url: `/api/analysis/${first}`,
      token: admin,
      payload: { ...body, pol: 15.01, dateOut: '2025-10-27 07:00:00', dateIn: '2025-10-27 06:59:00' },
    });
    expect(put.statusCode, put.body).toBe(200);
    await undo(put);
    await expectSummaryRight();
  });

  it('stay right after a stamp change cascading to the analyses and a set-based delete', async () => {
    const moved = await h.db
      .updateTable('sample')
      .set({ sStamp: sql`s_stamp + interval '1 day 3 hours'` })
      .where('sId', 'like', '20000000200%')
      .executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBeGreaterThan(0);
    await expectSummaryRight();
    await h.db.deleteFrom('analysis').where('pol', '>', 19).execute();
    await expectSummaryRight();
  });

  it('stay right after limits change and when a transaction is rolled back', async () => {
    await h.db.updateTable('configLimit').set({ min: 16, max: 18.5 }).where('name', '=', 'pol').execute();
    await h.db.updateTable('configLimit').set({ min: 1, max: 25 }).where('name', '=', 'dry').execute();
    await expectSummaryRight(CAMPAIGNS.slice(0, 2));
    await expect(
      h.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('analysis').execute();
        await trx.updateTable('configLimit').set({ min: 0, max: 1 }).where('name', '=', 'kal').execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectSummaryRight(CAMPAIGNS.slice(0, 2));
  });

  it('stay right after a transaction that defers them to its commit: several statements, a savepoint rolled back', async () => {
    const suspects = async (db: Kysely<Database>) =>
      Number((await sql<{ n: number }>`select count(*)::int as n from report_suspect where s_id like '20000000400%'`.execute(db)).rows[0]!.n);
    await h.db.transaction().execute(async (trx) => {
      await deferReportSummary(trx);
      await generate(4, 40, trx);
      await sql`savepoint discarded`.execute(trx);
      await trx.deleteFrom('sample').where('sId', 'like', '20000000400%').execute();
      await sql`rollback to savepoint discarded`.execute(trx);
      await trx.updateTable('analysis').set({ pol: 25, dateOut: sql`date_out + interval '20 hours'` }).where('sId', 'like', '2000000040001%').execute();
      await trx.deleteFrom('analysis').where('sId', 'like', '2000000040002%').execute();
      // Noted, not recomputed yet: the new samples are not in the summary before the commit.
      expect(await suspects(trx)).toBe(0);
    });
    expect(await suspects(h.db)).toBeGreaterThan(0);
    await expectSummaryRight();
  });

  it('stay right while an import run is hidden, when it is shown and when it is discarded', async () => {
    type Row = ReturnType<typeof campaignRows>['samples'][number];
    // A sample file's run on PGlite: its samples written hidden, a short transaction per slice.
    const writeHiddenSamples = async (run: number, samples: readonly Row[]) => {
      for (let i = 0; i < samples.length; i += 25)
        await writeHidden(h.db, (trx) =>
          sql`insert into sample_row (s_id, s_stamp, weight_net, weight_bru, weight_tar, pending)
            select r."sId", r."sStamp", r."weightNet", r."weightBru", r."weightTar", ${run}
            from jsonb_to_recordset(${JSON.stringify(samples.slice(i, i + 25))}::jsonb)
              as r("sId" text, "sStamp" timestamp, "weightNet" numeric, "weightBru" numeric, "weightTar" numeric)`.execute(trx),
        );
    };
    /** The stored suspect rows of the samples with the prefix, hidden or not, by their run mark. */
    const storedSuspects = async (prefix: string) =>
      (
        await sql<{ pending: number | null; n: number }>`select pending, count(*)::int as n from report_suspect
          where s_id like ${`${prefix}%`} group by pending order by pending`.execute(h.db)
      ).rows;
    const shown = async (prefix: string) =>
      (await suspiciousCandidates(h.db, WHOLE, CAMPAIGNS[0]!, NOW)).filter((c) => c.sId.startsWith(prefix)).length;

    const { samples } = campaignRows(7, 60);
    const run = await beginHiddenRun(h.db, 'report-summary-test');
    await writeHiddenSamples(run, samples);
    // Each has its suspect row (none has an analysis), kept out of the report while hidden.
    expect(await storedSuspects('20000000700')).toEqual([{ pending: run, n: samples.length }]);
    expect(await shown('20000000700')).toBe(0);
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);

    // Shown writes meanwhile: an analysis of a hidden sample (its key is in sample_row), another
    // sample upserted by a shown write (it is that write's from then on), the limits changed.
    const [analysed, upserted] = samples;
    await h.db.insertInto('analysis').values({ sId: analysed!.sId, sStamp: analysed!.sStamp, dateOut: NOW, pol: 30 }).execute();
    await h.db
      .insertInto('sample')
      .values({ sId: upserted!.sId, sStamp: upserted!.sStamp, weightNet: 10, weightBru: 9 })
      .onConflict((oc) => oc.columns(['sId', 'sStamp']).doUpdateSet({ weightNet: 10, weightBru: 9 }))
      .execute();
    await h.db.updateTable('configLimit').set({ min: 15.5, max: 20 }).where('name', '=', 'pol').execute();
    expect(await storedSuspects('20000000700')).toEqual([
      { pending: run, n: samples.length - 1 },
      { pending: null, n: 1 },
    ]);
    expect(await shown('20000000700')).toBe(1);
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);

    // The reveal shows them without recomputing the run's samples.
    await h.db.transaction().execute((trx) => revealRun(trx, run));
    const direct = await directSuspiciousCandidates(h.db, WHOLE, CAMPAIGNS[0]!, await reportLimits(h.db), NOW);
    expect(await shown('20000000700')).toBe(direct.filter((c) => c.sId.startsWith('20000000700')).length);
    expect(await shown('20000000700')).toBeGreaterThan(samples.length / 2);
    await expectSummaryRight(CAMPAIGNS.slice(0, 1));

    // A run that fails: its samples deleted (hidden, a slice at a time) and their suspects with them.
    const failed = await beginHiddenRun(h.db, 'report-summary-test');
    await writeHiddenSamples(failed, campaignRows(8, 40).samples);
    expect((await storedSuspects('20000000800')).length).toBe(1);
    await discardRun(h.db, failed);
    expect(await storedSuspects('20000000800')).toEqual([]);
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);
  });

  it("stay right while an analysis run is hidden: its own samples count its analyses as they are written, the reveal the others", async () => {
    // Slices of ten samples with their analyses.
    const writeHiddenAnalyses = async (run: number, { samples, analyses }: Rows) => {
      for (let i = 0; i < samples.length; i += 10) {
        const slice = samples.slice(i, i + 10);
        const keys = new Set(slice.map((r) => r.sId));
        await writeRunSlice(run, slice, analyses.filter((a) => keys.has(a.sId)));
      }
      // Statistics, as after generate(): the reference query's plan depends on them.
      await sql`analyze sample_row, analysis_row`.execute(h.db);
    };
    const prefix = '20000000900';
    const shown = () => shownSuspects(prefix);
    const direct = () => directSuspects(prefix);

    const rows = campaignRows(9, 60);
    const [stored, taken] = rows.samples;
    // One sample stored (shown) before the run: the run's analyses of it are not its own.
    await h.db.insertInto('sample').values(stored!).execute();
    const run = await beginHiddenRun(h.db, 'report-summary-test');
    const half = { samples: rows.samples.slice(0, 30), analyses: rows.analyses };
    await writeHiddenAnalyses(run, half);
    // Hidden: nothing of the run in the reports, and what is shown still right.
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);

    // Meanwhile: the limits change (every suspect recomputed, the hidden ones with their run's
    // analyses), and a shown write takes one of the run's samples (0016: it is shown from then on).
    await h.db.updateTable('configLimit').set({ min: 14.5, max: 20 }).where('name', '=', 'pol').execute();
    await h.db
      .insertInto('sample')
      .values({ sId: taken!.sId, sStamp: taken!.sStamp, weightNet: 10, weightBru: 11 })
      .onConflict((oc) => oc.columns(['sId', 'sStamp']).doUpdateSet({ weightNet: 10, weightBru: 11 }))
      .execute();
    await writeHiddenAnalyses(run, { samples: rows.samples.slice(30), analyses: rows.analyses });
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);

    await h.db.transaction().execute((trx) => revealRun(trx, run));
    const after = await shown();
    expect(after.report.length).toBeGreaterThan(0);
    expect(after).toEqual(await direct());
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);

    // A run discarded after writing analyses: its samples' suspect rows go with them.
    const failed = await beginHiddenRun(h.db, 'report-summary-test');
    await writeHiddenAnalyses(failed, campaignRows(10, 20));
    await discardRun(h.db, failed);
    const left = await sql<{ n: number }>`select count(*)::int as n from report_suspect where s_id like '20000001000%'`.execute(h.db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('stay right while an analysis run of stored samples is hidden: its reveal swaps in the rows its slices prepared, but for the samples a write recomputed meanwhile', async () => {
    const prefix = '20000001200';
    const rows = campaignRows(12, 60);
    // The samples stored before the run, with a third of their analyses; the run brings the rest.
    await h.db.insertInto('sample').values(rows.samples).execute();
    await h.db.insertInto('analysis').values(rows.analyses.filter((_, i) => i % 3 === 0)).execute();
    const brought = rows.analyses.filter((_, i) => i % 3 !== 0);
    // A sample whose analyses the run writes in its first slice and in its last.
    const twice = brought.find((a, i) => brought.findIndex((b) => b.sId === a.sId) !== i)!;
    const inOrder = [...brought.filter((a) => a !== twice), twice];
    const sIds = (analyses: Rows['analyses']) => new Set(analyses.map((a) => a.sId));
    const run = await beginHiddenRun(h.db, 'report-summary-test');
    const half = inOrder.slice(0, Math.floor(inOrder.length / 2));
    for (let i = 0; i < half.length; i += 10) await writeRunSlice(run, [], half.slice(i, i + 10));
    await sql`analyze sample_row, analysis_row`.execute(h.db);
    // Each stored sample of the run's analyses has its row prepared, kept out of the report.
    expect(await prepared(run)).toBe(sIds(half).size);
    expect(sIds(half).has(twice.sId)).toBe(true);
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);

    // Meanwhile, writes that recompute three of those samples drop their prepared rows: a shown
    // analysis out of limit, a weight edit, and another run with an analysis of one, shown first.
    // And a user deletes a fourth, with its analyses, the run's hidden ones too (sync-hidden.test.ts).
    const [added, edited, other, deleted] = [...sIds(half)].filter((sId) => sId !== twice.sId);
    const sample = (sId: string) => rows.samples.find((r) => r.sId === sId)!;
    await h.db.insertInto('analysis').values({ sId: added!, sStamp: sample(added!).sStamp, dateOut: NOW, pol: 30 }).execute();
    await h.db.updateTable('sample').set({ weightNet: 50 }).where('sId', '=', edited!).execute();
    await h.db.deleteFrom('sample').where('sId', '=', deleted!).execute();
    const second = await beginHiddenRun(h.db, 'report-summary-test');
    await writeRunSlice(second, [], [{ ...rows.analyses[0]!, sId: other!, sStamp: sample(other!).sStamp, pol: 31 }]);
    expect(await prepared(second)).toBe(1);
    await h.db.transaction().execute((trx) => revealRun(trx, second));
    expect(await prepared(run)).toBe(sIds(half).size - 4);
    // A shown run's own are left for after the commit (the importer deletes them then).
    expect(await prepared(second)).toBe(1);
    await forgetPrepared(h.db, second);
    expect(await prepared(second)).toBe(0);
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);

    const rest = inOrder.slice(half.length);
    for (let i = 0; i < rest.length; i += 10) await writeRunSlice(run, [], rest.slice(i, i + 10));
    await sql`analyze sample_row, analysis_row`.execute(h.db);
    await h.db.transaction().execute((trx) => revealRun(trx, run));
    await forgetPrepared(h.db, run);
    expect(await prepared()).toBe(0);
    const left = await sql<{ n: number }>`select (select count(*) from sample_row where s_id = ${deleted!})
      + (select count(*) from analysis_row where s_id = ${deleted!})::int as n`.execute(h.db);
    expect(left.rows[0]!.n).toBe(0);
    const after = await shownSuspects(prefix);
    expect(after.report.length).toBeGreaterThan(5);
    expect(after).toEqual(await directSuspects(prefix));
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);

    // A change of the limits drops every prepared row: they were computed against the old ones.
    const third = await beginHiddenRun(h.db, 'report-summary-test');
    const near = rows.samples.filter((r) => r.sId !== deleted).slice(0, 20).map((r) => ({ ...rows.analyses[0]!, sId: r.sId, sStamp: r.sStamp, pol: 20.5 }));
    await writeRunSlice(third, [], near);
    expect(await prepared(third)).toBe(20);
    await h.db.updateTable('configLimit').set({ min: 15, max: 21 }).where('name', '=', 'pol').execute();
    expect(await prepared()).toBe(0);
    await h.db.transaction().execute((trx) => revealRun(trx, third));
    expect(await shownSuspects(prefix)).toEqual(await directSuspects(prefix));
    expect(await prepared()).toBe(0);

    // A run discarded: its prepared rows go with its analyses.
    const failed = await beginHiddenRun(h.db, 'report-summary-test');
    await writeRunSlice(failed, [], near.map((a) => ({ ...a, pol: 40 })));
    expect(await prepared(failed)).toBe(20);
    await discardRun(h.db, failed);
    expect(await prepared()).toBe(0);
    expect(await shownSuspects(prefix)).toEqual(await directSuspects(prefix));
    await h.db.updateTable('configLimit').set({ min: 15, max: 20 }).where('name', '=', 'pol').execute();
  });

  it("stay right when a run's prepared row of a sample was dropped and another run has one of it: the reveal recomputes that sample", async () => {
    const prefix = '20000001300';
    const rows = campaignRows(13, 10);
    await h.db.insertInto('sample').values(rows.samples).execute();
    const x = rows.samples[0]!;
    const analysisOfX = (pol: number) => ({ ...rows.analyses[0]!, sId: x.sId, sStamp: x.sStamp, pol });
    const first = await beginHiddenRun(h.db, 'report-summary-test');
    await writeRunSlice(first, [], [analysisOfX(30)]);
    expect(await prepared(first)).toBe(1);
    // A write recomputes x: the first run's row of it goes.
    await h.db.updateTable('sample').set({ weightNet: 50 }).where('sId', '=', x.sId).execute();
    expect(await prepared(first)).toBe(0);
    // A second run brings an analysis of x too, and prepares x's row without the first run's.
    const second = await beginHiddenRun(h.db, 'report-summary-test');
    await writeRunSlice(second, [], [analysisOfX(16)]);
    expect(await prepared(second)).toBe(1);
    // The first run's reveal: x counts its analysis (pol 30, out of limit) from the commit on.
    await h.db.transaction().execute((trx) => revealRun(trx, first));
    await forgetPrepared(h.db, first);
    const shown = await shownSuspects(prefix);
    expect(shown.facts.map((c) => c.sId)).toContain(x.sId);
    expect(shown).toEqual(await directSuspects(prefix));
    await h.db.transaction().execute((trx) => revealRun(trx, second));
    await forgetPrepared(h.db, second);
    expect(await shownSuspects(prefix)).toEqual(await directSuspects(prefix));
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);
  });

  it('stay right after a sync import of samples and analyses', async () => {
    const examples = join(import.meta.dirname, '../../docs/examples/sync');
    for (const [kind, id] of [
      ['sample', 'Sample'],
      ['analysis', 'Analysis'],
    ] as const) {
      const name = readdirSync(join(examples, kind)).find((f) => f.endsWith('.csv'))!;
      mkdirSync(join(source, kind), { recursive: true });
      copyFileSync(join(examples, kind, name), join(source, kind, name));
      const { done } = await h.app.sync.start(id);
      const outcome = await done;
      expect(outcome.ran && outcome.run.status, JSON.stringify(outcome)).toBe('DONE');
    }
    const imported = await dayStats(h.db, WHOLE, CAMPAIGNS[0]!, await reportLimits(h.db));
    expect(imported.some((d) => d.day.startsWith('2026-'))).toBe(true);
    await expectSummaryRight(CAMPAIGNS.slice(0, 1));
  });

  it('stay right after a sync file of analyses whose samples are new (on PGlite: written hidden, their suspects with them)', async () => {
    const { analyses } = campaignRows(11, 80);
    const cell = (v: number | string | null) => (v === null ? '' : String(v).replace('.', ','));
    const lines = ['sId;sStamp;dateIn;dateOut;pol;nat;kal;an;glu;dry'];
    for (const a of analyses.filter((x) => x.dateIn !== null))
      lines.push([a.sId, a.sStamp, a.dateIn, a.dateOut, a.pol, a.nat, a.kal, a.an, a.glu, a.dry].map(cell).join(';'));
    expect(lines.length).toBeGreaterThan(60);
    mkdirSync(join(source, 'analysis'), { recursive: true });
    writeFileSync(join(source, 'analysis', 'new-samples.csv'), `${lines.join('\n')}\n`);
    const { done } = await h.app.sync.start('Analysis');
    const outcome = await done;
    expect(outcome.ran && outcome.run.status, JSON.stringify(outcome)).toBe('DONE');
    const suspects = await suspiciousCandidates(h.db, WHOLE, CAMPAIGNS[0]!, NOW);
    expect(suspects.filter((c) => c.sId.startsWith('20000001100') && c.analyses.length > 0).length).toBeGreaterThan(5);
    await expectSummaryRight(CAMPAIGNS.slice(0, 1), [WHOLE]);
  });

  it('stay right after a truncate (as a restore does)', async () => {
    await sql`truncate table analysis_row`.execute(h.db);
    await expectSummaryRight(CAMPAIGNS.slice(0, 1));
    const days = await dayStats(h.db, WHOLE, CAMPAIGNS[0]!, await reportLimits(h.db));
    expect(days.every((d) => d.analysesDone === 0)).toBe(true);
  });
});
