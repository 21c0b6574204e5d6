// GET /api/logs/{date} and /api/logs/{start}/{end}: calendar days, ID descending, the date rules'
// messages, on both databases.
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatLabDate, labToday } from '../../src/domain/datetime';
import { logsResponseSchema } from '../../src/domain/entities/log';
import { CHECK_DATES, FUTURE_DATE, START_BEFORE_END, START_DATE_REQUIRED } from '../../src/domain/messages';
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
    expect((await get('2025-01-01')).json()).toEqual({ logs: [], totalItems: 0 });
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
