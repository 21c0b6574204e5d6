// Sync configuration entry of ARCHITECTURE §4.
import { z } from 'zod';
import { labDateTimeText } from './shared';

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
});
export type SyncEntry = z.infer<typeof syncEntrySchema>;

/** PUT /config/sync/{syncID}: a positive whole interval. */
export const syncEntryWriteSchema = syncEntrySchema.extend({ timeInterval: z.number().int().positive() });

export const syncResponseSchema = z.object({ sync: z.array(syncEntrySchema) });
