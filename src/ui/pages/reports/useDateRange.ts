// Start and end of the Reports and Logs pages as typed: yesterday to today by default (docs/dev/product-rules.md#constants).
// The rules of docs/dev/product-rules.md#field-rules are checked when a load starts (machines/dateRangeLoad.machine.ts).
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { LAB_TIMEZONE, labToday } from '../../../domain/datetime';
import { defaultReportRange } from '../../../domain/reports';

export interface DateRange {
  start: string;
  end: string;
  setStart(v: string): void;
  setEnd(v: string): void;
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
  };
}
