// Start and end of the Reports and Logs pages (docs/dev/product-rules.md#field-rules). `today` is the lab's date, passed in so
// that the rule does not read a clock.
import { Temporal } from 'temporal-polyfill';
import { parseLabDate } from '../datetime';
import { CHECK_DATES, FUTURE_DATE, START_BEFORE_END, START_DATE_REQUIRED } from '../messages';

export type DateRangeResult =
  { ok: true; start: Temporal.PlainDate; end: Temporal.PlainDate | null } | { ok: false; message: string };

/**
 * In order: a start is required; both must parse; the start may not lie after today nor the end
 * after tomorrow (logs of the running lab day reach into tomorrow morning); the end may equal the
 * start but not precede it. An empty end means the start day alone.
 */
export const checkDateRange = (
  start: string | null | undefined,
  end: string | null | undefined,
  today: Temporal.PlainDate,
): DateRangeResult => {
  const s = (start ?? '').trim();
  const e = (end ?? '').trim();
  if (s === '') return { ok: false, message: START_DATE_REQUIRED };
  const sd = parseLabDate(s);
  const ed = e === '' ? null : parseLabDate(e);
  if (!sd || (e !== '' && !ed)) return { ok: false, message: CHECK_DATES };
  const cmp = Temporal.PlainDate.compare;
  if (cmp(sd, today) > 0 || (ed && cmp(ed, today.add({ days: 1 })) > 0))
    return { ok: false, message: FUTURE_DATE };
  if (ed && cmp(ed, sd) < 0) return { ok: false, message: START_BEFORE_END };
  return { ok: true, start: sd, end: ed };
};

export const validateDateRange = (
  start: string | null | undefined,
  end: string | null | undefined,
  today: Temporal.PlainDate,
): string | null => {
  const r = checkDateRange(start, end, today);
  return r.ok ? null : r.message;
};
