// The imports' bulk path (db/copy-csv.ts): rows by COPY of CSV text, on PGlite from '/dev/blob', on
// PostgreSQL from stdin through the pool's clients (db/pg-copy.ts). Runs on PGlite and, with
// DATABASE_URL, on PostgreSQL: what arrives, and a COPY the database refuses fails its transaction
// with the database's own message and leaves the connection fit for the next statement.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { copyCsvInto, csvField } from '../../src/server/db/copy-csv';
import { useHarness } from './harness';

const h = useHarness();

const TABLE = 'copy_csv_probe';
const create = sql.raw(`create temporary table ${TABLE} (n integer, t text) on commit drop`);

describe('copyCsvInto', () => {
  it('brings every row in, texts as written, null apart from the empty text', async () => {
    const texts = ['plain', 'say "hi", twice', 'two\nlines', '\\.', '', null];
    const rows = await h.db.transaction().execute(async (trx) => {
      await create.execute(trx);
      await copyCsvInto(trx, TABLE, [...texts.entries()], ([i, t]) => `${i},${csvField(t)}`);
      return (await sql<{ n: number; t: string | null }>`select n, t from ${sql.raw(TABLE)} order by n`.execute(trx)).rows;
    });
    expect(rows).toEqual(texts.map((t, n) => ({ n, t })));
  });

  it('a chunk of several slices of text arrives whole and in order, each row once', async () => {
    // The text is built 500 rows at a time (csvText): 1,234 rows end in a slice of 234.
    const numbers = Array.from({ length: 1234 }, (_, i) => i);
    const rows = await h.db.transaction().execute(async (trx) => {
      await create.execute(trx);
      await copyCsvInto(trx, TABLE, numbers, (n) => `${n},row ${n}`);
      return (await sql<{ n: number; t: string }>`select n, t from ${sql.raw(TABLE)} order by n`.execute(trx)).rows;
    });
    expect(rows).toEqual(numbers.map((n) => ({ n, t: `row ${n}` })));
  });

  it('a row the table refuses fails the transaction with the database message; the next statements run', async () => {
    const failed = h.db.transaction().execute(async (trx) => {
      await create.execute(trx);
      await copyCsvInto(trx, TABLE, ['1,one', 'two,2'], (row) => row);
    });
    await expect(failed).rejects.toThrow(/invalid input syntax for type integer: "two"/);
    const again = await h.db.transaction().execute(async (trx) => {
      await create.execute(trx);
      await copyCsvInto(trx, TABLE, ['3,three'], (row) => row);
      return (await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(TABLE)}`.execute(trx)).rows[0]!.n;
    });
    expect(again).toBe(1);
  });
});
