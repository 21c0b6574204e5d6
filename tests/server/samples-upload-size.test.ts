// Sample imports of any size count exactly (docs/sample-import.md: created, updated, unchanged).
// The existing-rows lookup once sent a `(s_id, s_stamp) in ((…), (…))` list; from about 300 pairs
// PGlite answered it wrongly (every row counted as created), the next import failed with a 500 and
// longer runs ended in PANIC. Own file: the 20,000-row import is the heaviest server test.
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';

const h = useHarness();
let admin = '';

const BOUNDARY = '----labdesk-size-boundary';
const upload = (fileName: string, content: string) =>
  h.request({
    method: 'POST',
    url: '/api/samples/upload',
    token: admin,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });

/** Row i: a distinct 13-digit sId, one of a few stamps, a name. */
const row = (i: number, name = `Farm ${i % 97}`) =>
  `${String(4006381000000 + i)};2026-09-${String(1 + (i % 28)).padStart(2, '0')} 06:${String(i % 60).padStart(2, '0')}:00;${name};${(10 + (i % 50) / 10).toFixed(1)}`;
const file = (rows: readonly string[]) => `sId;sStamp;name;weightNet\n${rows.join('\n')}\n`;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_v, k) => from + k);

const count = async () =>
  Number(
    (
      await h.db
        .selectFrom('sample')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
});

describe('sample imports of any size', () => {
  it('counts 10, then 1,000 including those 10, then the same 1,000 again exactly', async () => {
    const first = await upload('ten.csv', file(range(0, 10).map((i) => row(i))));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 10, created: 10, updated: 0, unchanged: 0 });

    const thousand = file(range(0, 1000).map((i) => row(i)));
    const second = await upload('thousand.csv', thousand);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ total: 1000, created: 990, updated: 0, unchanged: 10 });

    const third = await upload('thousand.csv', thousand);
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toMatchObject({ total: 1000, created: 0, updated: 0, unchanged: 1000 });
    expect(await count()).toBe(1000);
  });

  // Own timeout: 20,000 rows are checked, looked up, upserted and audited in one transaction
  // (about 10 s on PGlite on an idle machine); the suite's 30 s is too tight on a busy one.
  it('imports 20,000 rows, 1,000 of them known (500 changed), with exact counts', async () => {
    const rows = range(0, 20_000).map((i) => (i < 500 ? row(i, `Renamed ${i}`) : row(i)));
    const res = await upload('big.csv', file(rows));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ total: 20_000, created: 19_000, updated: 500, unchanged: 500 });
    expect(await count()).toBe(20_000);
    const audits = await h.db
      .selectFrom('auditEvent')
      .select(['action', (eb) => eb.fn.countAll<number>().as('n')])
      .where('entity', '=', 'sample')
      .groupBy('action')
      .orderBy('action')
      .execute();
    expect(audits.map((a) => [a.action, Number(a.n)])).toEqual([
      ['create', 20_000],
      ['update', 500],
    ]);
  }, 120_000);
});
