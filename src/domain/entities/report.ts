// Day and suspicious reports: lists of text lines (docs/dev/product-rules.md#records). Beyond the spec, the day report also
// carries each lab day's numbers (`days`), from which the page draws its trend charts.
import { z } from 'zod';
import { AVERAGED_FIELDS } from '../constants';

export const reportLineSchema = z.object({ line: z.string() });
export type ReportLine = z.infer<typeof reportLineSchema>;

const totalItems = z.number().int().nonnegative();

const valueStatsSchema = z.object({
  avg: z.number(),
  min: z.number(),
  max: z.number(),
  n: z.number().int().nonnegative(),
});

const valuesSchema = z.object(
  Object.fromEntries(AVERAGED_FIELDS.map((f) => [f, valueStatsSchema.optional()])) as Record<
    (typeof AVERAGED_FIELDS)[number],
    z.ZodOptional<typeof valueStatsSchema>
  >,
);
const countsSchema = z.object(
  Object.fromEntries(AVERAGED_FIELDS.map((f) => [f, z.number().int().nonnegative().optional()])) as Record<
    (typeof AVERAGED_FIELDS)[number],
    z.ZodOptional<z.ZodNumber>
  >,
);

export const dayStatsSchema = z.object({
  day: z.string(),
  samplesReceived: z.number().int().nonnegative(),
  analysesDone: z.number().int().nonnegative(),
  values: valuesSchema,
  outOfLimit: countsSchema,
});

/** totalItems counts the day reports: one per lab day with activity (docs/dev/product-rules.md#screens 'N Day Report(s)'). */
export const dayReportsResponseSchema = z.object({
  dayReports: z.array(reportLineSchema),
  totalItems,
  days: z.array(dayStatsSchema).optional(),
});
/** totalItems counts the suspicious samples: one line each. */
export const suspiciousReportsResponseSchema = z.object({
  suspiciousReports: z.array(reportLineSchema),
  totalItems,
});
export type DayReportsResponse = z.infer<typeof dayReportsResponseSchema>;
export type SuspiciousReportsResponse = z.infer<typeof suspiciousReportsResponseSchema>;

export const REPORT_TYPES = ['day', 'suspicious'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Query of the report routes (docs/dev/product-rules.md#constants: dates sent as yyyy-mm-dd); the rules are checked after. */
export const reportQuerySchema = z.object({
  startDate: z.string().optional(),
  endDate: z.string().optional(),
});
