// Reports (docs/dev/product-rules.md#screens Reports page, docs/dev/product-rules.md#field-rules dates, docs/dev/product-rules.md#messages, docs/dev/product-rules.md#constants): start and end date, Report and Clear, the lines
// 'Currently showing N Day Report(s)' and 'and N suspicious SampleSelection-Id(s)', the Day Report
// and Suspicious Report tabs (each only when it has rows), the PDF of the active tab, and on the
// Day Report tab a trend chart per measured value.
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { downloadReportPdf, getDayReport, getSuspiciousReport, type ReportDates } from '../../../api/reports';
import type { DayReportsResponse, ReportType, SuspiciousReportsResponse } from '../../../domain/entities/report';
import { CHECK_LOGS, INFO, NO_DATA_AVAILABLE } from '../../../domain/messages';
import { andSuspiciousIds, currentlyShowingDayReports } from '../../../domain/reports';
import { saveFile } from '../../components/ExportPanel/saveFile';
import { Page } from '../../components/Page';
import { Button, Spinner } from '../../kit';
import { DateField } from '../../kit/DateField';
import { usePaletteActions } from '../../palette/registry';
import { PAGE_SHORTCUTS, pageKey } from '../../shortcuts/list';
import { useAuth } from '../../state/AuthProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { TrendCharts } from './TrendCharts';
import { useDateRange } from './useDateRange';
import { useDateRangeLoad } from './useDateRangeLoad';
import './ReportsPage.css';

interface Shown {
  dates: ReportDates;
  day: DayReportsResponse;
  suspicious: SuspiciousReportsResponse;
}

/** The server's message for what the user can act on (dates, busy); otherwise the generic one. */
const messageOf = (error: unknown): string => {
  const status = (error as { status?: number }).status;
  return status === 400 || status === 503 ? (error as Error).message : CHECK_LOGS;
};

function Lines({ lines, label }: { lines: readonly { line: string }[]; label: string }) {
  return (
    // Focusable: it scrolls on its own, and keyboard users must reach it to scroll it.
    <ol className="report-lines" aria-label={label} tabIndex={0}>
      {lines.map((l, i) => (
        <li key={i} data-heading={l.line.startsWith('Lab day ') || undefined}>
          {l.line}
        </li>
      ))}
    </ol>
  );
}

export function ReportsPage() {
  const { http } = useAuth();
  const { notify } = useNotifications();
  const range = useDateRange();
  const [tab, setTab] = useState<ReportType>('day');
  const [pdfBusy, setPdfBusy] = useState(false);
  const reports = useDateRangeLoad<Shown>({
    load: async ({ start, end }, signal) => {
      const dates: ReportDates = { startDate: start, endDate: end ?? start };
      const [day, suspicious] = await Promise.all([
        getDayReport(http, dates, { signal }),
        getSuspiciousReport(http, dates, { signal }),
      ]);
      setTab('day');
      return { dates, day, suspicious };
    },
    invalid: (message) => notify('error', message, { page: 'reports' }),
    failed: (error) => notify('error', messageOf(error), { page: 'reports' }),
    cleared: () => notify('info', INFO.dayReportsCleared, { page: 'reports' }),
  });
  const shown = reports.result;
  const loading = reports.loading;
  const report = () => reports.load(range.start, range.end);
  const clear = () => reports.clear();

  const hasDay = (shown?.day.dayReports.length ?? 0) > 0;
  const hasSuspicious = (shown?.suspicious.suspiciousReports.length ?? 0) > 0;
  const activeTab: ReportType = tab === 'suspicious' && hasSuspicious ? 'suspicious' : hasDay ? 'day' : 'suspicious';
  const canPdf = Boolean(shown) && (hasDay || hasSuspicious);

  const pdf = async () => {
    if (!shown || !canPdf || pdfBusy) return;
    setPdfBusy(true);
    try {
      saveFile(await downloadReportPdf(http, activeTab, shown.dates));
    } catch (error) {
      notify('error', messageOf(error), { page: 'reports' });
    } finally {
      setPdfBusy(false);
    }
  };

  usePaletteActions([
    {
      id: 'report',
      label: `Reports for ${range.start || '…'} to ${range.end || range.start || '…'}`,
      group: 'Reports',
      keywords: ['report', 'bericht', 'tagesbericht', 'day', 'suspicious'],
      icon: 'reports',
      description: 'shows the day and suspicious reports of the range',
      ...pageKey(PAGE_SHORTCUTS.load),
      perform: report,
    },
    {
      id: 'report-pdf',
      label: 'Report PDF',
      group: 'Reports',
      keywords: ['pdf', 'report', 'download', 'bericht'],
      icon: 'reports',
      description: canPdf
        ? `downloads the PDF of the ${activeTab === 'day' ? 'Day Report' : 'Suspicious Report'} tab`
        : 'downloads the PDF of the shown report (run Report first)',
      ...pageKey(PAGE_SHORTCUTS.print),
      perform: () => void pdf(),
    },
    {
      id: 'report-clear',
      label: 'Clear the reports',
      group: 'Reports',
      keywords: ['clear', 'reset'],
      description: 'removes the shown reports',
      ...pageKey(PAGE_SHORTCUTS.clear),
      perform: clear,
    },
  ]);

  return (
    <Page title="Reports" className="reports-page">
      <form
        className="reports-controls"
        aria-label="Report range"
        onSubmit={(e) => {
          e.preventDefault();
          report();
        }}
      >
        <DateField label="Start date" value={range.start} onChange={range.setStart} />
        <DateField label="End date" value={range.end} onChange={range.setEnd} />
        <div className="reports-buttons">
          <Button
            type="submit"
            variant="primary"
            isDisabled={loading}
            aria-keyshortcuts={PAGE_SHORTCUTS.load.ariaKeyShortcuts}
          >
            Report
          </Button>
          <Button onPress={clear} aria-keyshortcuts={PAGE_SHORTCUTS.clear.ariaKeyShortcuts}>
            Clear
          </Button>
          <Button
            onPress={() => void pdf()}
            isDisabled={!canPdf || pdfBusy}
            aria-keyshortcuts={PAGE_SHORTCUTS.print.ariaKeyShortcuts}
          >
            {pdfBusy ? <Spinner aria-label="Preparing PDF" /> : null}
            PDF
          </Button>
        </div>
      </form>
      <p className="reports-status" role="status">
        {shown ? (
          <>
            {currentlyShowingDayReports(shown.day.totalItems)}
            {hasSuspicious ? <> {andSuspiciousIds(shown.suspicious.totalItems)}</> : null}
          </>
        ) : null}
      </p>
      {loading ? <Spinner aria-label="Loading reports" size="large" /> : null}
      {shown && (hasDay || hasSuspicious) ? (
        <Tabs selectedKey={activeTab} onSelectionChange={(key: Key) => setTab(key as ReportType)} className="reports-tabs">
          <TabList aria-label="Reports" className="reports-tablist">
            {hasDay ? (
              <Tab id="day" className="reports-tab">
                Day Report
              </Tab>
            ) : null}
            {hasSuspicious ? (
              <Tab id="suspicious" className="reports-tab">
                Suspicious Report
              </Tab>
            ) : null}
          </TabList>
          {hasDay ? (
            <TabPanel id="day" className="reports-panel">
              <TrendCharts days={shown.day.days ?? []} />
              <Lines lines={shown.day.dayReports} label="Day Report lines" />
            </TabPanel>
          ) : null}
          {hasSuspicious ? (
            <TabPanel id="suspicious" className="reports-panel">
              <Lines lines={shown.suspicious.suspiciousReports} label="Suspicious Report lines" />
            </TabPanel>
          ) : null}
        </Tabs>
      ) : (
        <p className="reports-empty muted">{NO_DATA_AVAILABLE}</p>
      )}
    </Page>
  );
}
