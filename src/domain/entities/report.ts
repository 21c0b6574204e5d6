// Day and suspicious reports: lists of text lines (spec §3).
import { z } from 'zod';

export const reportLineSchema = z.object({ line: z.string() });
export type ReportLine = z.infer<typeof reportLineSchema>;

const totalItems = z.number().int().nonnegative();

export const dayReportsResponseSchema = z.object({ dayReports: z.array(reportLineSchema), totalItems });
export const suspiciousReportsResponseSchema = z.object({
  suspiciousReports: z.array(reportLineSchema),
  totalItems,
});

export const REPORT_TYPES = ['day', 'suspicious'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
