// Hardware Logs (docs/dev/product-rules.md#screens Logs page, docs/dev/product-rules.md#field-rules dates, docs/dev/product-rules.md#messages): start and end date, Get Logs, Clear, a search box
// filtering the shown lines as you type, and the table ID, Created, Level, Info sorted by ID
// descending on one page. The table is virtualized: a busy week is tens of thousands of lines. A
// range arrives in pages of LOG_PAGE_SIZE lines (a month of a busy lab is millions): 'Load more
// lines' adds the next page to the same table, and the status says how many of the range are shown.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { SearchField as AriaSearchField, Input, Label } from 'react-aria-components';
import type { Log } from '../../../domain/entities/log';
import { filterLogs } from '../../../domain/logSearch';
import { changeSummary } from '../../../domain/events';
import { INFO, NO_DATA_AVAILABLE } from '../../../domain/messages';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { LiveUpdates } from '../../components/ListScreen/LiveUpdates';
import { useChangeMarks } from '../../components/ListScreen/useChangeMarks';
import { Page } from '../../components/Page';
import { Button } from '../../kit';
import { DateField } from '../../kit/DateField';
import { usePaletteActions } from '../../palette/registry';
import { PAGE_SHORTCUTS, pageKey } from '../../shortcuts/list';
import { useOnChange } from '../../state/ChangeEventsProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { useDateRange } from '../reports/useDateRange';
import { useLogPages } from './useLogPages';
import './LogsPage.css';

const COLUMNS: readonly DataColumn<Log>[] = [
  { id: 'logId', header: 'ID', accessor: (l) => l.logId, numeric: true, grouping: false, sortable: false, width: 90 },
  { id: 'dateCreated', header: 'Created', accessor: (l) => l.dateCreated, sortable: false, width: 170 },
  { id: 'level', header: 'Level', accessor: (l) => l.level, sortable: false, width: 80 },
  { id: 'info', header: 'Info', accessor: (l) => l.info, sortable: false, width: 880 },
];
const SORTED_BY_ID_DESC = [{ id: 'logId', desc: true }];

export function LogsPage() {
  const { notify } = useNotifications();
  const range = useDateRange();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const logs = useLogPages({
    notifyError: (message) => notify('error', message, { page: 'logs' }),
    cleared: () => {
      setSearch('');
      notify('info', INFO.logsCleared, { page: 'logs' });
    },
  });
  const loaded = logs.result;
  const loading = logs.loading;

  // New hardware log lines (a sync file, the server's own): the shown range takes them on top,
  // marked, and the live region says so; the search, the scroll and the loaded pages stay.
  const [summary, setSummary] = useState('');
  const streamStatus = useOnChange((change) => {
    if (change !== 'reload' && change.resource !== 'logs') return;
    logs.refresh();
    if (change !== 'reload') setSummary(changeSummary(change));
  });
  const markedRows = useChangeMarks(loaded?.fresh ?? [], loaded?.freshSeq ?? 0);

  const shown = useMemo(
    () => (loaded ? filterLogs(loaded.logs, loaded.haystacks, deferredSearch) : []),
    [loaded, deferredSearch],
  );

  // The last page loaded by the button: the button goes, and focus moves to the status line
  // rather than to <body>.
  const pressedMore = useRef(false);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const allLoaded = loaded !== null && !logs.hasMore && !logs.loadingMore;
  useEffect(() => {
    if (!allLoaded || !pressedMore.current) return;
    pressedMore.current = false;
    if (!document.activeElement || document.activeElement === document.body) statusLine.current?.focus();
  }, [allLoaded]);
  const loadMore = () => {
    pressedMore.current = true;
    logs.more();
  };

  const fetchLogs = () => logs.load(range.start, range.end);
  const clear = () => logs.clear();

  usePaletteActions([
    {
      id: 'get-logs',
      label: 'Get Logs',
      group: 'Hardware Logs',
      keywords: ['hardware', 'log', 'protokoll', 'instrument'],
      icon: 'logs',
      description: 'loads the hardware logs of the range',
      ...pageKey(PAGE_SHORTCUTS.load),
      perform: fetchLogs,
    },
    {
      id: 'clear-logs',
      label: 'Clear the logs',
      group: 'Hardware Logs',
      keywords: ['clear', 'reset'],
      description: 'removes the shown lines and the search',
      ...pageKey(PAGE_SHORTCUTS.clear),
      perform: clear,
    },
    ...(logs.hasMore
      ? [
          {
            id: 'more-logs',
            label: 'Load more lines',
            group: 'Hardware Logs',
            keywords: ['hardware', 'log', 'next', 'page', 'older'],
            icon: 'logs' as const,
            perform: logs.more,
          },
        ]
      : []),
  ]);

  const n = (v: number) => v.toLocaleString('de-AT');
  const of = loaded && loaded.logs.length < loaded.totalItems ? ` (newest ${n(loaded.logs.length)} of ${n(loaded.totalItems)} loaded)` : '';
  const status = loaded
    ? deferredSearch.trim()
      ? `${n(shown.length)} of ${n(loaded.logs.length)} lines of ${loaded.range} match${of}`
      : `${n(loaded.logs.length)} lines of ${loaded.range}${of}`
    : '';

  return (
    <Page title="Hardware Logs" className="logs-page">
      <form
        className="logs-controls"
        aria-label="Log range"
        onSubmit={(e) => {
          e.preventDefault();
          fetchLogs();
        }}
      >
        <DateField label="Start date" value={range.start} onChange={range.setStart} />
        <DateField label="End date" value={range.end} onChange={range.setEnd} />
        <div className="logs-buttons">
          <Button
            type="submit"
            variant="primary"
            isDisabled={loading}
            aria-keyshortcuts={PAGE_SHORTCUTS.load.ariaKeyShortcuts}
          >
            Get Logs
          </Button>
          <Button onPress={clear} aria-keyshortcuts={PAGE_SHORTCUTS.clear.ariaKeyShortcuts}>
            Clear
          </Button>
        </div>
        <AriaSearchField value={search} onChange={setSearch} className="kit-field logs-search">
          <Label className="kit-label">Search</Label>
          <Input className="kit-input" placeholder="Filter the shown lines" />
        </AriaSearchField>
      </form>
      <p className="logs-status muted" role="status" ref={statusLine} tabIndex={-1}>
        {status}
      </p>
      <LiveUpdates view={{ changeSummary: summary, streamStatus }} />
      <DataTable
        label="Hardware logs"
        columns={COLUMNS}
        rows={shown}
        getRowId={(l) => String(l.logId)}
        sorting={SORTED_BY_ID_DESC}
        emptyText={NO_DATA_AVAILABLE}
        loading={loading}
        markedRows={markedRows}
      />
      {loaded && (logs.hasMore || logs.loadingMore) ? (
        <div className="logs-more">
          <Button onPress={loadMore}>
            {logs.loadingMore ? 'Loading more lines…' : 'Load more lines'}
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
