// Reports (docs/dev/product-rules.md#calls Reports): the day and suspicious reports for a date range (yyyy-mm-dd, docs/dev/product-rules.md#constants)
// and either one as PDF, named by content-disposition.
import {
  dayReportsResponseSchema,
  suspiciousReportsResponseSchema,
  type DayReportsResponse,
  type ReportType,
  type SuspiciousReportsResponse,
} from '../domain/entities/report';
import { reportFileName } from '../domain/reports';
import { fileNameFromDisposition, type DownloadedFile } from './exports';
import { send, toApiError, type CallOptions, type Http } from './http';

export interface ReportDates {
  startDate: string;
  endDate: string;
}

export const getDayReport = (http: Http, dates: ReportDates, opts: CallOptions = {}): Promise<DayReportsResponse> =>
  send(http.get('reports/day', { searchParams: { ...dates }, signal: opts.signal }), dayReportsResponseSchema);

export const getSuspiciousReport = (
  http: Http,
  dates: ReportDates,
  opts: CallOptions = {},
): Promise<SuspiciousReportsResponse> =>
  send(http.get('reports/suspicious', { searchParams: { ...dates }, signal: opts.signal }), suspiciousReportsResponseSchema);

/** GET /reports/export/{type}: the PDF, named by the server. */
export const downloadReportPdf = async (
  http: Http,
  type: ReportType,
  dates: ReportDates,
  opts: CallOptions = {},
): Promise<DownloadedFile> => {
  try {
    const response = await http.get(`reports/export/${type}`, { searchParams: { ...dates }, signal: opts.signal });
    return {
      blob: await response.blob(),
      fileName:
        fileNameFromDisposition(response.headers.get('content-disposition')) ??
        reportFileName(type, dates.startDate, dates.endDate),
    };
  } catch (error) {
    throw await toApiError(error);
  }
};
