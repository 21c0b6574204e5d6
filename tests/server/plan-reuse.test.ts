// The day-window views and the reports of two lab days keep their plan on PostgreSQL
// (views/planReuse.ts, repositories/reports.ts, db/pg-prepared.ts): the rule that picks the views,
// and on PostgreSQL that such a statement runs as one named statement per text whose generic plan
// is used and answers as a statement planned for its values does, that no wider one is kept, and
// that a connection keeps at most MAX_KEPT_PLANS.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../src/domain/constants';
import { createDb, type DbHandle } from '../../src/server/db/create-db';
import type { Database } from '../../src/server/db/database';
import { MAX_KEPT_PLANS, REUSE_PLAN } from '../../src/server/db/pg-prepared';
import { ANALYSIS_READS, ANALYSIS_VIEW_RULES } from '../../src/server/repositories/analysis';
import { dayStats, reportLimits } from '../../src/server/repositories/reports';
import { labDaySpan } from '../../src/domain/reports';
import { Temporal } from 'temporal-polyfill';
import { loadCampaign } from '../../src/server/views/campaign';
import { rowsJsonOf } from '../../src/server/views/listSource';
import { reusesPlan } from '../../src/server/views/planReuse';
import { parseViewRequest, viewQuerySchemaOf, type ViewRequest } from '../../src/server/views/request';
import { onPostgres, useHarness } from './harness';
import { seedViews } from './views.fixture';

const h = useHarness();

const requestOf = (query: Record<string, string | string[]>): ViewRequest =>
  parseViewRequest(viewQuerySchemaOf(DEFAULT_PAGE_SIZE.analysis).parse(query), ANALYSIS_VIEW_RULES);

describe('which views keep their plan', () => {
  it.each([
    ['the lab day', { filter: 'dateIn,2026-10-01T06:00:00~2026-10-02T05:59:59' }, true],
    ['a shift, sorted by pol, page 3 of 15000', { filter: 'dateIn,2026-10-01T14:00:00~2026-10-01T21:59:59', sort: 'pol,desc', page: '3', size: '15000' }, true],
    ['a day of sample times', { filter: 'sStamp,2026-10-01T06:00:00~2026-10-02T06:00:00' }, true],
    ['a window ending before it starts (it matches nothing)', { filter: 'dateIn,2026-10-02T06:00:00~2026-10-01T06:00:00' }, true],
    ['a day and a second', { filter: 'dateIn,2026-10-01T06:00:00~2026-10-02T06:00:01' }, false],
    ['a window open at one end', { filter: 'dateIn,2026-10-01T06:00:00~' }, false],
    ['a date as the end (to 23:59:59)', { filter: 'dateIn,2026-10-01~2026-10-02' }, false],
    ['a window and an sId', { filter: ['dateIn,2026-10-01T06:00:00~2026-10-02T05:59:59', 'sId,6012~'] }, false],
    ['a window and a selection', { filter: 'dateIn,2026-10-01T06:00:00~2026-10-02T05:59:59', selection: '17' }, false],
    ['a window and sIds selected', { filter: 'dateIn,2026-10-01T06:00:00~2026-10-02T05:59:59', selectionSId: '6012345' }, false],
    ['no filter', {}, false],
  ])('%s: %s', (_name, query, kept) => {
    expect(reusesPlan(requestOf(query))).toBe(kept);
  });
});

describe.skipIf(!onPostgres())('a kept plan on PostgreSQL', () => {
  /** One connection, so that its prepared statements are the ones this test sees. */
  let one: DbHandle;
  let db: Kysely<Database>;
  let day = '';
  /** The lab day of `day`. */
  let labDay: Temporal.PlainDate;

  beforeAll(async () => {
    await seedViews(h.db, 60);
    one = await createDb({ databaseUrl: h.databaseUrl!, dataDir: '', timezone: h.config.timezone }, { maxConnections: 1 });
    db = one.db;
    // The lab day with the most analyses.
    const { rows } = await sql<{ start: string; end: string }>`select to_char(d, 'YYYY-MM-DD"T"HH24:MI:SS') as start,
        to_char(d + interval '1 day' - interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS') as end
      from (select date_trunc('day', date_in - interval '6 hours') + interval '6 hours' as d from analysis) x
      group by d order by count(*) desc limit 1`.execute(h.db);
    day = `dateIn,${rows[0]!.start}~${rows[0]!.end}`;
    labDay = Temporal.PlainDate.from(rows[0]!.start.slice(0, 10));
  });
  afterAll(async () => {
    await one?.close();
  });

  const kept = async () =>
    (
      await sql<{ name: string; statement: string; generic: number; custom: number }>`select name, statement,
        generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'reuse_%'`.execute(db)
    ).rows;

  const viewAsPlanned = async (request: ViewRequest): Promise<string> => {
    const campaign = await loadCampaign(db);
    const { rows } = await ANALYSIS_READS.viewJsonQuery!(request, campaign, {}, false).execute(db.withoutPlugins());
    return rowsJsonOf(rows);
  };

  it('runs the day window as one named statement, its generic plan from the sixth run on, with the same answer', async () => {
    for (const sort of ['dateIn,asc', 'pol,desc']) {
      const request = requestOf({ filter: day, sort, size: '50' });
      const expected = await viewAsPlanned(request);
      expect(JSON.parse(expected)).not.toHaveLength(0);
      const campaign = await loadCampaign(db);
      for (let run = 0; run < 8; run++) {
        const page = await ANALYSIS_READS.viewJson!(db, request, campaign);
        expect(page.rowsJson).toBe(expected);
      }
    }
    const statements = await kept();
    // One per text (the sort is part of the text), each run eight times.
    expect(statements).toHaveLength(2);
    for (const s of statements) {
      expect(s.generic + s.custom).toBe(8);
      expect(s.generic).toBeGreaterThan(0);
    }
  });

  it('plans a wider window for its values every time: nothing more is kept, nothing kept is run', async () => {
    const runs = async () => (await kept()).map((s) => s.custom + s.generic);
    const before = await runs();
    const [from, to] = day.slice('dateIn,'.length).split('~') as [string, string];
    const twoDays = `dateIn,${from}~${Temporal.PlainDateTime.from(to).add({ days: 1 }).toString()}`;
    const campaign = await loadCampaign(db);
    // No filter: another text. Two days: the day window's text (sorted by dateIn), run unnamed.
    for (const request of [requestOf({ size: '50' }), requestOf({ filter: twoDays, sort: 'dateIn,asc', size: '50' })]) {
      const page = await ANALYSIS_READS.viewJson!(db, request, campaign);
      expect(page.rowsJson).toBe(await viewAsPlanned(request));
    }
    expect(await runs()).toEqual(before);
  });

  it('runs the day report of two lab days as kept statements, with the same answer as planned for its values; three days as before', async () => {
    const campaign = await loadCampaign(db);
    const limits = await reportLimits(db);
    const two = labDaySpan(labDay, labDay.add({ days: 1 }));
    await sql`set plan_cache_mode = force_custom_plan`.execute(db);
    const expected = await dayStats(db, two, campaign, limits);
    await sql`reset plan_cache_mode`.execute(db);
    expect(expected.length).toBeGreaterThan(0);
    for (let run = 0; run < 8; run++) expect(await dayStats(db, two, campaign, limits)).toEqual(expected);
    const reports = (await kept()).filter((s) => /report_(received|analysed)/.test(s.statement));
    expect(reports).toHaveLength(2);
    for (const s of reports) {
      expect(s.custom + s.generic).toBe(9);
      expect(s.generic).toBeGreaterThan(0);
    }
    // Three days: the same texts, run unnamed (the kept ones are not run again).
    await dayStats(db, labDaySpan(labDay, labDay.add({ days: 2 })), campaign, limits);
    const after = (await kept()).filter((s) => /report_(received|analysed)/.test(s.statement));
    expect(after.map((s) => s.custom + s.generic)).toEqual([9, 9]);
  });

  it(`keeps at most ${MAX_KEPT_PLANS} statements on a connection; the others still answer`, async () => {
    const before = (await kept()).length;
    for (let i = 0; i < MAX_KEPT_PLANS + 3; i++) {
      const { rows } = await sql<{ n: number }>`${sql.raw(`${REUSE_PLAN}select ${i}::int + `)}${i}::int as n`.execute(db);
      expect(rows[0]!.n).toBe(2 * i);
    }
    expect(await kept()).toHaveLength(Math.max(before, MAX_KEPT_PLANS));
  });
});
