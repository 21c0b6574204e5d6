// Why an entry is ERROR (issue 27/29): the failures of its latest run, read from its run log when
// the entry is ERROR after a run the page has not seen yet. A run that ends in ERROR while the page
// is open (after a manual start, or the schedule's) is also said in an error notification naming
// the failure — the first load only shows them.
import { useEffect, useRef, useState } from 'react';
import { getSyncLog } from '../../../api/config';
import type { Http } from '../../../api/http';
import type { SyncEntry, SyncId } from '../../../domain/entities/syncEntry';
import { latestRunFailures, syncFailedMessage } from '../../../domain/sync';

type Notify = (kind: 'error', message: string, options: { page: 'sync' }) => void;

export const useSyncFailures = (
  http: Http,
  entries: readonly SyncEntry[],
  notify: Notify,
): Partial<Record<SyncId, string[]>> => {
  const [failures, setFailures] = useState<Partial<Record<SyncId, string[]>>>({});
  /** The run each entry was last seen at ('status|lastSync'); undefined before the first load. */
  const seen = useRef<Map<SyncId, string> | undefined>(undefined);
  useEffect(() => {
    const first = seen.current === undefined;
    const before = seen.current ?? new Map<SyncId, string>();
    const now = new Map(entries.map((e) => [e.syncID, `${e.status}|${e.lastSync ?? ''}`] as const));
    if (entries.length === 0) return;
    seen.current = now;
    for (const e of entries) {
      if (e.status !== 'ERROR' || before.get(e.syncID) === now.get(e.syncID)) continue;
      void getSyncLog(http, e.syncID)
        .then((text) => {
          const found = latestRunFailures(text);
          setFailures((f) => ({ ...f, [e.syncID]: found }));
          if (!first) notify('error', syncFailedMessage(e.syncID, found), { page: 'sync' });
        })
        .catch(() => undefined);
    }
  }, [entries, http, notify]);
  return failures;
};
