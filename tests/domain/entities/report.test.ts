// The Reports answers as the Reports page reads them (src/domain/entities/report.ts,
// docs/dev/product-rules.md#records): zod drops the fields a schema does not name, so a field left
// out of a schema is a line or a chart the page never shows; and the report query's dates.
import { describe, expect, it } from 'vitest';
import * as R from '../../../src/domain/entities/report';

const stats = { avg: 17.1, min: 15.2, max: 19.4, n: 40 };
const day = {
  day: '2025-10-01',
  samplesReceived: 42,
  analysesDone: 40,
  values: { pol: stats, dry: { avg: 23, min: 21, max: 25, n: 38 } },
  outOfLimit: { pol: 2, glu: 0 },
};

describe('Reports answers', () => {
  it("a day report keeps its lines and each day's numbers for the trend charts", () => {
    const answer = {
      dayReports: [{ line: '2025-10-01: 42 samples, 40 analyses' }],
      totalItems: 1,
      days: [day],
    };
    expect(R.dayReportsResponseSchema.parse(answer)).toEqual(answer);
    expect(
      R.dayReportsResponseSchema.safeParse({ ...answer, days: [{ ...day, analysesDone: -1 }] }).success,
    ).toBe(false);
    const noCount = { avg: stats.avg, min: stats.min, max: stats.max };
    expect(
      R.dayReportsResponseSchema.safeParse({ ...answer, days: [{ ...day, values: { pol: noCount } }] })
        .success,
    ).toBe(false);
  });

  it('a suspicious report keeps its lines', () => {
    const answer = { suspiciousReports: [{ line: '4006381333931: pol 30.2 above 22' }], totalItems: 1 };
    expect(R.suspiciousReportsResponseSchema.parse(answer)).toEqual(answer);
    expect(
      R.suspiciousReportsResponseSchema.safeParse({ suspiciousReports: [{}], totalItems: 1 }).success,
    ).toBe(false);
  });
});

describe('report query', () => {
  it('keeps both dates for the rules checked after it, either may be left out', () => {
    expect(R.reportQuerySchema.parse({ startDate: '2025-10-01', endDate: '2025-10-31' })).toEqual({
      startDate: '2025-10-01',
      endDate: '2025-10-31',
    });
    expect(R.reportQuerySchema.parse({})).toEqual({});
  });
});
