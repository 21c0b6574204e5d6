// The reports through the API on a fixture campaign, line by line, on both databases: lab days
// 06:00:00–05:59:59 (one crossing midnight), the night the clocks go back (2025-10-26, Europe/Vienna),
// the campaign restriction, every suspicious reason, the date messages and the PDFs.
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatLabDate, formatLabDateTime, labNow, labToday } from '../../src/domain/datetime';
import { dayReportsResponseSchema, suspiciousReportsResponseSchema } from '../../src/domain/entities/report';
import { CHECK_DATES, FUTURE_DATE, START_BEFORE_END, START_DATE_REQUIRED } from '../../src/domain/messages';
import { REPORT_PDF_MAX_LINES, reportPdfTooLarge } from '../../src/domain/reports';
import { pdfTextRuns } from './pdf-text';
import { useHarness } from './harness';

const h = useHarness();
let token: string;

type Values = [pol: number, nat: number, kal: number, an: number, glu: number, dry: number];
interface FxSample {
  sId: string;
  sStamp: string;
  weights: [net: number, bru: number, tar: number | null];
  analyses: { dateOut: string; values: Values }[];
}

const OK: Values = [18, 1, 4, 1, 0.5, 23];
const SAMPLES: FxSample[] = [
  // Lab day 2025-10-24, but before the campaign starts (08:00): in no report, whatever its values.
  { sId: '1000000000001', sStamp: '2025-10-24 07:00:00', weights: [10, 11, 1], analyses: [{ dateOut: '2025-10-24 07:30:00', values: [30, 1, 4, 1, 0.5, 23] }] },
  { sId: '1000000000002', sStamp: '2025-10-24 09:00:00', weights: [10, 11, 1], analyses: [{ dateOut: '2025-10-24 09:30:00', values: OK }] },
  // Before midnight, analysed after midnight: both on lab day 2025-10-24. Net above gross.
  { sId: '1000000000003', sStamp: '2025-10-24 23:30:00', weights: [12, 11, 1], analyses: [{ dateOut: '2025-10-25 00:15:00', values: [19, 1.2, 5, 1.5, 0.3, 24] }] },
  // The last second of lab day 10-24; its analysis at 06:00:00 is the first of lab day 10-25.
  { sId: '1000000000004', sStamp: '2025-10-25 05:59:59', weights: [10, 12, 1], analyses: [{ dateOut: '2025-10-25 06:00:00', values: [26, 1, 4, 1, 0.5, 23] }] },
  { sId: '1000000000006', sStamp: '2025-10-25 12:00:00', weights: [10, 11, 1], analyses: [] },
  // 02:30 in the hour that happens twice (clocks back at 03:00 CEST); repeats that disagree.
  {
    sId: '1000000000005',
    sStamp: '2025-10-26 02:30:00',
    weights: [10, 11, 1],
    analyses: [
      { dateOut: '2025-10-26 02:45:00', values: [17, 1, 4, 1, 0.5, 23] },
      { dateOut: '2025-10-26 05:30:00', values: [17.8, 0.05, 4.1, 1, 0.5, 23] },
    ],
  },
  // Lab day 2025-10-27, after an empty day; tare unknown, weights fine.
  { sId: '1000000000007', sStamp: '2025-10-27 10:00:00', weights: [9.5, 10.25, null], analyses: [{ dateOut: '2025-10-27 10:20:00', values: [16, 1, 4, 1, 0.5, 23] }] },
];

const aIds = new Map<string, number[]>();

const insertSample = async (s: FxSample) => {
  await h.db
    .insertInto('sample')
    .values({ sId: s.sId, sStamp: s.sStamp, weightNet: s.weights[0], weightBru: s.weights[1], weightTar: s.weights[2] })
    .execute();
  const ids: number[] = [];
  for (const a of s.analyses) {
    const [pol, nat, kal, an, glu, dry] = a.values;
    const row = await h.db
      .insertInto('analysis')
      .values({ sId: s.sId, sStamp: s.sStamp, dateIn: a.dateOut, dateOut: a.dateOut, pol, nat, kal, an, glu, dry })
      .returning('aId')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.aId));
  }
  aIds.set(s.sId, ids);
};

beforeAll(async () => {
  token = await h.tokenFor('ROLE_READER');
  for (const s of SAMPLES) await insertSample(s);
  await h.db
    .updateTable('configSetting')
    .set({ startAt: '2025-10-24 08:00:00', endAt: null })
    .where('name', '=', 'campaign')
    .execute();
});

const get = (path: string) => h.request({ method: 'GET', url: `/api/reports/${path}`, token });
const aId = (sId: string, i = 0) => aIds.get(sId)![i];

describe('day report', () => {
  it('one block per lab day with activity, line by line', async () => {
    const res = await get('day?startDate=2025-10-24&endDate=2025-10-27');
    expect(res.statusCode).toBe(200);
    const body = dayReportsResponseSchema.parse(res.json());
    expect(body.totalItems).toBe(3);
    expect(body.dayReports.map((l) => l.line)).toEqual([
      'Lab day 2025-10-24 (2025-10-24 06:00:00 – 2025-10-25 05:59:59)',
      'Samples received: 3',
      'Analyses done: 2',
      'Pol: average 18,50, min 18,00, max 19,00 (2 values)',
      'Na: average 1,10, min 1,00, max 1,20 (2 values)',
      'K: average 4,50, min 4,00, max 5,00 (2 values)',
      'AmN: average 1,25, min 1,00, max 1,50 (2 values)',
      'Glu: average 0,40, min 0,30, max 0,50 (2 values)',
      'Dry: average 23,50, min 23,00, max 24,00 (2 values)',
      'Out of limit: 0 values',
      // The night the clocks go back: 25 hours of wall-clock stamps, all in this one lab day.
      'Lab day 2025-10-25 (2025-10-25 06:00:00 – 2025-10-26 05:59:59)',
      'Samples received: 2',
      'Analyses done: 3',
      'Pol: average 20,27, min 17,00, max 26,00 (3 values)',
      'Na: average 0,68, min 0,05, max 1,00 (3 values)',
      'K: average 4,03, min 4,00, max 4,10 (3 values)',
      'AmN: average 1,00, min 1,00, max 1,00 (3 values)',
      'Glu: average 0,50, min 0,50, max 0,50 (3 values)',
      'Dry: average 23,00, min 23,00, max 23,00 (3 values)',
      'Out of limit: 2 values (Pol 1, Na 1)',
      'Lab day 2025-10-27 (2025-10-27 06:00:00 – 2025-10-28 05:59:59)',
      'Samples received: 1',
      'Analyses done: 1',
      'Pol: average 16,00, min 16,00, max 16,00 (1 value)',
      'Na: average 1,00, min 1,00, max 1,00 (1 value)',
      'K: average 4,00, min 4,00, max 4,00 (1 value)',
      'AmN: average 1,00, min 1,00, max 1,00 (1 value)',
      'Glu: average 0,50, min 0,50, max 0,50 (1 value)',
      'Dry: average 23,00, min 23,00, max 23,00 (1 value)',
      'Out of limit: 0 values',
    ]);
    expect(body.days?.map((d) => [d.day, d.values.pol?.avg])).toEqual([
      ['2025-10-24', 18.5],
      ['2025-10-25', expect.closeTo(20.2667, 3)],
      ['2025-10-27', 16],
    ]);
  });

  it('an end date defaults to the start day; a day without anything is no report', async () => {
    const one = dayReportsResponseSchema.parse((await get('day?startDate=2025-10-27')).json());
    expect(one.totalItems).toBe(1);
    expect(one.dayReports[0]!.line).toBe('Lab day 2025-10-27 (2025-10-27 06:00:00 – 2025-10-28 05:59:59)');
    expect((await get('day?startDate=2025-10-26&endDate=2025-10-26')).json()).toEqual({ dayReports: [], totalItems: 0, days: [] });
  });

  it('the campaign restricts the report: the sample before its start counts nowhere', async () => {
    const body = dayReportsResponseSchema.parse((await get('day?startDate=2025-10-24')).json());
    expect(body.dayReports[1]!.line).toBe('Samples received: 3');
    expect(body.dayReports.some((l) => l.line.includes('30,00'))).toBe(false);
  });
});

describe('suspicious report', () => {
  it('one line per sample saying why, in stamp order; every reason', async () => {
    const res = await get('suspicious?startDate=2025-10-24&endDate=2025-10-27');
    expect(res.statusCode).toBe(200);
    const body = suspiciousReportsResponseSchema.parse(res.json());
    expect(body.suspiciousReports.map((l) => l.line)).toEqual([
      '1000000000003|2025-10-24 23:30:00: weight inconsistent: net 12,000 kg above gross 11,000 kg',
      `1000000000004|2025-10-25 05:59:59: out of limit: Pol 26,00 above 25 (aId ${aId('1000000000004')}); weight inconsistent: net 10,000 + tare 1,000 kg is not gross 12,000 kg`,
      '1000000000006|2025-10-25 12:00:00: no analysis 24 h after arrival',
      `1000000000005|2025-10-26 02:30:00: out of limit: Na 0,05 below 0,1 (aId ${aId('1000000000005', 1)}); repeated analyses disagree: Pol 17,00 / 17,80 (spread 0,80 > 0,3), Na 1,00 / 0,05 (spread 0,95 > 0,3)`,
    ]);
    expect(body.totalItems).toBe(4);
  });

  it('a sample waiting less than a day is not suspicious yet', async () => {
    const now = labNow(Temporal.Now.instant(), 'Europe/Vienna');
    const stamp = formatLabDateTime(now.subtract({ hours: 1 }).with({ second: 0 }));
    await h.db.insertInto('sample').values({ sId: '1000000000099', sStamp: stamp, weightNet: 1, weightBru: 2, weightTar: 1 }).execute();
    const today = labToday(Temporal.Now.instant(), 'Europe/Vienna');
    const body = suspiciousReportsResponseSchema.parse(
      (await get(`suspicious?startDate=${formatLabDate(today.subtract({ days: 1 }))}&endDate=${formatLabDate(today)}`)).json(),
    );
    expect(body.suspiciousReports).toEqual([]);
  });
});

describe('dates (docs/dev/product-rules.md#field-rules)', () => {
  const today = labToday(Temporal.Now.instant(), 'Europe/Vienna');
  it.each([
    ['no start', 'day?endDate=2025-10-24', START_DATE_REQUIRED],
    ['a blank start', 'suspicious?startDate=&endDate=2025-10-24', START_DATE_REQUIRED],
    ['a start in the future', `day?startDate=${formatLabDate(today.add({ days: 1 }))}`, FUTURE_DATE],
    ['an end after tomorrow', `day?startDate=2025-10-24&endDate=${formatLabDate(today.add({ days: 2 }))}`, FUTURE_DATE],
    ['an end before the start', 'suspicious?startDate=2025-10-25&endDate=2025-10-24', START_BEFORE_END],
    ['an impossible date', 'day?startDate=2025-02-29', CHECK_DATES],
    ['a date-time', 'day?startDate=2025-10-24 06:00:00', CHECK_DATES],
    ['the PDF too', 'export/day?startDate=2025-10-25&endDate=2025-10-24', START_BEFORE_END],
  ])('%s: 400 with the message', async (_name, path, message) => {
    const res = await get(path);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: [message] });
  });

  it('needs a token', async () => {
    expect((await h.request({ method: 'GET', url: '/api/reports/day?startDate=2025-10-24' })).statusCode).toBe(401);
  });

  it('refuses another export type', async () => {
    expect((await get('export/xlsx?startDate=2025-10-24')).statusCode).toBe(400);
  });
});

describe('PDF', () => {
  it.each([
    ['day', 'day-report_2025-10-24_2025-10-27.pdf', 'Day Report'],
    ['suspicious', 'suspicious-report_2025-10-24_2025-10-27.pdf', 'Suspicious Report'],
  ] as const)('the %s report parses and holds its lines, named in content-disposition', async (type, file, title) => {
    const json = await get(`${type}?startDate=2025-10-24&endDate=2025-10-27`);
    const lines = (type === 'day' ? json.json().dayReports : json.json().suspiciousReports).map((l: { line: string }) => l.line);
    const res = await get(`export/${type}?startDate=2025-10-24&endDate=2025-10-27`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    const runs = pdfTextRuns(res.rawPayload);
    expect(runs).toContain(title);
    expect(runs).toContain('Lab days 2025-10-24 to 2025-10-27 (2025-10-24 06:00:00 – 2025-10-28 05:59:59)');
    // Every line is in the file, in order (a long line is cut with an ellipsis, never wrapped).
    const bodyRuns = runs.filter((r) => lines.some((l: string) => l.startsWith(r.replace(/…$/, ''))));
    expect(bodyRuns.length).toBe(lines.length);
  });

  it('an empty range is a PDF that says so', async () => {
    const res = await get('export/day?startDate=2025-10-26');
    expect(res.statusCode).toBe(200);
    expect(pdfTextRuns(res.rawPayload)).toContain('No data available');
  });

  it(`refuses a report of more than ${REPORT_PDF_MAX_LINES} lines with 400`, async () => {
    // Samples without analysis, two days old: one suspicious line each.
    await h.db
      .insertInto('sample')
      .values(
        Array.from({ length: REPORT_PDF_MAX_LINES + 1 }, (_, i) => ({
          sId: String(2000000000000 + i),
          sStamp: `2025-11-03 ${String(6 + Math.floor(i / 3600)).padStart(2, '0')}:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
        })),
      )
      .execute();
    const res = await get('export/suspicious?startDate=2025-11-03');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(reportPdfTooLarge(REPORT_PDF_MAX_LINES + 1));
  });
});
