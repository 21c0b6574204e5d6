// Start and end of the Reports and Logs pages: yesterday to today by default (spec §9), checked with
// the rules of spec §5 (domain/rules/dateRange.ts) against the lab's today.
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { LAB_TIMEZONE, labToday } from '../../../domain/datetime';
import { defaultReportRange } from '../../../domain/reports';
import { checkDateRange, type DateRangeResult } from '../../../domain/rules/dateRange';

export interface DateRange {
  start: string;
  end: string;
  setStart(v: string): void;
  setEnd(v: string): void;
  /** The rules' verdict for the current text (today read now). */
  check(): DateRangeResult;
}

export function useDateRange(): DateRange {
  const [initial] = useState(() => defaultReportRange(labToday(Temporal.Now.instant(), LAB_TIMEZONE)));
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  return {
    start,
    end,
    setStart,
    setEnd,
    check: () => checkDateRange(start, end, labToday(Temporal.Now.instant(), LAB_TIMEZONE)),
  };
}
