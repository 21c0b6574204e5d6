// Report content (docs/dev/architecture.md#domain-decisions Reports, docs/dev/product-rules.md#screens Reports): lab days, the
// day report's lines, the suspicious samples and their reasons, the page's status lines.
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md): in outOfLimitReasons `v === undefined`
// made false (undefined is neither below nor above a limit); in repeatReasons `analyses.length < 2`
// and `values.length < 2` made false (one value has no spread, and none gives -Infinity), and
// `spread > tolerance + 1e-9` as `>=` (a spread equal to tolerance + 1e-9 to the last bit is no
// lab figure).
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  andSuspiciousIds,
  calendarDaySpan,
  currentlyShowingDayReports,
  dayReport,
  dayReportBlock,
  defaultReportRange,
  labDayOf,
  labDaySpan,
  labDaysOf,
  reportFileName,
  reportPdfTooLarge,
  suspicionReasons,
  suspiciousReport,
  type DayStats,
  type ReportLimits,
  type SampleFacts,
} from '../../src/domain/reports';
import { checkDateRange, validateDateRange } from '../../src/domain/rules/dateRange';
import { CHECK_DATES, FUTURE_DATE, START_BEFORE_END, START_DATE_REQUIRED } from '../../src/domain/messages';

const dt = (s: string) => Temporal.PlainDateTime.from(s.replace(' ', 'T'));
const d = (s: string) => Temporal.PlainDate.from(s);

describe('lab days', () => {
  it.each([
    ['2025-10-24 06:00:00', '2025-10-24'],
    ['2025-10-24 05:59:59', '2025-10-23'],
    ['2025-10-24 23:59:59', '2025-10-24'],
    ['2025-10-25 00:00:00', '2025-10-24'],
    // The night the clocks go back: both 02:30s are wall-clock 02:30, in the lab day before.
    ['2025-10-26 02:30:00', '2025-10-25'],
    // The night they go forward (02:00 → 03:00 in March).
    ['2026-03-29 03:00:00', '2026-03-28'],
  ])('%s belongs to lab day %s', (stamp, day) => expect(labDayOf(dt(stamp)).toString()).toBe(day));

  it('a range of lab days runs from the first 06:00:00 to 05:59:59 after the last', () => {
    expect(labDaySpan(d('2025-10-24'), d('2025-10-27'))).toEqual({
      from: '2025-10-24 06:00:00',
      to: '2025-10-28 05:59:59',
    });
    expect(labDaySpan(d('2025-12-31'))).toEqual({ from: '2025-12-31 06:00:00', to: '2026-01-01 05:59:59' });
  });

  it('log days are calendar days', () =>
    expect(calendarDaySpan(d('2026-02-28'), d('2026-03-01'))).toEqual({
      from: '2026-02-28 00:00:00',
      to: '2026-03-01 23:59:59',
    }));

  it('lists the days of a range, across a month end', () =>
    expect(labDaysOf(d('2025-10-30'), d('2025-11-02')).map(String)).toEqual([
      '2025-10-30',
      '2025-10-31',
      '2025-11-01',
      '2025-11-02',
    ]));

  it('the default range is yesterday to today (docs/dev/product-rules.md#constants)', () =>
    expect(defaultReportRange(d('2026-03-01'))).toEqual({ start: '2026-02-28', end: '2026-03-01' }));
});

describe('date rules (docs/dev/product-rules.md#field-rules)', () => {
  const today = d('2026-11-24');
  it.each([
    ['', '', START_DATE_REQUIRED],
    ['   ', '2026-11-20', START_DATE_REQUIRED],
    ['2026-11-25', '', FUTURE_DATE],
    ['2026-11-20', '2026-11-26', FUTURE_DATE],
    ['2026-11-22', '2026-11-21', START_BEFORE_END],
    ['2026-11-31', '', CHECK_DATES],
    ['2026-11-20', 'morgen', CHECK_DATES],
    ['20.11.2026', '', CHECK_DATES],
  ])('%j … %j → %s', (start, end, message) => expect(validateDateRange(start, end, today)).toBe(message));

  it.each([
    ['2026-11-23', '2026-11-24'],
    ['2026-11-24', '2026-11-25'],
    ['2026-11-24', '2026-11-24'],
    ['2024-02-29', ''],
  ])('%s … %s is fine', (start, end) => expect(checkDateRange(start, end, today).ok).toBe(true));
});

const LIMITS: ReportLimits = {
  pol: { min: 10, max: 25 },
  nat: { min: 0.1, max: 5 },
  kal: { min: 1.5, max: 10 },
  an: { min: 0.3, max: 6 },
  glu: { min: 0, max: 5 },
  dry: { min: 15, max: 30 },
};
const NOW = dt('2025-10-28 12:00:00');
const fine = (over: Partial<SampleFacts> = {}): SampleFacts => ({
  sId: '1000000000002',
  sStamp: '2025-10-27 10:00:00',
  weightNet: 10,
  weightBru: 11,
  weightTar: 1,
  analyses: [{ aId: 1, values: { pol: 18, nat: 1, kal: 4, an: 1, glu: 0.5, dry: 23 } }],
  ...over,
});

describe('suspicious samples', () => {
  it('a sample inside every rule is not suspicious', () =>
    expect(suspicionReasons(fine(), LIMITS, NOW)).toEqual([]));

  it('out of limit, below and above, naming the analysis', () =>
    expect(
      suspicionReasons(fine({ analyses: [{ aId: 7, values: { pol: 9.99, dry: 30.01 } }] }), LIMITS, NOW),
    ).toEqual(['out of limit: Pol 9,99 below 10 (aId 7), Dry 30,01 above 30 (aId 7)']));

  it('a value on its limit is inside', () =>
    expect(
      suspicionReasons(fine({ analyses: [{ aId: 7, values: { pol: 25, glu: 0 } }] }), LIMITS, NOW),
    ).toEqual([]));

  it('no limit known: not judged', () =>
    expect(suspicionReasons(fine({ analyses: [{ aId: 7, values: { pol: 99 } }] }), {}, NOW)).toEqual([]));

  it('net above gross', () =>
    expect(suspicionReasons(fine({ weightNet: 12, weightBru: 11, weightTar: null }), LIMITS, NOW)).toEqual([
      'weight inconsistent: net 12,000 kg above gross 11,000 kg',
    ]));

  it('net plus tare is not gross; within half a gram it is', () => {
    expect(suspicionReasons(fine({ weightTar: 1.25 }), LIMITS, NOW)).toEqual([
      'weight inconsistent: net 10,000 + tare 1,250 kg is not gross 11,000 kg',
    ]);
    expect(suspicionReasons(fine({ weightNet: 9.9996 }), LIMITS, NOW)).toEqual([]);
  });

  it('repeats that disagree beyond the tolerance; those within agree', () => {
    const a = (aId: number, pol: number, glu: number) => ({ aId, values: { pol, glu } });
    expect(suspicionReasons(fine({ analyses: [a(1, 18, 0.5), a(2, 18.3, 0.6)] }), LIMITS, NOW)).toEqual([]);
    expect(
      suspicionReasons(fine({ analyses: [a(1, 18, 0.5), a(2, 18.31, 0.5), a(3, 18.1, 0.5)] }), LIMITS, NOW),
    ).toEqual(['repeated analyses disagree: Pol 18,00 / 18,31 / 18,10 (spread 0,31 > 0,3)']);
  });

  it('no analysis more than 24 h after arrival; not before', () => {
    expect(suspicionReasons(fine({ analyses: [], sStamp: '2025-10-27 11:59:59' }), LIMITS, NOW)).toEqual([
      'no analysis 24 h after arrival',
    ]);
    expect(suspicionReasons(fine({ analyses: [], sStamp: '2025-10-27 12:00:00' }), LIMITS, NOW)).toEqual([]);
  });

  it('an unknown value is not judged against its limit, nor in the repeats', () => {
    expect(
      suspicionReasons(fine({ analyses: [{ aId: 7, values: { pol: null, glu: null } }] }), LIMITS, NOW),
    ).toEqual([]);
    const a = (aId: number, pol: number | null | undefined) => ({
      aId,
      values: pol === undefined ? {} : { pol },
    });
    expect(suspicionReasons(fine({ analyses: [a(1, 18), a(2, null), a(3, 18.1)] }), LIMITS, NOW)).toEqual([]);
    expect(
      suspicionReasons(fine({ analyses: [a(1, 18), a(2, 19), a(3, undefined), a(4, null)] }), LIMITS, NOW),
    ).toEqual(['repeated analyses disagree: Pol 18,00 / 19,00 (spread 1,00 > 0,3)']);
  });

  it('two analyses that disagree; each value that disagrees is named', () => {
    const a = (aId: number, pol: number, glu: number) => ({ aId, values: { pol, glu } });
    expect(suspicionReasons(fine({ analyses: [a(1, 18, 0.5), a(2, 18.5, 0.5)] }), LIMITS, NOW)).toEqual([
      'repeated analyses disagree: Pol 18,00 / 18,50 (spread 0,50 > 0,3)',
    ]);
    expect(suspicionReasons(fine({ analyses: [a(1, 18, 0.5), a(2, 18.5, 0.7)] }), LIMITS, NOW)).toEqual([
      'repeated analyses disagree: Pol 18,00 / 18,50 (spread 0,50 > 0,3), Glu 0,50 / 0,70 (spread 0,20 > 0,1)',
    ]);
  });

  it('weights: an unknown net or gross is not judged, an unknown tare only spares the sum, half a gram is rounding', () => {
    expect(suspicionReasons(fine({ weightNet: null, weightBru: 11, weightTar: 5 }), LIMITS, NOW)).toEqual([]);
    expect(suspicionReasons(fine({ weightNet: 10, weightBru: null, weightTar: 5 }), LIMITS, NOW)).toEqual([]);
    expect(suspicionReasons(fine({ weightNet: 10, weightBru: 11, weightTar: null }), LIMITS, NOW)).toEqual(
      [],
    );
    expect(suspicionReasons(fine({ weightNet: 0.0005, weightBru: 0, weightTar: null }), LIMITS, NOW)).toEqual(
      [],
    );
    expect(suspicionReasons(fine({ weightNet: 0, weightBru: 0, weightTar: 0.0005 }), LIMITS, NOW)).toEqual(
      [],
    );
  });

  it('a stamp that cannot be read is not judged as waiting', () =>
    expect(suspicionReasons(fine({ analyses: [], sStamp: 'unknown' }), LIMITS, NOW)).toEqual([]));

  it("a sample's reasons are joined by '; ', samples of one stamp in sId order", () =>
    expect(
      suspiciousReport(
        [
          fine({ sId: '5', analyses: [], sStamp: '2025-10-26 09:00:00' }),
          fine({
            sId: '4',
            sStamp: '2025-10-26 09:00:00',
            weightNet: 12,
            analyses: [{ aId: 9, values: { pol: 9 } }],
          }),
        ],
        LIMITS,
        NOW,
      ),
    ).toEqual([
      '4|2025-10-26 09:00:00: out of limit: Pol 9,00 below 10 (aId 9); weight inconsistent: net 12,000 kg above gross 11,000 kg',
      '5|2025-10-26 09:00:00: no analysis 24 h after arrival',
    ]));

  it('the report: one line per suspicious sample, in stamp order, the fine ones left out', () =>
    expect(
      suspiciousReport(
        [
          fine({ sId: '3', sStamp: '2025-10-27 09:00:00', weightNet: 12 }),
          fine({ sId: '1' }),
          fine({ sId: '2', sStamp: '2025-10-26 09:00:00', analyses: [] }),
        ],
        LIMITS,
        NOW,
      ),
    ).toEqual([
      '2|2025-10-26 09:00:00: no analysis 24 h after arrival',
      '3|2025-10-27 09:00:00: weight inconsistent: net 12,000 kg above gross 11,000 kg',
    ]));
});

describe('day report', () => {
  const day = (over: Partial<DayStats>): DayStats => ({
    day: '2025-10-24',
    samplesReceived: 0,
    analysesDone: 0,
    values: {},
    outOfLimit: {},
    ...over,
  });

  it('a block: the span, counts, the statistics of each value present, the out-of-limit count', () =>
    expect(
      dayReportBlock(
        day({
          samplesReceived: 4,
          analysesDone: 1,
          values: { pol: { avg: 18.456, min: 18.456, max: 18.456, n: 1 } },
          outOfLimit: { pol: 1 },
        }),
      ),
    ).toEqual([
      'Lab day 2025-10-24 (2025-10-24 06:00:00 – 2025-10-25 05:59:59)',
      'Samples received: 4',
      'Analyses done: 1',
      // Issue 27: the decimal comma of the chart and table beside the lines (domain/numberFormat).
      'Pol: average 18,46, min 18,46, max 18,46 (1 value)',
      'Out of limit: 1 value (Pol 1)',
    ]));

  it('every value by its name, plural counts, several values out of limit, none out of limit', () => {
    const stats = (avg: number, n: number) => ({ avg, min: avg, max: avg, n });
    const values = {
      pol: stats(18, 2),
      nat: stats(1, 3),
      kal: stats(4, 1),
      an: stats(1.5, 1),
      glu: stats(0.5, 1),
      dry: stats(23, 1),
    };
    expect(
      dayReportBlock(
        day({ samplesReceived: 3, analysesDone: 3, values, outOfLimit: { nat: 2, glu: 1, dry: 0 } }),
      ).slice(3),
    ).toEqual([
      'Pol: average 18,00, min 18,00, max 18,00 (2 values)',
      'Na: average 1,00, min 1,00, max 1,00 (3 values)',
      'K: average 4,00, min 4,00, max 4,00 (1 value)',
      'AmN: average 1,50, min 1,50, max 1,50 (1 value)',
      'Glu: average 0,50, min 0,50, max 0,50 (1 value)',
      'Dry: average 23,00, min 23,00, max 23,00 (1 value)',
      'Out of limit: 3 values (Na 2, Glu 1)',
    ]);
    expect(dayReportBlock(day({ samplesReceived: 1, outOfLimit: { pol: 0 } })).at(-1)).toBe(
      'Out of limit: 0 values',
    );
  });

  it('leaves out days without activity, sorts by day and counts one report per day', () => {
    const r = dayReport([
      day({ day: '2025-10-26', analysesDone: 1 }),
      day({ day: '2025-10-25' }),
      day({ samplesReceived: 1 }),
    ]);
    expect(r.reports).toBe(2);
    expect(r.lines.filter((l) => l.startsWith('Lab day')).map((l) => l.slice(8, 18))).toEqual([
      '2025-10-24',
      '2025-10-26',
    ]);
  });
});

it('PDF file names', () => {
  expect(reportFileName('day', '2025-10-24', '2025-10-27')).toBe('day-report_2025-10-24_2025-10-27.pdf');
  expect(reportFileName('suspicious', '2025-10-24', '2025-10-24')).toBe(
    'suspicious-report_2025-10-24_2025-10-24.pdf',
  );
});

it("the page's status lines and the PDF's size message, in the spec's words", () => {
  expect(currentlyShowingDayReports(3)).toBe('Currently showing 3 Day Report(s)');
  expect(andSuspiciousIds(2)).toBe('and 2 suspicious SampleSelection-Id(s)');
  expect(reportPdfTooLarge(5001)).toBe(
    'The report PDF is limited to 5000 lines but this report has 5001. Please choose fewer days.',
  );
});
