// The lab's wall-clock time: `YYYY-MM-DD HH:mm:ss` in JSON and the database, `T` in filter strings.
// Parsing goes through our own pattern first because Temporal alone is too lenient for the lab's
// rule: it accepts '23:59:60' (as a leap second), fractions, offsets and other ISO forms.
import { Temporal } from 'temporal-polyfill';

export const LAB_TIMEZONE = 'Europe/Vienna';

/**
 * The years a lab date may have. ISO and Temporal allow year 0 and PostgreSQL's timestamp allows
 * 4713 BC to 294276 AD, but a beet campaign lies in neither extreme: a date outside 1900–2999 is a
 * typing error (or a probe), and refusing it everywhere a date is parsed (forms, filters, JSON
 * bodies, path parameters, imports) keeps year 0 — which PostgreSQL cannot store — from ever
 * reaching the database.
 */
export const LAB_YEAR_MIN = 1900;
export const LAB_YEAR_MAX = 2999;
const inLabYears = (year: number): boolean => year >= LAB_YEAR_MIN && year <= LAB_YEAR_MAX;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

const plainDate = (y: string, m: string, d: string): Temporal.PlainDate | null => {
  if (!inLabYears(+y)) return null;
  try {
    return Temporal.PlainDate.from({ year: +y, month: +m, day: +d }, { overflow: 'reject' });
  } catch {
    return null;
  }
};

const plainDateTime = (parts: string[]): Temporal.PlainDateTime | null => {
  const [y, mo, d, h, mi, s] = parts.map(Number) as [number, number, number, number, number, number];
  if (!inLabYears(y)) return null;
  try {
    return Temporal.PlainDateTime.from(
      { year: y, month: mo, day: d, hour: h, minute: mi, second: s },
      { overflow: 'reject' },
    );
  } catch {
    return null;
  }
};

/** `YYYY-MM-DD HH:mm:ss`, leap-year aware, 00:00:00 to 23:59:59 only, years LAB_YEAR_MIN–MAX. */
export const parseLabDateTime = (text: string): Temporal.PlainDateTime | null => {
  const m = DATETIME_RE.exec(text);
  return m && text[10] === ' ' ? plainDateTime(m.slice(1)) : null;
};

/** `YYYY-MM-DD`. */
export const parseLabDate = (text: string): Temporal.PlainDate | null => {
  const m = DATE_RE.exec(text);
  return m ? plainDate(m[1]!, m[2]!, m[3]!) : null;
};

export type DateOrDateTime =
  { kind: 'date'; date: Temporal.PlainDate } | { kind: 'datetime'; dateTime: Temporal.PlainDateTime };

export const parseDateOrDateTime = (text: string): DateOrDateTime | null => {
  const date = parseLabDate(text);
  if (date) return { kind: 'date', date };
  const dateTime = parseLabDateTime(text);
  return dateTime ? { kind: 'datetime', dateTime } : null;
};

/**
 * Texts already judged valid date-times. Imports repeat them (a sample's stamp on each of its lines,
 * one dateIn per batch), and the Temporal parse is the dearest check of a big file; an upload's row
 * checks its stamp twice (the key looked up, then the row's schema).
 */
const validDateTimes = new Set<string>();
const VALID_DATETIMES_MAX = 100_000;

export const isLabDateTime = (text: string): boolean => {
  if (validDateTimes.has(text)) return true;
  if (parseLabDateTime(text) === null) return false;
  if (validDateTimes.size >= VALID_DATETIMES_MAX) validDateTimes.clear();
  validDateTimes.add(text);
  return true;
};
export const isLabDate = (text: string): boolean => parseLabDate(text) !== null;
export const isDateOrDateTime = (text: string): boolean => parseDateOrDateTime(text) !== null;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export const formatLabDate = (d: Temporal.PlainDate | Temporal.PlainDateTime): string =>
  `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** Seconds precision: fractions are dropped, never rounded up into the next second. */
export const formatLabDateTime = (dt: Temporal.PlainDateTime): string =>
  `${formatLabDate(dt)} ${pad(dt.hour)}:${pad(dt.minute)}:${pad(dt.second)}`;

// ---- filter form: 'T' separator ---------------------------------------------------------------

/** `YYYY-MM-DDTHH:mm:ss` or `YYYY-MM-DD`, as used inside filter strings. */
export const parseFilterDateTime = (text: string): DateOrDateTime | null => {
  const date = parseLabDate(text);
  if (date) return { kind: 'date', date };
  const m = DATETIME_RE.exec(text);
  if (!m || text[10] !== 'T') return null;
  const dateTime = plainDateTime(m.slice(1));
  return dateTime ? { kind: 'datetime', dateTime } : null;
};

export const formatFilterDateTime = (dt: Temporal.PlainDateTime): string =>
  formatLabDateTime(dt).replace(' ', 'T');

/** Lab form → filter form; dates pass unchanged. Invalid input is returned unchanged too. */
export const toFilterForm = (text: string): string =>
  parseLabDateTime(text) ? text.replace(' ', 'T') : text;
/** Filter form → lab form; dates pass unchanged. */
export const fromFilterForm = (text: string): string =>
  parseFilterDateTime(text)?.kind === 'datetime' ? text.replace('T', ' ') : text;

// ---- widening a date to a datetime --------------------------------------------------------------

export const startOfDay = (d: Temporal.PlainDate): Temporal.PlainDateTime =>
  d.toPlainDateTime({ hour: 0, minute: 0, second: 0 });
export const endOfDay = (d: Temporal.PlainDate): Temporal.PlainDateTime =>
  d.toPlainDateTime({ hour: 23, minute: 59, second: 59 });

/** A range start given as a date means the start of that day. */
export const asRangeStart = (v: DateOrDateTime): Temporal.PlainDateTime =>
  v.kind === 'date' ? startOfDay(v.date) : v.dateTime;
/** A range end given as a date means the last second of that day (ranges are inclusive). */
export const asRangeEnd = (v: DateOrDateTime): Temporal.PlainDateTime =>
  v.kind === 'date' ? endOfDay(v.date) : v.dateTime;

// ---- now ----------------------------------------------------------------------------------------

export type Clock = Temporal.Instant | (() => Temporal.Instant);

/**
 * A zone's wall clock to the second, made once per zone. The polyfill's own conversion
 * (`instant.toZonedDateTimeISO(zone)`) took 0.1–0.2 ms per call, and the server asks for 'today' on
 * every view with the default day window and every report; Intl's formatter, which the polyfill
 * also ends up asking, answers in a tenth of that when kept. 'h23': midnight is hour 0, never 24.
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
const wallClock = (timeZone: string): Intl.DateTimeFormat => {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    // An unknown zone throws a RangeError here, as Temporal does.
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, clock);
  }
  return clock;
};

/** The lab-local wall clock at `now`, to the second (LAB_TIMEZONE decides, not the browser's or server's zone). */
export const labNow = (now: Clock, timeZone: string = LAB_TIMEZONE): Temporal.PlainDateTime => {
  const instant = typeof now === 'function' ? now() : now;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of wallClock(timeZone).formatToParts(instant.epochMilliseconds)) {
    if (type !== 'literal') part[type] = Number(value);
  }
  return new Temporal.PlainDateTime(part.year!, part.month!, part.day!, part.hour!, part.minute!, part.second!);
};

export const labToday = (now: Clock, timeZone: string = LAB_TIMEZONE): Temporal.PlainDate =>
  labNow(now, timeZone).toPlainDate();

/** Temporal.PlainDateTime.compare, re-exported so callers need not import the polyfill for it. */
export const compareDateTime = (a: Temporal.PlainDateTime, b: Temporal.PlainDateTime): number =>
  Temporal.PlainDateTime.compare(a, b);
