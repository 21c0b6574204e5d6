// What the scheduler can keep of a sync entry's interval (docs/dev/product-rules.md#records Sync entry: timeInterval, unit).
// The longest wait a timer can hold is 2^31 − 1 ms (about 24.8 days); in seconds that also fits the
// database's integer, which the scheduler's query multiplies. Each unit's largest timeInterval is
// worked out once here, and both the PUT schema and the scheduler use it.
import type { SyncUnit } from './entities/syncEntry';

export const MS_PER_UNIT: Readonly<Record<SyncUnit, number>> = {
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};

export const SYNC_INTERVAL_MAX_MS = 2 ** 31 - 1;
/** The same bound in whole seconds (2147483): the scheduler clamps a stored row to it. */
export const SYNC_INTERVAL_MAX_SECONDS = Math.floor(SYNC_INTERVAL_MAX_MS / 1000);

/** The largest timeInterval of each unit: SECONDS 2147483, MINUTES 35791, HOURS 596, DAYS 24. */
export const SYNC_INTERVAL_MAX: Readonly<Record<SyncUnit, number>> = {
  SECONDS: Math.floor(SYNC_INTERVAL_MAX_MS / MS_PER_UNIT.SECONDS),
  MINUTES: Math.floor(SYNC_INTERVAL_MAX_MS / MS_PER_UNIT.MINUTES),
  HOURS: Math.floor(SYNC_INTERVAL_MAX_MS / MS_PER_UNIT.HOURS),
  DAYS: Math.floor(SYNC_INTERVAL_MAX_MS / MS_PER_UNIT.DAYS),
};

/** The 400 message of an interval the scheduler cannot keep. */
export const syncIntervalMessage = (unit: SyncUnit): string =>
  `timeInterval in ${unit} must be a whole number between 1 and ${SYNC_INTERVAL_MAX[unit]}`;
