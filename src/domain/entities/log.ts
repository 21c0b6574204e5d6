// Hardware log row of docs/dev/architecture.md#api-contract, and the paged answer of GET /api/logs (issue 29): a range
// of days can hold millions of lines, so an answer carries at most one page of them, newest ID
// first, and says where the next page starts.
import { z } from 'zod';
import { labDateTimeText } from './shared';

/** Lines per answer unless the client asks for fewer: about 1.5 MB of JSON at the usual length. */
export const LOG_PAGE_SIZE = 10_000;

export const logSchema = z.object({
  logId: z.number().int(),
  dateCreated: labDateTimeText,
  level: z.string(),
  info: z.string(),
});
export type Log = z.infer<typeof logSchema>;

export const logsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LOG_PAGE_SIZE)
    .default(LOG_PAGE_SIZE)
    .describe(`lines per answer, 1 to ${LOG_PAGE_SIZE}`),
  before: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("only lines with a smaller ID: the previous answer's nextBefore"),
});
export type LogsQuery = z.infer<typeof logsQuerySchema>;

export const logsResponseSchema = z.object({
  logs: z.array(logSchema),
  /** Every line of the range, not only this page's. */
  totalItems: z.number().int().nonnegative(),
  /** `before` of the next page; null when this page holds the range's last (oldest) line. */
  nextBefore: z.number().int().nullable(),
});
export type LogsPage = z.infer<typeof logsResponseSchema>;
