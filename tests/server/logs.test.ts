// GET /api/logs/{date} and /api/logs/{start}/{end}: calendar days, ID descending, the date rules'
// messages, on both databases.
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatLabDate, labToday } from '../../src/domain/datetime';
import { LOG_PAGE_SIZE, logsResponseSchema } from '../../src/domain/entities/log';
import { CHECK_DATES, FUTURE_DATE, START_BEFORE_END, START_DATE_REQUIRED } from '../../src/domain/messages';
import { sql } from 'kysely';
import { appendHwLog } from '../../src/server/repositories/hw-log';
import { useHarness } from './harness';

const h = useHarness();
let token: string;

const LINES = [
  { dateCreated: '2026-03-01 23:59:59', level: 'INFO', info: 'before the range' },
  { dateCreated: '2026-03-02 00:00:00', level: 'INFO', info: 'first second of the 2nd' },
  { dateCreated: '2026-03-02 12:00:00', level: 'WARN', info: 'Polarimeter: tube temperature 21.9 °C' },
  { dateCreated: '2026-03-02 23:59:59', level: 'ERROR', info: 'last second of the 2nd' },
  { dateCreated: '2026-03-03 05:00:00', level: 'INFO', info: 'night of the 3rd' },
  { dateCreated: '2026-03-04 00:00:00', level: 'DEBUG', info: 'after the range' },
];

beforeAll(async () => {
  token = await h.tokenFor('ROLE_READER');
  // Appended out of time order: the ID order is the insertion order, and the page sorts by ID.
  await appendHwLog(h.db, [LINES[3]!, LINES[0]!, LINES[1]!, LINES[5]!, LINES[2]!, LINES[4]!]);
});

const get = async (path: string) => h.request({ method: 'GET', url: `/api/logs/${path}`, token });

describe('hardware logs', () => {
  it('one day: 00:00:00 to 23:59:59, ID descending', async () => {
    const res = await get('2026-03-02');
    expect(res.statusCode).toBe(200);
    const body = logsResponseSchema.parse(res.json());
    expect(body.totalItems).toBe(3);
    expect(body.logs.map((l) => l.info)).toEqual([
      'Polarimeter: tube temperature 21.9 °C',
      'first second of the 2nd',
      'last second of the 2nd',
    ]);
    const ids = body.logs.map((l) => l.logId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body.logs[0]).toEqual({
      logId: ids[0],
      dateCreated: '2026-03-02 12:00:00',
      level: 'WARN',
      info: 'Polarimeter: tube temperature 21.9 °C',
    });
  });

  it('a range of days, both ends inclusive', async () => {
    const body = logsResponseSchema.parse((await get('2026-03-02/2026-03-03')).json());
    expect(body.totalItems).toBe(4);
    expect(body.logs.map((l) => l.info).sort()).toEqual(
      ['first second of the 2nd', 'Polarimeter: tube temperature 21.9 °C', 'last second of the 2nd', 'night of the 3rd'].sort(),
    );
  });

  it('the same start and end is that day', async () => {
    expect(logsResponseSchema.parse((await get('2026-03-03/2026-03-03')).json()).totalItems).toBe(1);
  });

  it('an empty day answers an empty list', async () => {
    expect((await get('2025-01-01')).json()).toEqual({ logs: [], totalItems: 0, nextBefore: null });
  });

  it('needs a token', async () => {
    expect((await h.request({ method: 'GET', url: '/api/logs/2026-03-02' })).statusCode).toBe(401);
  });

  const today = labToday(Temporal.Now.instant(), 'Europe/Vienna');
  it.each([
    ['a start in the future', formatLabDate(today.add({ days: 1 })), FUTURE_DATE],
    ['an end after tomorrow', `${formatLabDate(today)}/${formatLabDate(today.add({ days: 2 }))}`, FUTURE_DATE],
    ['an end before the start', '2026-03-03/2026-03-02', START_BEFORE_END],
    ['a date that does not parse', '2026-02-30', CHECK_DATES],
    ['a word', 'yesterday', CHECK_DATES],
    ['an end that does not parse', '2026-03-02/2026-13-01', CHECK_DATES],
    ['a blank start', '%20/2026-03-02', START_DATE_REQUIRED],
  ])('refuses %s with the spec message', async (_name, path, message) => {
    const res = await get(path);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: [message] });
  });

  it('the end may be tomorrow (the night of the running day)', async () => {
    expect((await get(`${formatLabDate(today)}/${formatLabDate(today.add({ days: 1 }))}`)).statusCode).toBe(200);
  });
});

describe('hardware logs in pages (a range of millions of lines never becomes one answer)', () => {
  // 2.5 pages of lines on 2026-02-10 … 2026-02-14, inserted in the database, plus one outside.
  const LINES_IN_RANGE = Math.round(LOG_PAGE_SIZE * 2.5);
  beforeAll(async () => {
    await sql`insert into hw_log (date_created, level, info)
      select '2026-02-10 00:00:00'::timestamp + (i * interval '17 seconds'), 'INFO', 'line ' || i
      from generate_series(1, ${LINES_IN_RANGE}) as i`.execute(h.db);
    await appendHwLog(h.db, [{ dateCreated: '2026-02-20 00:00:00', level: 'INFO', info: 'after' }]);
  });

  it('answers at most a page, says where the next starts, and the pages together are the range', async () => {
    const seen: number[] = [];
    let before: number | null | undefined;
    let pages = 0;
    do {
      const res = await get(`2026-02-01/2026-02-15${before ? `?before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = logsResponseSchema.parse(res.json());
      expect(body.logs.length).toBeLessThanOrEqual(LOG_PAGE_SIZE);
      expect(body.totalItems).toBe(LINES_IN_RANGE);
      seen.push(...body.logs.map((l) => l.logId));
      before = body.nextBefore;
      if (before !== null) expect(before).toBe(body.logs.at(-1)!.logId);
      pages++;
    } while (before !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(LINES_IN_RANGE);
    expect(new Set(seen).size).toBe(LINES_IN_RANGE);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('a smaller limit is honoured; the last page says there is no more', async () => {
    const first = logsResponseSchema.parse((await get('2026-02-01/2026-02-15?limit=100')).json());
    expect(first.logs).toHaveLength(100);
    expect(first.logs[0]!.info).toBe(`line ${LINES_IN_RANGE}`);
    expect(first.nextBefore).toBe(first.logs[99]!.logId);
    const lowest = Math.min(...first.logs.map((l) => l.logId)) - (LINES_IN_RANGE - 100) + 2;
    const last = logsResponseSchema.parse((await get(`2026-02-01/2026-02-15?limit=100&before=${lowest}`)).json());
    expect(last.logs.map((l) => l.info)).toEqual(['line 2', 'line 1']);
    expect(last.nextBefore).toBeNull();
  });

  it.each(['limit=0', `limit=${LOG_PAGE_SIZE + 1}`, 'limit=x', 'before=0', 'before=-5', 'before=1e400', 'before=9223372036854775808'])(
    'refuses %s with 400',
    async (query) => {
      expect((await get(`2026-02-01/2026-02-15?${query}`)).statusCode).toBe(400);
    },
  );
});
