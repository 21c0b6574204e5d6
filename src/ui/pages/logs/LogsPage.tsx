// Hardware Logs (spec §2 Logs page, §5 dates, §8): start and end date, Get Logs, Clear, a search box
// filtering the shown lines as you type, and the table ID, Created, Level, Info sorted by ID
// descending on one page. The table is virtualized: a busy week is tens of thousands of lines.
import { useDeferredValue, useMemo, useState } from 'react';
import { SearchField as AriaSearchField, Input, Label } from 'react-aria-components';
import { getLogs } from '../../../api/logs';
import type { Log } from '../../../domain/entities/log';
import { filterLogs, logHaystack } from '../../../domain/logSearch';
import { INFO, NO_DATA_AVAILABLE, SERVER_TIMEOUT } from '../../../domain/messages';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { Page } from '../../components/Page';
import { Button } from '../../kit';
import { DateField } from '../../kit/DateField';
import { usePaletteActions } from '../../palette/registry';
import { PAGE_SHORTCUTS, pageKey } from '../../shortcuts/list';
import { useAuth } from '../../state/AuthProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { useDateRange } from '../reports/useDateRange';
import { useDateRangeLoad } from '../reports/useDateRangeLoad';
import './LogsPage.css';

const COLUMNS: readonly DataColumn<Log>[] = [
  { id: 'logId', header: 'ID', accessor: (l) => l.logId, numeric: true, grouping: false, sortable: false, width: 90 },
  { id: 'dateCreated', header: 'Created', accessor: (l) => l.dateCreated, sortable: false, width: 170 },
  { id: 'level', header: 'Level', accessor: (l) => l.level, sortable: false, width: 80 },
  { id: 'info', header: 'Info', accessor: (l) => l.info, sortable: false, width: 880 },
];
const SORTED_BY_ID_DESC = [{ id: 'logId', desc: true }];

interface Loaded {
  logs: Log[];
  haystacks: string[];
  range: string;
}

export function LogsPage() {
  const { http } = useAuth();
  const { notify } = useNotifications();
  const range = useDateRange();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const logs = useDateRangeLoad<Loaded>({
    load: async ({ start, end }, signal) => {
      const { logs: lines } = await getLogs(http, start, end, { signal });
      return { logs: lines, haystacks: lines.map(logHaystack), range: end && end !== start ? `${start} – ${end}` : start };
    },
    invalid: (message) => notify('error', message, { page: 'logs' }),
    failed: (error) =>
      notify('error', (error as { status?: number }).status === 400 ? (error as Error).message : SERVER_TIMEOUT, {
        page: 'logs',
      }),
    cleared: () => {
      setSearch('');
      notify('info', INFO.logsCleared, { page: 'logs' });
    },
  });
  const loaded = logs.result;
  const loading = logs.loading;

  const shown = useMemo(
    () => (loaded ? filterLogs(loaded.logs, loaded.haystacks, deferredSearch) : []),
    [loaded, deferredSearch],
  );

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
  ]);

  const status = loaded
    ? deferredSearch.trim()
      ? `${shown.length.toLocaleString('de-AT')} of ${loaded.logs.length.toLocaleString('de-AT')} lines of ${loaded.range} match`
      : `${loaded.logs.length.toLocaleString('de-AT')} lines of ${loaded.range}`
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
      <p className="logs-status muted" role="status">
        {status}
      </p>
      <DataTable
        label="Hardware logs"
        columns={COLUMNS}
        rows={shown}
        getRowId={(l) => String(l.logId)}
        sorting={SORTED_BY_ID_DESC}
        emptyText={NO_DATA_AVAILABLE}
        loading={loading}
      />
    </Page>
  );
}
