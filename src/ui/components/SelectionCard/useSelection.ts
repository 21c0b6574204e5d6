// React wiring of the selection machine for one screen: the lookups and fetches go to the server
// with the signed-in client, messages to the snackbar, the items to local storage; the busy overlay
// shows while ids are looked up or fetched (docs/dev/product-rules.md#screens "a full-screen spinner shows while busy").
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Selection } from 'react-aria-components';
import { fromPromise, waitFor } from 'xstate';
import { lookupSelectionItems } from '../../../api/selection';
import type { ListRestriction } from '../../../domain/listQuery';
import { fileNotAccessible, notFetched } from '../../../domain/messages';
import type { SelectionQuery } from '../../../domain/query';
import type { SelectionItem } from '../../../domain/selectionItem';
import {
  restrictionOf,
  selectionMachine,
  selectionStatus,
  type SelectionFile,
} from '../../../machines/selection.machine';
import { useScanQueue } from '../../scanner';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { loadSelection, saveSelection } from './storage';
import type { Http } from '../../../api/http';
import type { ListEntity, SelectionHandle, SelectionResource } from './types';

/** How the screen's rows for a query become selection items ('Select All filtered Elements'). */
export type FetchSelectionItems = (
  http: Http,
  query: SelectionQuery,
  signal: AbortSignal,
) => Promise<SelectionItem[]>;

/** Reads every picked file; a file that cannot be read is named and left out. */
async function readFiles(
  files: readonly File[],
  onUnreadable: (name: string) => void,
): Promise<SelectionFile[]> {
  const read = await Promise.all(
    files.map(async (file) => {
      try {
        return { name: file.name, text: await file.text() };
      } catch (error) {
        console.error(error);
        onUnreadable(file.name);
        return null;
      }
    }),
  );
  return read.filter((f): f is SelectionFile => f !== null);
}

export interface SelectionOptions {
  entity: ListEntity;
  resource: SelectionResource;
  fetchItems: FetchSelectionItems;
}

export function useSelection({ entity, resource, fetchItems }: SelectionOptions): SelectionHandle {
  const { http } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();
  // The machine is built once; the effects always reach the current notify.
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  }, [notify]);

  const [machine] = useState(() =>
    selectionMachine.provide({
      actors: {
        lookup: fromPromise(({ input, signal }) =>
          track(lookupSelectionItems(http, entity, input.requests, { signal })),
        ),
        fetchItems: fromPromise(({ input, signal }) =>
          track(
            input.kind === 'filtered'
              ? fetchItems(http, input.query, signal)
              : resource.fromOther.convert(http, input.items, signal),
          ),
        ),
      },
      actions: {
        notify: (_, { kind, message }) => notifyRef.current(kind, message, { page: entity }),
        save: (_, { items }) => saveSelection(resource.storageKey, items),
      },
    }),
  );
  const [initialItems] = useState(() => loadSelection(resource.storageKey));
  const actor = useActorRef(machine, { input: { items: initialItems } });

  const items = useSelector(actor, (s) => s.context.items);
  const filterAll = useSelector(actor, (s) => s.context.filterAll);
  const filterAllSIds = useSelector(actor, (s) => s.context.filterAllSIds);
  const status = useSelector(actor, selectionStatus);

  // The same restriction the machine emits as 'restrictionChanged', derived so that its identity
  // only changes with what it says (the page sends it to the list view on change).
  const restriction = useMemo<ListRestriction>(
    () => restrictionOf({ items, filterAll, filterAllSIds }),
    [filterAll, filterAllSIds, items],
  );

  const selectedKeys = useMemo(() => new Set(items.map((i) => i.key)), [items]);

  // Typed and scanned ids, one lookup at a time: each waits until the card is ready (no other
  // lookup, no open question), is sent, and counts as done when its lookup has answered.
  const ids = useScanQueue(
    async (input) => {
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'ADD_SAMPLE_ID', input });
      await waitFor(actor, (s) => !s.matches('lookingUp'));
    },
    (input, error) => {
      console.error(error);
      notifyRef.current('error', notFetched(input), { page: entity });
    },
  );

  const onTableSelectionChange = useCallback(
    (keys: Selection, pageRows: SelectionItem[]) => {
      const current = new Set(actor.getSnapshot().context.items.map((i) => i.key));
      const checked = (row: SelectionItem) => keys === 'all' || keys.has(row.key);
      const adding = pageRows.filter((row) => checked(row) && !current.has(row.key));
      for (const row of pageRows) {
        if (!checked(row) && current.has(row.key)) actor.send({ type: 'REMOVE', key: row.key });
      }
      if (adding.length === 1) actor.send({ type: 'ADD', item: adding[0]! });
      else if (adding.length > 1) actor.send({ type: 'ADD_MANY', items: adding });
    },
    [actor],
  );

  const addMany = useCallback(
    (more: SelectionItem[]) => actor.send({ type: 'ADD_MANY', items: more }),
    [actor],
  );
  const remove = useCallback((key: string) => actor.send({ type: 'REMOVE', key }), [actor]);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      void readFiles(files, (name) =>
        notifyRef.current('error', fileNotAccessible(name), { page: entity }),
      ).then((read) => {
        if (read.length > 0) actor.send({ type: 'FILES', files: read });
      });
    },
    [actor, entity],
  );

  const fetchFromOther = useCallback(
    () => actor.send({ type: 'FETCH_FROM_OTHER', items: loadSelection(resource.fromOther.storageKey) }),
    [actor, resource],
  );
  const selectAllFiltered = useCallback(
    (total: number, query: SelectionQuery) => actor.send({ type: 'SELECT_ALL_FILTERED', total, query }),
    [actor],
  );
  const selectAllTotal = useSelector(actor, (s) =>
    s.context.fetch?.kind === 'filtered' ? s.context.fetch.total : 0,
  );

  return useMemo<SelectionHandle>(
    () => ({
      entity,
      items,
      restriction,
      selectedKeys,
      onTableSelectionChange,
      addMany,
      remove,
      status,
      filterAll,
      filterAllSIds,
      toggleFilterAll: () => actor.send({ type: 'FILTER_ALL' }),
      toggleFilterAllSIds: () => actor.send({ type: 'FILTER_ALL_SIDS' }),
      clear: () => actor.send({ type: 'CLEAR' }),
      confirmClear: () => actor.send({ type: 'CONFIRM' }),
      cancelClear: () => actor.send({ type: 'CANCEL' }),
      addSampleId: ids.scan,
      pendingIds: ids.pending,
      addFiles,
      fetchFromOther,
      selectAllFiltered,
      selectAllTotal,
      confirmSelectAll: () => actor.send({ type: 'CONFIRM' }),
      cancelSelectAll: () => actor.send({ type: 'CANCEL' }),
    }),
    [
      entity,
      items,
      restriction,
      selectedKeys,
      onTableSelectionChange,
      addMany,
      remove,
      status,
      filterAll,
      filterAllSIds,
      actor,
      ids.scan,
      ids.pending,
      addFiles,
      fetchFromOther,
      selectAllFiltered,
      selectAllTotal,
    ],
  );
}
