// The Hardware Logs page's loads: the first page of a range, then the next ones on request, each
// added to the lines shown (GET /api/logs answers at most LOG_PAGE_SIZE lines and the ID the next
// page starts below). The date-range load machine decides when each runs; the page's messages are
// passed in.
import { getLogs } from '../../../api/logs';
import type { Log, LogsPage } from '../../../domain/entities/log';
import { logHaystack } from '../../../domain/logSearch';
import { SERVER_BUSY, SERVER_TIMEOUT } from '../../../domain/messages';
import { useAuth } from '../../state/AuthProvider';
import { useDateRangeLoad, type DateRangeLoad } from '../reports/useDateRangeLoad';

export interface LoadedLogs {
  logs: Log[];
  /** The search text of each line (domain/logSearch), in the order of `logs`. */
  haystacks: string[];
  /** The range as the status line names it. */
  range: string;
  /** Every line of the range, loaded or not. */
  totalItems: number;
  /** Where the next page starts; null when every line of the range is loaded. */
  nextBefore: number | null;
  /** Read by the load machine: a further page exists. */
  more: boolean;
  /** The lines the last refresh brought (changed elsewhere: marked), and a count of such refreshes. */
  fresh: string[];
  freshSeq: number;
}

const withPage = (previous: LoadedLogs | null, page: LogsPage, range: string): LoadedLogs => ({
  logs: previous ? [...previous.logs, ...page.logs] : page.logs,
  haystacks: [...(previous?.haystacks ?? []), ...page.logs.map(logHaystack)],
  range,
  totalItems: page.totalItems,
  nextBefore: page.nextBefore,
  more: page.nextBefore !== null,
  fresh: previous?.fresh ?? [],
  freshSeq: previous?.freshSeq ?? 0,
});

/**
 * The shown lines with the range's newest page over them (a change event of the hardware log): its
 * lines past the newest shown go on top, marked. When the newest page is all new, lines between it and
 * the shown ones may be missing: the range starts over from that page.
 */
export const withNewest = (previous: LoadedLogs, page: LogsPage): LoadedLogs => {
  const top = previous.logs.reduce((max, l) => Math.max(max, l.logId), -Infinity);
  const added = page.logs.filter((l) => l.logId > top);
  if (added.length === 0) return { ...previous, totalItems: page.totalItems };
  const fresh = added.map((l) => String(l.logId));
  if (added.length === page.logs.length && page.nextBefore !== null)
    return { ...withPage(null, page, previous.range), fresh, freshSeq: previous.freshSeq + 1 };
  return {
    ...previous,
    logs: [...added, ...previous.logs],
    haystacks: [...added.map(logHaystack), ...previous.haystacks],
    totalItems: page.totalItems,
    fresh,
    freshSeq: previous.freshSeq + 1,
  };
};

/** What a failed load says: a date rule's 400, the busy 503 of a long range, else the timeout text. */
export const logsFailureMessage = (error: unknown): string => {
  const status = (error as { status?: number }).status;
  return status === 400 ? (error as Error).message : status === 503 ? SERVER_BUSY : SERVER_TIMEOUT;
};

export interface LogPageHandlers {
  notifyError(message: string): void;
  cleared(): void;
}

export function useLogPages(handlers: LogPageHandlers): DateRangeLoad<LoadedLogs> {
  const { http } = useAuth();
  return useDateRangeLoad<LoadedLogs>({
    load: async ({ start, end }, signal) =>
      withPage(null, await getLogs(http, start, end, { signal }), end && end !== start ? `${start} – ${end}` : start),
    loadMore: async ({ start, end }, previous, signal) =>
      withPage(
        previous,
        await getLogs(http, start, end, { signal, before: previous.nextBefore ?? undefined }),
        previous.range,
      ),
    refresh: async ({ start, end }, previous, signal) => withNewest(previous, await getLogs(http, start, end, { signal })),
    invalid: (message) => handlers.notifyError(message),
    failed: (error) => handlers.notifyError(logsFailureMessage(error)),
    cleared: () => handlers.cleared(),
  });
}
