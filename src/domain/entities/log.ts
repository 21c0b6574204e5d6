// Hardware log row of ARCHITECTURE §4.
import { z } from 'zod';
import { labDateTimeText } from './shared';

export const logSchema = z.object({
  logId: z.number().int(),
  dateCreated: labDateTimeText,
  level: z.string(),
  info: z.string(),
});
export type Log = z.infer<typeof logSchema>;

export const logsResponseSchema = z.object({
  logs: z.array(logSchema),
  totalItems: z.number().int().nonnegative(),
});
