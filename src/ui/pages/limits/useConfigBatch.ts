// React wiring of the batch update machine for the Limits, Settings and Sync pages: the page gives
// its kind, how to load the rows and how to store one changed row; the hook answers what the table's
// `batch` option and the Reload/Update buttons need. A change event of the page's rows refreshes them,
// marks the rows it named (as the lists do: useChangeMarks) and says so in words (changeSummary).
import { useOnChange } from '../../state/ChangeEventsProvider';
import { useMemo, useRef, useState } from 'react';
import { changeSummary, type EventResource } from '../../../domain/events';
import type { StreamStatus } from '../../../machines/eventStream.machine';
import { useChangeMarks } from '../../components/ListScreen/useChangeMarks';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { NotificationPage } from '../../../domain/constants';
import type { BatchKind, Draft } from '../../../domain/configBatch';
import {
  batchUpdateMachine,
  canUpdate,
  isBusy,
  type BatchChange,
  type BatchResult,
  type BatchSnapshot,
} from '../../../machines/batchUpdate.machine';
import type { BatchEditing } from '../../components/DataTable';
import { usePaletteActions } from '../../palette/registry';
import { PAGE_SHORTCUTS, pageKey } from '../../shortcuts/list';
import { useNotifications } from '../../state';

export interface ConfigBatchOptions<R> {
  kind: BatchKind<R>;
  page: NotificationPage & EventResource;
  load: () => Promise<readonly R[]>;
  /** Stores one changed row; resolves with the row as stored, rejects when refused. */
  save: (row: R, draft: Draft) => Promise<R>;
}

export interface ConfigBatch<R> {
  rows: readonly R[];
  drafts: Readonly<Record<string, Draft>>;
  batch: BatchEditing;
  canUpdate: boolean;
  busy: boolean;
  loaded: boolean;
  /** Rows changed elsewhere just now (marked for a few seconds). */
  markedRows: ReadonlySet<string>;
  /** The last change elsewhere said in words, for a polite live region ('' when none). */
  changeSummary: string;
  streamStatus: StreamStatus;
  change: (id: string, field: string, value: string) => void;
  update: () => void;
  reload: () => void;
  refresh: () => void;
}

export function useConfigBatch<R>({ kind, page, load, save }: ConfigBatchOptions<R>): ConfigBatch<R> {
  const notifications = useNotifications();
  const latest = useRef({ load, save, notifications });
  latest.current = { load, save, notifications };
  const [machine] = useState(() =>
    batchUpdateMachine.provide({
      actors: {
        load: fromPromise<readonly unknown[], void>(() => latest.current.load()),
        // Each changed row on its own: one refusal does not hold back the others (docs/dev/product-rules.md#behaviour).
        update: fromPromise<BatchResult, { changes: BatchChange[] }>(async ({ input }) => {
          const results = await Promise.allSettled(
            input.changes.map((c) => latest.current.save(c.row as R, c.draft)),
          );
          return {
            updated: results.flatMap((r): unknown[] => (r.status === 'fulfilled' ? [r.value] : [])),
            failed: input.changes.flatMap((c, i) => (results[i]?.status === 'rejected' ? [c.id] : [])),
          };
        }),
      },
      actions: {
        notify: (_, params) => latest.current.notifications.notify(params.kind, params.message, { page }),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { kind: kind as BatchKind<unknown> } });
  // A change of these rows elsewhere (change events): reload them silently, keeping the user's edits,
  // and mark the rows the event named once the refresh brought them.
  const [summary, setSummary] = useState('');
  const streamStatus = useOnChange((change) => {
    if (change === 'reload') return actor.send({ type: 'REFRESH' });
    if (change.resource !== page) return;
    actor.send({ type: 'REFRESH', keys: change.keys });
    setSummary(changeSummary(change));
  });
  const marked = useSelector(actor, (s: BatchSnapshot) => s.context.marked);
  const markSeq = useSelector(actor, (s: BatchSnapshot) => s.context.markSeq);
  const markedRows = useChangeMarks(marked, markSeq);
  const context = useSelector(actor, (s: BatchSnapshot) => s.context);
  const enabled = useSelector(actor, canUpdate);
  const busy = useSelector(actor, isBusy);
  const loaded = useSelector(actor, (s: BatchSnapshot) => !s.matches('loading') || s.context.rows.length > 0);

  const handlers = useMemo(
    () => ({
      change: (id: string, field: string, value: string) => actor.send({ type: 'CHANGE', id, field, value }),
      update: () => actor.send({ type: 'UPDATE' }),
      reload: () => actor.send({ type: 'RELOAD' }),
      refresh: () => actor.send({ type: 'REFRESH' }),
    }),
    [actor],
  );
  const changed = useMemo(() => new Set(context.changed), [context.changed]);
  const batch = useMemo<BatchEditing>(
    () => ({
      values: context.drafts,
      fieldErrors: context.errors,
      changed,
      busy,
      onChange: handlers.change,
    }),
    [context.drafts, context.errors, changed, busy, handlers],
  );
  return {
    rows: context.rows as readonly R[],
    drafts: context.drafts,
    batch,
    canUpdate: enabled,
    busy,
    loaded,
    markedRows,
    changeSummary: summary,
    streamStatus,
    ...handlers,
  };
}

/** Reload and (for admins) Update of a batch page in the command palette. */
export function useBatchPaletteActions(
  batch: ConfigBatch<unknown>,
  group: string,
  noun: string,
  isAdmin: boolean,
): void {
  usePaletteActions([
    {
      id: `${group}-reload`,
      label: `Reload ${noun}`,
      group,
      keywords: ['reload', 'refresh', noun],
      description: `loads the ${noun} again`,
      ...pageKey(PAGE_SHORTCUTS.load),
      perform: batch.reload,
    },
    ...(isAdmin
      ? [
          {
            id: `${group}-update`,
            label: `Update ${noun}`,
            group,
            keywords: ['update', 'save', noun],
            effect: 'write' as const,
            description: `stores the changed ${noun}`,
            ...pageKey(PAGE_SHORTCUTS.update),
            perform: batch.update,
          },
        ]
      : []),
  ]);
}
