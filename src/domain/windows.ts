// Default date windows (docs/dev/product-rules.md#roles 'Apply Default Filters', docs/dev/architecture.md#domain-decisions Reports). The lab day runs
// 06:00:00 to 05:59:59; readers work in three shifts. `now` is the lab-local wall clock (see
// datetime.labNow), passed in so that the rules never read a clock themselves.
import { Temporal } from 'temporal-polyfill';
import { formatFilterDateTime } from './datetime';
import type { DateFilterColumn } from './filter';
import { isAdmin } from './roles';

export interface DateWindow {
  start: Temporal.PlainDateTime;
  end: Temporal.PlainDateTime;
}

export const LAB_DAY_START_HOUR = 6;
/** Shift start hours; each shift ends one second before the next one starts. */
export const SHIFT_START_HOURS = [6, 14, 22] as const;

const at = (date: Temporal.PlainDate, hour: number): Temporal.PlainDateTime =>
  date.toPlainDateTime({ hour, minute: 0, second: 0 });

const oneSecondBefore = (dt: Temporal.PlainDateTime): Temporal.PlainDateTime => dt.subtract({ seconds: 1 });

/** The window starting at the latest of `startHours` (cyclic over days) not after `now`. */
const windowAround = (now: Temporal.PlainDateTime, startHours: readonly number[]): DateWindow => {
  const today = now.toPlainDate();
  const candidates = [
    ...startHours.map((h) => at(today.subtract({ days: 1 }), h)),
    ...startHours.map((h) => at(today, h)),
    ...startHours.map((h) => at(today.add({ days: 1 }), h)),
  ];
  const i = candidates.findLastIndex((c) => Temporal.PlainDateTime.compare(c, now) <= 0);
  return { start: candidates[i]!, end: oneSecondBefore(candidates[i + 1]!) };
};

/** The lab day holding `now`: before 06:00 it is the day that started yesterday. */
export const labDayWindow = (now: Temporal.PlainDateTime): DateWindow =>
  windowAround(now, [LAB_DAY_START_HOUR]);

/** The shift holding `now`; at 03:00 it is the night shift that started 22:00 the day before. */
export const shiftWindow = (now: Temporal.PlainDateTime): DateWindow => windowAround(now, SHIFT_START_HOURS);

/** Admins get the lab day, everyone else the current shift. */
export const defaultWindow = (roles: readonly string[], now: Temporal.PlainDateTime): DateWindow =>
  isAdmin(roles) ? labDayWindow(now) : shiftWindow(now);

/** The filter term 'Apply Default Filters' sets, e.g. 'dateIn,2025-10-01T06:00:00~2025-10-02T05:59:59'. */
export const defaultDateFilter = (
  roles: readonly string[],
  now: Temporal.PlainDateTime,
  column: DateFilterColumn = 'dateIn',
): string => {
  const w = defaultWindow(roles, now);
  return `${column},${formatFilterDateTime(w.start)}~${formatFilterDateTime(w.end)}`;
};

/** The calendar date a lab day is named after (the date on which it started at 06:00). */
export const labDayOf = (dt: Temporal.PlainDateTime): Temporal.PlainDate =>
  labDayWindow(dt).start.toPlainDate();

/** Reports and logs open with yesterday to today (docs/dev/product-rules.md#constants). */
export const defaultReportRange = (
  today: Temporal.PlainDate,
): { start: Temporal.PlainDate; end: Temporal.PlainDate } => ({
  start: today.subtract({ days: 1 }),
  end: today,
});
