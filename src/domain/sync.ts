// Synchronization status and intervals (spec §4 Sync status, §9).
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
 * How a status looks (spec §4): DONE light green, ERROR light red, RUNNING light yellow, anything
 * else grey. The word is always shown beside the colour ('Unknown' for UNKNOWN), never colour alone.
 */
export type StatusTone = 'done' | 'error' | 'running' | 'unknown';
export const statusTone = (status: SyncStatus): StatusTone =>
  status === 'DONE' ? 'done' : status === 'ERROR' ? 'error' : status === 'RUNNING' ? 'running' : 'unknown';
export const statusWord = (status: SyncStatus): string =>
  status === 'UNKNOWN' ? 'Unknown' : status.charAt(0) + status.slice(1).toLowerCase();
