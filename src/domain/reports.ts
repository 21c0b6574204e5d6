// Report content rules (docs/dev/architecture.md#domain-decisions Reports) and the date spans of the Reports and Logs pages.
// The server gathers numbers with SQL; what a line says, and when a sample is suspicious, is
// decided here once, so the tests pin the wording and the rules without a database.
//
// Times are the lab's wall clock ('YYYY-MM-DD HH:mm:ss', no zone), as stored. A lab day is the
// wall-clock span 06:00:00 to 05:59:59 of the next date; on the night the clocks go back it holds
// 25 hours of stamps, on the night they go forward 23, and every stamp falls into exactly one day.
import { formatDecimal, formatLabNumber } from './numberFormat';
import { Temporal } from 'temporal-polyfill';
import { AVERAGED_FIELDS, type AveragedField } from './constants';
import { formatLabDate, formatLabDateTime, parseLabDateTime, startOfDay, endOfDay } from './datetime';

export const LAB_DAY_START_HOUR = 6;

/** What each measured value is called in report lines (as the Analysis table's headers). */
export const REPORT_VALUE_NAMES: Readonly<Record<AveragedField, string>> = {
  pol: 'Pol',
  nat: 'Na',
  kal: 'K',
  an: 'AmN',
  glu: 'Glu',
  dry: 'Dry',
};

/** The lab day a stamp belongs to: its date, or the day before when it is before 06:00. */
export const labDayOf = (stamp: Temporal.PlainDateTime): Temporal.PlainDate =>
  stamp.subtract({ hours: LAB_DAY_START_HOUR }).toPlainDate();

export interface TimeSpan {
  /** First second, inclusive. */
  from: string;
  /** Last second, inclusive. */
  to: string;
}

/** Lab days `start` … `end` (inclusive): from start 06:00:00 to the day after end, 05:59:59. */
export const labDaySpan = (start: Temporal.PlainDate, end: Temporal.PlainDate = start): TimeSpan => ({
  from: formatLabDateTime(start.toPlainDateTime({ hour: LAB_DAY_START_HOUR })),
  to: formatLabDateTime(
    end.add({ days: 1 }).toPlainDateTime({ hour: LAB_DAY_START_HOUR }).subtract({ seconds: 1 }),
  ),
});

/**
 * Calendar days `start` … `end` for the hardware log: instruments stamp their lines with the
 * calendar time, and a night's lines are found under the next date (end may be tomorrow, docs/dev/product-rules.md#field-rules).
 */
export const calendarDaySpan = (start: Temporal.PlainDate, end: Temporal.PlainDate = start): TimeSpan => ({
  from: formatLabDateTime(startOfDay(start)),
  to: formatLabDateTime(endOfDay(end)),
});

/** The pages' default range (docs/dev/product-rules.md#constants): yesterday to today. */
export const defaultReportRange = (today: Temporal.PlainDate): { start: string; end: string } => ({
  start: formatLabDate(today.subtract({ days: 1 })),
  end: formatLabDate(today),
});

/** The lab days of a range, in order. */
export const labDaysOf = (start: Temporal.PlainDate, end: Temporal.PlainDate): Temporal.PlainDate[] => {
  const days: Temporal.PlainDate[] = [];
  for (let d = start; Temporal.PlainDate.compare(d, end) <= 0; d = d.add({ days: 1 })) days.push(d);
  return days;
};

// ---- day report ----------------------------------------------------------------------------------

export interface ValueStats {
  avg: number;
  min: number;
  max: number;
  /** How many analyses had the value. */
  n: number;
}

export interface DayStats {
  /** 'YYYY-MM-DD' of the lab day. */
  day: string;
  samplesReceived: number;
  analysesDone: number;
  values: Partial<Record<AveragedField, ValueStats>>;
  /** Values outside their limit, per value. */
  outOfLimit: Partial<Record<AveragedField, number>>;
}

const fixed = (n: number): string => formatDecimal(n, 2);

/** A day with nothing received and nothing analysed is left out of the report. */
export const hasActivity = (d: DayStats): boolean => d.samplesReceived > 0 || d.analysesDone > 0;

/** The block of lines of one lab day. */
export const dayReportBlock = (d: DayStats): string[] => {
  const span = labDaySpan(Temporal.PlainDate.from(d.day));
  const lines = [
    `Lab day ${d.day} (${span.from} – ${span.to})`,
    `Samples received: ${d.samplesReceived}`,
    `Analyses done: ${d.analysesDone}`,
  ];
  for (const field of AVERAGED_FIELDS) {
    const s = d.values[field];
    if (s) lines.push(`${REPORT_VALUE_NAMES[field]}: average ${fixed(s.avg)}, min ${fixed(s.min)}, max ${fixed(s.max)} (${s.n} value${s.n === 1 ? '' : 's'})`);
  }
  const out = AVERAGED_FIELDS.filter((f) => (d.outOfLimit[f] ?? 0) > 0);
  const total = out.reduce((n, f) => n + (d.outOfLimit[f] ?? 0), 0);
  lines.push(
    total === 0
      ? 'Out of limit: 0 values'
      : `Out of limit: ${total} value${total === 1 ? '' : 's'} (${out.map((f) => `${REPORT_VALUE_NAMES[f]} ${d.outOfLimit[f]}`).join(', ')})`,
  );
  return lines;
};

/** The day report: the blocks of the days with activity, in date order; one report per lab day. */
export const dayReport = (days: readonly DayStats[]): { lines: string[]; reports: number } => {
  const active = [...days].filter(hasActivity).sort((a, b) => a.day.localeCompare(b.day));
  return { lines: active.flatMap(dayReportBlock), reports: active.length };
};

// ---- suspicious report -----------------------------------------------------------------------

export interface NumericLimit {
  min: number;
  max: number;
}
export type ReportLimits = Partial<Record<AveragedField, NumericLimit>>;

export interface AnalysisFacts {
  aId: number;
  values: Partial<Record<AveragedField, number | null>>;
}

export interface SampleFacts {
  sId: string;
  sStamp: string;
  weightNet: number | null;
  weightBru: number | null;
  weightTar: number | null;
  analyses: readonly AnalysisFacts[];
}

/**
 * How far repeated analyses of one sample may differ before they "disagree": about twice the
 * repeatability of the lab's methods (Pol in °Z, Na/K/AmN in mmol/100 g, Glu and Dry in %).
 */
export const REPEAT_TOLERANCE: Readonly<Record<AveragedField, number>> = {
  pol: 0.3,
  nat: 0.3,
  kal: 0.3,
  an: 0.3,
  glu: 0.1,
  dry: 1.0,
};

/** Weights are stored to the gram (kg with 3 decimals); a difference below half a gram is rounding. */
export const WEIGHT_TOLERANCE = 0.0005;

/** A sample without analysis is suspicious once it waited longer than this after arriving. */
export const ANALYSIS_WAIT_HOURS = 24;

const outOfLimitReasons = (s: SampleFacts, limits: ReportLimits): string[] =>
  s.analyses.flatMap((a) =>
    AVERAGED_FIELDS.flatMap((f) => {
      const v = a.values[f];
      const lim = limits[f];
      if (v === null || v === undefined || !lim) return [];
      if (v < lim.min) return [`${REPORT_VALUE_NAMES[f]} ${fixed(v)} below ${formatLabNumber(lim.min)} (aId ${a.aId})`];
      if (v > lim.max) return [`${REPORT_VALUE_NAMES[f]} ${fixed(v)} above ${formatLabNumber(lim.max)} (aId ${a.aId})`];
      return [];
    }),
  );

const w = (n: number): string => formatDecimal(n, 3);

const weightReason = (s: SampleFacts): string | null => {
  const { weightNet: net, weightBru: gross, weightTar: tare } = s;
  if (net === null || gross === null) return null;
  if (net - gross > WEIGHT_TOLERANCE) return `net ${w(net)} kg above gross ${w(gross)} kg`;
  if (tare !== null && Math.abs(net + tare - gross) > WEIGHT_TOLERANCE)
    return `net ${w(net)} + tare ${w(tare)} kg is not gross ${w(gross)} kg`;
  return null;
};

const repeatReasons = (s: SampleFacts): string[] => {
  if (s.analyses.length < 2) return [];
  return AVERAGED_FIELDS.flatMap((f) => {
    const values = s.analyses.map((a) => a.values[f]).filter((v): v is number => v !== null && v !== undefined);
    if (values.length < 2) return [];
    const spread = Math.max(...values) - Math.min(...values);
    return spread > REPEAT_TOLERANCE[f] + 1e-9
      ? [`${REPORT_VALUE_NAMES[f]} ${values.map(fixed).join(' / ')} (spread ${fixed(spread)} > ${formatLabNumber(REPEAT_TOLERANCE[f])})`]
      : [];
  });
};

/** Whether the sample has waited longer than ANALYSIS_WAIT_HOURS at `now` without any analysis. */
const waitingTooLong = (s: SampleFacts, now: Temporal.PlainDateTime): boolean => {
  if (s.analyses.length > 0) return false;
  const stamp = parseLabDateTime(s.sStamp);
  return stamp !== null && Temporal.PlainDateTime.compare(stamp.add({ hours: ANALYSIS_WAIT_HOURS }), now) < 0;
};

/** Why a sample is suspicious, each reason once; empty when it is not. */
export const suspicionReasons = (s: SampleFacts, limits: ReportLimits, now: Temporal.PlainDateTime): string[] => {
  const reasons: string[] = [];
  const out = outOfLimitReasons(s, limits);
  if (out.length) reasons.push(`out of limit: ${out.join(', ')}`);
  const weight = weightReason(s);
  if (weight) reasons.push(`weight inconsistent: ${weight}`);
  const repeats = repeatReasons(s);
  if (repeats.length) reasons.push(`repeated analyses disagree: ${repeats.join(', ')}`);
  if (waitingTooLong(s, now)) reasons.push(`no analysis ${ANALYSIS_WAIT_HOURS} h after arrival`);
  return reasons;
};

/** One line per suspicious sample, in stamp order: 'sId|sStamp: reason; reason'. */
export const suspiciousReport = (
  samples: readonly SampleFacts[],
  limits: ReportLimits,
  now: Temporal.PlainDateTime,
): string[] =>
  [...samples]
    .sort((a, b) => a.sStamp.localeCompare(b.sStamp) || a.sId.localeCompare(b.sId))
    .flatMap((s) => {
      const reasons = suspicionReasons(s, limits, now);
      return reasons.length ? [`${s.sId}|${s.sStamp}: ${reasons.join('; ')}`] : [];
    });

// ---- the page's status lines (docs/dev/product-rules.md#screens Reports) ----------------------------------------------

export const currentlyShowingDayReports = (n: number): string => `Currently showing ${n} Day Report(s)`;
export const andSuspiciousIds = (n: number): string => `and ${n} suspicious SampleSelection-Id(s)`;

/** File name of a report PDF: 'day-report_2026-10-24_2026-10-25.pdf'. */
export const reportFileName = (type: 'day' | 'suspicious', start: string, end: string): string =>
  `${type === 'day' ? 'day-report' : 'suspicious-report'}_${start}_${end}.pdf`;

/** A report PDF is for reading: as many lines as the list PDFs have rows (server exports/pdf-table). */
export const REPORT_PDF_MAX_LINES = 5000;
export const reportPdfTooLarge = (n: number): string =>
  `The report PDF is limited to ${REPORT_PDF_MAX_LINES} lines but this report has ${n}. Please choose fewer days.`;
