// Why an entry is ERROR (issue 27/29): the failures of its latest run, read from its run log when
// the entry is ERROR after a run the page has not seen yet. A run that ends in ERROR while the page
// is open (after a manual start, or the schedule's) is also said in an error notification naming
// the failure — the first load only shows them. The same log read says which files the latest run
// left waiting because they were still being written (issue 28).
import { useEffect, useRef, useState } from 'react';
import { getSyncLog } from '../../../api/config';
import type { Http } from '../../../api/http';
import type { SyncEntry, SyncId } from '../../../domain/entities/syncEntry';
import { latestRunFailures, latestRunWaiting, syncFailedMessage } from '../../../domain/sync';

type Notify = (kind: 'error', message: string, options: { page: 'sync' }) => void;

export interface SyncRunNotes {
  failures: Partial<Record<SyncId, string[]>>;
  /** 'waiting: 1 file still changing, read next run' when the latest run left files for the next. */
  waiting: Partial<Record<SyncId, string | null>>;
}

export const useSyncFailures = (http: Http, entries: readonly SyncEntry[], notify: Notify): SyncRunNotes => {
  const [failures, setFailures] = useState<Partial<Record<SyncId, string[]>>>({});
  const [waiting, setWaiting] = useState<Partial<Record<SyncId, string | null>>>({});
  /** The run each entry was last seen at ('status|lastSync'); undefined before the first load. */
  const seen = useRef<Map<SyncId, string> | undefined>(undefined);
  useEffect(() => {
    const first = seen.current === undefined;
    const before = seen.current ?? new Map<SyncId, string>();
    const now = new Map(entries.map((e) => [e.syncID, `${e.status}|${e.lastSync ?? ''}`] as const));
    if (entries.length === 0) return;
    seen.current = now;
    for (const e of entries) {
      const ended = e.status === 'ERROR' || e.status === 'DONE';
      if (!ended || before.get(e.syncID) === now.get(e.syncID)) continue;
      void getSyncLog(http, e.syncID)
        .then((text) => {
          setWaiting((w) => ({ ...w, [e.syncID]: latestRunWaiting(text) }));
          if (e.status !== 'ERROR') return;
          const found = latestRunFailures(text);
          setFailures((f) => ({ ...f, [e.syncID]: found }));
          if (!first) notify('error', syncFailedMessage(e.syncID, found), { page: 'sync' });
        })
        .catch(() => undefined);
    }
  }, [entries, http, notify]);
  return { failures, waiting };
};
