// Synchronization status and intervals (spec §4 Sync status, §9).
import { SYNC_STATUSES, type SyncStatus, type SyncUnit } from './entities/syncEntry';

export { SYNC_STATUSES };
export type { SyncStatus, SyncUnit };

/** Worst first: one failing entry makes the whole synchronization ERROR. */
const SEVERITY: readonly SyncStatus[] = ['ERROR', 'RUNNING', 'DONE'];

export const overallStatus = (statuses: readonly SyncStatus[]): SyncStatus =>
  SEVERITY.find((s) => statuses.includes(s)) ?? 'UNKNOWN';

const MINUTES_PER: Record<SyncUnit, number> = { SECONDS: 1 / 60, MINUTES: 1, HOURS: 60, DAYS: 1440 };
const MS_PER: Record<SyncUnit, number> = {
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};

/** The interval as the page's minute slider shows it (SECONDS are divided by 60). */
export const intervalInMinutes = (timeInterval: number, unit: SyncUnit): number =>
  timeInterval * MINUTES_PER[unit];

/** The scheduler's period. */
export const intervalMs = (timeInterval: number, unit: SyncUnit): number => timeInterval * MS_PER[unit];

/**
 * How a status looks (spec §4): DONE light green, ERROR light red, RUNNING light yellow, anything
 * else grey. The word is always shown beside the colour ('Unknown' for UNKNOWN), never colour alone.
 */
export type StatusTone = 'done' | 'error' | 'running' | 'unknown';
export const statusTone = (status: SyncStatus): StatusTone =>
  status === 'DONE' ? 'done' : status === 'ERROR' ? 'error' : status === 'RUNNING' ? 'running' : 'unknown';
export const statusWord = (status: SyncStatus): string =>
  status === 'UNKNOWN' ? 'Unknown' : status.charAt(0) + status.slice(1).toLowerCase();
