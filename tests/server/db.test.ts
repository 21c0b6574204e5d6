import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate';
import { toLabDateTime } from '../../src/server/db/type-parsers';
import { recordAudit } from '../../src/server/services/audit';
import { useHarness } from './harness';

const h = useHarness();

describe('database', () => {
  it('is migrated, and migrating again changes nothing', async () => {
    expect(await migrateToLatest(h.db)).toEqual([]);
  });

  it('has a limit row for every measured value and the campaign and aminoFactor settings', async () => {
    const limits = await h.db.selectFrom('configLimit').select(['name', 'min', 'max']).execute();
    expect(limits.map((l) => l.name).sort()).toEqual(
      ['an', 'density', 'dry', 'glu', 'kal', 'nat', 'pol', 'weightCur', 'weightDif', 'weightMea', 'weightNet', 'weightNrm'].sort(),
    );
    for (const l of limits) expect(typeof l.min).toBe('number');
    const settings = await h.db.selectFrom('configSetting').select('name').execute();
    expect(settings.map((s) => s.name).sort()).toEqual(['aminoFactor', 'campaign']);
  });

  it('returns numeric and bigint as numbers, timestamps and dates as lab strings', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select 16.53::numeric(6,2) as pol, 9007199254740::bigint as big, count(*) as n,
             '2024-02-29 23:59:59.987'::timestamp as stamp, '2024-02-29 06:00:00'::timestamp(0) as stamp0,
             '2025-10-01'::date as day, null::timestamp as none`.execute(h.db);
    expect(rows[0]).toEqual({
      pol: 16.53,
      big: 9007199254740,
      n: 1,
      stamp: '2024-02-29 23:59:59',
      stamp0: '2024-02-29 06:00:00',
      day: '2025-10-01',
      none: null,
    });
  });

  it("runs in the lab's time zone, so default timestamps are the lab's wall clock", async () => {
    const viennaMinute = (): string =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Vienna', dateStyle: 'short', timeStyle: 'short' }).format(new Date());
    const before = viennaMinute();
    const { rows } = await sql<{ tz: string; now: string }>`select current_setting('TimeZone') as tz, date_trunc('second', localtimestamp) as now`.execute(h.db);
    const after = viennaMinute();
    expect(rows[0]!.tz).toBe('Europe/Vienna');
    // Minutes are enough; the query may straddle a minute boundary. Truncated, not rounded like
    // localtimestamp(0): at hh:mm:59.6 that said the next minute before the clock got there.
    expect([before, after]).toContain(rows[0]!.now.slice(0, 16));
  });

  it('commits a transaction as a whole and rolls it back as a whole', async () => {
    await h.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { actor: 'test', action: 'create', entity: 'tx', key: 'committed', after: [1, 2] });
    });
    await expect(
      h.db.transaction().execute(async (trx) => {
        await recordAudit(trx, { actor: 'test', action: 'create', entity: 'tx', key: 'rolled-back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const keys = await h.db.selectFrom('auditEvent').select(['entityKey', 'after']).where('entity', '=', 'tx').execute();
    expect(keys).toEqual([{ entityKey: 'committed', after: [1, 2] }]);
  });

  it('keeps concurrent queries out of an open transaction', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = h.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { actor: 'test', action: 'create', entity: 'iso', key: 'inside' });
      await gate;
      throw new Error('rollback');
    });
    // Issued while the transaction is open; must not see (or be part of) its uncommitted row.
    const outside = h.db.selectFrom('auditEvent').select('entityKey').where('entity', '=', 'iso').execute();
    setTimeout(release, 50);
    await expect(tx).rejects.toThrow('rollback');
    expect(await outside).toEqual([]);
  });

  it('supports savepoints inside a transaction', async () => {
    const trx = await h.db.startTransaction().execute();
    await recordAudit(trx, { actor: 'test', action: 'create', entity: 'sp', key: 'kept' });
    const sp = await trx.savepoint('inner').execute();
    await recordAudit(sp, { actor: 'test', action: 'create', entity: 'sp', key: 'undone' });
    await sp.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    const keys = await h.db.selectFrom('auditEvent').select('entityKey').where('entity', '=', 'sp').execute();
    expect(keys).toEqual([{ entityKey: 'kept' }]);
  });

  it('streams large results in chunks and frees the connection afterwards', async () => {
    let rows = 0;
    let sum = 0;
    const series = sql<{ g: number }>`(select g::int8 as g from generate_series(1, 2500) g)`.as('s');
    for await (const row of h.db.selectFrom(series).select('s.g').stream(1000)) {
      rows++;
      sum += row.g;
    }
    expect(rows).toBe(2500);
    expect(sum).toBe((2500 * 2501) / 2);
    // Stopping early must release the connection too.
    for await (const _row of h.db.selectFrom(series).select('s.g').stream(100)) break;
    expect((await sql<{ one: number }>`select 1 as one`.execute(h.db)).rows).toEqual([{ one: 1 }]);
  });

  it('normalises fractional seconds only', () => {
    expect(toLabDateTime('2025-10-01 06:00:00.5')).toBe('2025-10-01 06:00:00');
    expect(toLabDateTime('2025-10-01 06:00:00')).toBe('2025-10-01 06:00:00');
    expect(toLabDateTime('infinity')).toBe('infinity');
  });
});

