// Synchronization status and intervals (docs/dev/product-rules.md#behaviour Sync status, docs/dev/product-rules.md#constants).
import { SYNC_STATUSES, type SyncStatus, type SyncUnit } from './entities/syncEntry';
import { MS_PER_UNIT } from './syncInterval';

export { SYNC_INTERVAL_MAX, syncIntervalMessage } from './syncInterval';

export { SYNC_STATUSES };
export type { SyncStatus, SyncUnit };

/** Worst first: one failing entry makes the whole synchronization ERROR. */
const SEVERITY: readonly SyncStatus[] = ['ERROR', 'RUNNING', 'DONE'];

export const overallStatus = (statuses: readonly SyncStatus[]): SyncStatus =>
  SEVERITY.find((s) => statuses.includes(s)) ?? 'UNKNOWN';

const MINUTES_PER: Record<SyncUnit, number> = { SECONDS: 1 / 60, MINUTES: 1, HOURS: 60, DAYS: 1440 };

/** The interval as the page's minute slider shows it (SECONDS are divided by 60). */
export const intervalInMinutes = (timeInterval: number, unit: SyncUnit): number =>
  timeInterval * MINUTES_PER[unit];

/** The scheduler's period. */
export const intervalMs = (timeInterval: number, unit: SyncUnit): number => timeInterval * MS_PER_UNIT[unit];

/**
 * How a status looks (docs/dev/product-rules.md#behaviour): DONE light green, ERROR light red, RUNNING light yellow, anything
 * else grey. The word is always shown beside the colour ('Unknown' for UNKNOWN), never colour alone.
 */
export type StatusTone = 'done' | 'error' | 'running' | 'unknown';
export const statusTone = (status: SyncStatus): StatusTone =>
  status === 'DONE' ? 'done' : status === 'ERROR' ? 'error' : status === 'RUNNING' ? 'running' : 'unknown';
export const statusWord = (status: SyncStatus): string =>
  status === 'UNKNOWN' ? 'Unknown' : status.charAt(0) + status.slice(1).toLowerCase();

// ---- run log -------------------------------------------------------------------------------------

/** The run log marks each line that says why a file (or the run) failed; the page shows those lines. */
export const RUN_LOG_FAILURE = 'FAILED ';

/**
 * The failures of an entry's latest run, from its run log text (GET /config/sync/logs/{id}: newest
 * run first, '=== Run …' heading each run, lines 'HH:MM:SS text'): the failure lines' text.
 */
export const latestRunFailures = (logText: string): string[] => {
  const runs = logText.split(/^=== Run /m);
  const latest = runs[1] ?? '';
  return latest
    .split('\n')
    .map((l) => l.replace(/^\d\d:\d\d:\d\d /, ''))
    .filter((l) => l.startsWith(RUN_LOG_FAILURE))
    .map((l) => l.slice(RUN_LOG_FAILURE.length));
};

/** 'waiting: 1 file still changing', 'waiting: 2 files still changing'. */
export const waitingFiles = (n: number): string => `waiting: ${n} file${n === 1 ? '' : 's'} still changing`;

/**
 * The files the latest run left waiting (issue 28), from its closing line ('Sync X DONE: …;
 * waiting: 1 file still changing, read next run'): that part, or null when it left none.
 */
export const latestRunWaiting = (logText: string): string | null => {
  const latest = logText.split(/^=== Run /m)[1] ?? '';
  return /; (waiting: \d+ files? still changing, read next run)$/m.exec(latest)?.[1] ?? null;
};

/** The error notification of a run that ended in ERROR: what failed, not only that it started. */
export const syncFailedMessage = (syncID: string, failures: readonly string[]): string =>
  failures.length === 0
    ? `Sync ${syncID} failed! Please check its log.`
    : `Sync ${syncID} failed: ${failures[0]}${failures.length > 1 ? ` (and ${failures.length - 1} more)` : ''}`;
