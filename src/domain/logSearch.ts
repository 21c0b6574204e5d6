// The Logs page's search box (docs/dev/product-rules.md#screens): filters the shown lines as you type. Every word must occur
// somewhere in the line's ID, time, level or info, in any case and order ('error printer' finds
// 'ERROR … Label printer: not reachable').
import type { Log } from './entities/log';

export const logHaystack = (l: Log): string => `${l.logId} ${l.dateCreated} ${l.level} ${l.info}`.toLowerCase();

export const searchWords = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/** The lines matching `query` (all when blank), order kept. `haystacks[i]` belongs to `logs[i]`. */
export const filterLogs = (logs: readonly Log[], haystacks: readonly string[], query: string): readonly Log[] => {
  const words = searchWords(query);
  if (words.length === 0) return logs;
  return logs.filter((_, i) => words.every((w) => haystacks[i]!.includes(w)));
};
