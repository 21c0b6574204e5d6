// Sync configuration entry of docs/dev/architecture.md#api-contract.
import { z } from 'zod';
import { SYNC_INTERVAL_MAX, syncIntervalMessage } from '../syncInterval';
import { labDateTimeText, versionRead, versionWrite } from './shared';

export const SYNC_IDS = ['Analysis', 'Sample', 'Box', 'Log'] as const;
export const SYNC_STATUSES = ['UNKNOWN', 'DONE', 'RUNNING', 'ERROR'] as const;
/** java.util.concurrent.TimeUnit names, as the original server spelled them. */
export const SYNC_UNITS = ['SECONDS', 'MINUTES', 'HOURS', 'DAYS'] as const;

export const syncIdSchema = z.enum(SYNC_IDS);
export const syncStatusSchema = z.enum(SYNC_STATUSES);
export const syncUnitSchema = z.enum(SYNC_UNITS);
export type SyncId = z.infer<typeof syncIdSchema>;
export type SyncStatus = z.infer<typeof syncStatusSchema>;
export type SyncUnit = z.infer<typeof syncUnitSchema>;

export const syncEntrySchema = z.object({
  syncID: syncIdSchema,
  status: syncStatusSchema,
  lastSync: labDateTimeText.nullable(),
  timeInterval: z.number(),
  unit: syncUnitSchema,
  version: versionRead,
});
export type SyncEntry = z.infer<typeof syncEntrySchema>;

/**
 * PUT /config/sync/{syncID}: a positive whole interval the scheduler can keep in its unit (at most
 * about 24 days, syncInterval.ts), and the version read.
 */
export const syncEntryWriteSchema = syncEntrySchema
  .extend({ timeInterval: z.number().int().positive(), version: versionWrite })
  .superRefine((e, ctx) => {
    if (e.timeInterval > SYNC_INTERVAL_MAX[e.unit]) {
      ctx.addIssue({ code: 'custom', path: ['timeInterval'], message: syncIntervalMessage(e.unit) });
    }
  });
export type SyncEntryWrite = z.infer<typeof syncEntryWriteSchema>;

export const syncResponseSchema = z.object({ sync: z.array(syncEntrySchema) });
