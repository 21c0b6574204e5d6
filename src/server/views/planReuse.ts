// Which list views keep their plan on PostgreSQL (db/pg-prepared.ts): those whose every filter is
// a date window of at most a day (the default of every role: the lab day or the shift) and that
// select nothing by hand. PostgreSQL makes a generic plan without the values; with both ends of a
// date window unknown it takes the window for 0.5 % of the rows and reads it by the date's index,
// then sorts. That is the plan a day or a shift wants, whatever the sort, and it spares the 1–3 ms of
// planning the view took per request. For a wider window (a campaign's 110,000 analyses) the same
// plan was five times slower than a plan made for its values (156 ms against 29 ms for 50 rows),
// and other filters (an sId's digits, flags) are planned by their values too: those are planned for
// every request, as before.
import type { FilterTerm } from '../../domain/filter';
import type { ViewRequest } from './request';

/** The widest date window whose plan is kept. */
const MAX_WINDOW_SECONDS = 24 * 60 * 60;

const isDayWindow = (term: FilterTerm): boolean => {
  if (!('from' in term) || term.from === null || term.to === null) return false;
  // A window that ends before it starts matches nothing: the day's plan serves it too.
  return term.from.until(term.to, { largestUnit: 'second' }).seconds <= MAX_WINDOW_SECONDS;
};

/** True when the view's statement may keep one plan for every request of its shape. */
export const reusesPlan = (request: ViewRequest): boolean =>
  request.terms.length > 0 && !request.hasSelection && request.selectionSId.length === 0 && request.terms.every(isDayWindow);
