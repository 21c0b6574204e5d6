// Synchronization (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#behaviour Sync status, Manual sync start; docs/dev/product-rules.md#constants): the status area shows the
// overall status (the worst of the entries) and each entry's status, last sync and interval; the
// configuration area has the interval slider of each entry (1–120 minutes; SECONDS entries are
// shown in minutes), its manual start (the page reloads 750 ms later) and its run log in a new
// window, the page's refresh seconds (default 10, 0 = off), and Reload/Update through the batch
// update machine. A refresh keeps the slider values the user has changed. When the refresh happens
// is the refresh machine's (syncRefresh.machine.ts): every N seconds, 750 ms after a start, at once
// after a save refused as stale. An entry in ERROR shows why (the failures of its latest run, from
// its run log), and a run that ends in ERROR while the page is open says so in a notification; an
// entry whose latest run left files still being written says 'waiting: 1 file still changing'.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { getSync, getSyncLog, startSync, updateSync } from '../../../api/config';
import { ApiError } from '../../../api/http';
import { syncBatch, syncWriteOf, validateRefreshSeconds, type Draft } from '../../../domain/configBatch';
import { SYNC_INTERVAL_MAX_MINUTES, SYNC_INTERVAL_MIN_MINUTES, SYNC_REFRESH_DEFAULT_S } from '../../../domain/constants';
import type { SyncEntry, SyncId } from '../../../domain/entities/syncEntry';
import { NO_DATA } from '../../../domain/messages';
import { syncRefreshMachine } from '../../../machines/syncRefresh.machine';
import { intervalInMinutes, overallStatus, statusTone, statusWord } from '../../../domain/sync';
import { useSyncFailures } from './useSyncFailures';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { Page } from '../../components/Page';
import { tableHeight } from '../limits/BatchActions';
import { usePaletteActions } from '../../palette/registry';
import { Button, Slider, TextField } from '../../kit';
import { useAuth, useNotifications } from '../../state';
import { BatchActions } from '../limits/BatchActions';
import { useBatchPaletteActions, useConfigBatch, type ConfigBatch } from '../limits/useConfigBatch';
import { LiveUpdates } from '../../components/ListScreen/LiveUpdates';
import '../limits/config.css';
import './SyncPage.css';

const formatMinutes = (e: SyncEntry): string => {
  const m = intervalInMinutes(e.timeInterval, e.unit);
  return Number.isInteger(m) ? String(m) : m.toFixed(2);
};

const COLUMNS: DataColumn<SyncEntry>[] = [
  { id: 'syncID', header: 'Sync', accessor: (e) => e.syncID, width: 110 },
  { id: 'status', header: 'Status', accessor: (e) => statusWord(e.status), width: 110 },
  { id: 'lastSync', header: 'Last sync', accessor: (e) => e.lastSync, width: 170 },
  { id: 'timeInterval', header: 'Interval', accessor: (e) => e.timeInterval, numeric: true, width: 90 },
  { id: 'unit', header: 'Unit', accessor: (e) => e.unit, width: 100 },
  { id: 'minutes', header: 'Minutes', accessor: formatMinutes, width: 90 },
];

function StatusBadge({ status, label }: { status: SyncEntry['status']; label?: string }) {
  return (
    <span className="sync-status" data-tone={statusTone(status)}>
      {label ? <span className="sync-status-label">{label}</span> : null}
      {statusWord(status)}
    </span>
  );
}

/** The run log opens in a new window (docs/dev/product-rules.md#screens): a text document of its own, made from the log text. */
const openLog = (syncID: SyncId, text: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const opened = window.open(url, `sync-log-${syncID}`);
  // The window has loaded the text by the time a minute has passed; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  if (!opened) window.location.assign(url);
};

export function SyncPage() {
  const { http, isAdmin } = useAuth();
  const { notify } = useNotifications();
  const load = useCallback(() => getSync(http), [http]);
  const refreshMachine = useRef<{ send: (e: { type: 'CONFLICT' }) => void }>(null);
  const save = useCallback(
    async (row: SyncEntry, draft: Draft) => {
      try {
        return await updateSync(http, syncWriteOf(row, draft));
      } catch (error) {
        // Changed by someone else meanwhile: the page shows the entry as it is now.
        if (error instanceof ApiError && error.status === 409) refreshMachine.current?.send({ type: 'CONFLICT' });
        throw error;
      }
    },
    [http],
  );
  const batch = useConfigBatch({ kind: syncBatch, page: 'sync', load, save });
  const refreshLatest = useRef(batch.refresh);
  refreshLatest.current = batch.refresh;

  // Auto-refresh (docs/dev/product-rules.md#constants): every N seconds while N > 0, restarted whenever N changes.
  const [refreshText, setRefreshText] = useState(String(SYNC_REFRESH_DEFAULT_S));
  const refreshError = validateRefreshSeconds(refreshText);
  const refreshSeconds = refreshError ? 0 : Number(refreshText);
  const [refresher] = useState(() =>
    syncRefreshMachine.provide({ actions: { refresh: () => refreshLatest.current() } }),
  );
  const refreshActor = useActorRef(refresher, { input: { seconds: refreshSeconds } });
  refreshMachine.current = refreshActor;
  useEffect(() => {
    refreshActor.send({ type: 'SET_SECONDS', seconds: refreshSeconds });
  }, [refreshActor, refreshSeconds]);

  const start = useCallback(
    async (syncID: SyncId) => {
      try {
        await startSync(http, syncID);
        notify('info', `Sync ${syncID} started`, { page: 'sync' });
      } catch (error) {
        notify('error', error instanceof Error ? error.message : `Sync ${syncID} was not started!`, { page: 'sync' });
      }
      // Spec docs/dev/product-rules.md#behaviour Manual sync start: the page reloads after 750 ms (a refresh: changed sliders stay).
      refreshActor.send({ type: 'STARTED' });
    },
    [http, notify, refreshActor],
  );
  const showLog = useCallback(
    async (syncID: SyncId) => {
      try {
        openLog(syncID, await getSyncLog(http, syncID));
      } catch {
        notify('error', 'Error occurred, please check your logs!', { page: 'sync' });
      }
    },
    [http, notify],
  );

  const entries = batch.rows;
  const { failures, waiting } = useSyncFailures(http, entries, notify);
  const overall = overallStatus(entries.map((e) => e.status));

  usePaletteActions([
    ...entries.map((e) => ({
      id: `sync-start-${e.syncID}`,
      label: `Start sync ${e.syncID}`,
      group: 'Synchronization',
      keywords: ['sync', 'start', 'import', e.syncID.toLowerCase()],
      icon: 'sync' as const,
      perform: () => void start(e.syncID),
    })),
  ]);
  useBatchPaletteActions(batch as ConfigBatch<unknown>, 'Synchronization', 'sync configuration', isAdmin);

  return (
    <Page title="Synchronization" actions={<BatchActions batch={batch as ConfigBatch<unknown>} isAdmin={isAdmin} />}>
      <section className="config-section" aria-labelledby="sync-status-heading">
        <div className="config-row">
          <h2 id="sync-status-heading">Status</h2>
          <StatusBadge status={overall} label="Overall:" />
        </div>
        <LiveUpdates view={batch} />
        <div className="config-table" style={tableHeight(batch.rows.length, '34px')}>
          <DataTable
            label="Sync entries"
            columns={COLUMNS}
            rows={entries}
            getRowId={(e) => e.syncID}
            emptyText={NO_DATA}
            loading={batch.busy}
            markedRows={batch.markedRows}
          />
        </div>
      </section>
      <section className="config-section" aria-labelledby="sync-config-heading">
        <div className="config-row">
          <h2 id="sync-config-heading">Configuration</h2>
          <TextField
            label="Refresh seconds"
            value={refreshText}
            onChange={setRefreshText}
            errorMessage={refreshError}
            inputMode="numeric"
            description="0 turns the refresh off"
          />
        </div>
        <ul className="sync-entries">
          {entries.map((e) => {
            const minutes = Number(batch.drafts[e.syncID]?.minutes ?? SYNC_INTERVAL_MIN_MINUTES);
            const changed = batch.batch.changed.has(e.syncID);
            return (
              <li key={e.syncID} className="sync-entry" data-changed={changed || undefined}>
                <div className="sync-entry-head">
                  <strong>{e.syncID}</strong>
                  <StatusBadge status={e.status} />
                  {changed ? <span className="sync-changed">Changed</span> : null}
                </div>
                {e.status === 'ERROR' && failures[e.syncID]?.length ? (
                  <ul className="sync-failures" aria-label={`Failures of the last run of ${e.syncID}`}>
                    {failures[e.syncID]!.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                ) : null}
                {e.status !== 'RUNNING' && waiting[e.syncID] ? <p className="sync-waiting">{waiting[e.syncID]}</p> : null}
                <Slider
                  label={`Interval of ${e.syncID} in minutes`}
                  minValue={SYNC_INTERVAL_MIN_MINUTES}
                  maxValue={SYNC_INTERVAL_MAX_MINUTES}
                  value={minutes}
                  isDisabled={!isAdmin || batch.busy}
                  onChange={(v) => batch.change(e.syncID, 'minutes', String(v))}
                  onChangeEnd={(v) => batch.change(e.syncID, 'minutes', String(v))}
                />
                <div className="sync-entry-actions">
                  <Button onPress={() => void start(e.syncID)}>Start sync {e.syncID}</Button>
                  <Button variant="quiet" onPress={() => void showLog(e.syncID)}>
                    Log of {e.syncID}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </Page>
  );
}
