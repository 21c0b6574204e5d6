// The day and suspicious reports for a checked date range (routes/reports.ts): numbers from the
// repository, wording and rules from domain/reports.ts, restricted to the campaign.
import type { Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { formatLabDateTime, labNow } from '../../domain/datetime';
import type { DayReportsResponse, SuspiciousReportsResponse } from '../../domain/entities/report';
import { dayReport, labDaySpan, suspiciousReport } from '../../domain/reports';
import type { Database } from '../db/database';
import { dayStats, reportLimits, suspiciousCandidates } from '../repositories/reports';
import { loadCampaign } from '../views/campaign';

export interface ReportRange {
  start: Temporal.PlainDate;
  end: Temporal.PlainDate;
}

export const buildDayReport = async (db: Kysely<Database>, range: ReportRange): Promise<DayReportsResponse> => {
  const [campaign, limits] = await Promise.all([loadCampaign(db), reportLimits(db)]);
  const days = await dayStats(db, labDaySpan(range.start, range.end), campaign, limits);
  const report = dayReport(days);
  return { dayReports: report.lines.map((line) => ({ line })), totalItems: report.reports, days };
};

export const buildSuspiciousReport = async (
  db: Kysely<Database>,
  range: ReportRange,
  timezone: string,
): Promise<SuspiciousReportsResponse> => {
  const [campaign, limits] = await Promise.all([loadCampaign(db), reportLimits(db)]);
  const now = labNow(Temporal.Now.instant(), timezone);
  const facts = await suspiciousCandidates(db, labDaySpan(range.start, range.end), campaign, formatLabDateTime(now));
  const lines = suspiciousReport(facts, limits, now);
  return { suspiciousReports: lines.map((line) => ({ line })), totalItems: lines.length };
};
