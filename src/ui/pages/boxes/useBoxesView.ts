// React wiring of the list view machine for the upper boxes table (spec §2 Boxes page): paged,
// sorted and filtered on the server, page size 25 by default (spec §9), the filter kept in local
// storage (spec §3 saved preferences: Boxes headers and filter).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { viewBoxes } from '../../../api/boxes';
import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '../../../domain/constants';
import type { Box } from '../../../domain/entities/box';
import { isValidFilterTerm } from '../../../domain/filter';
import { buildListQuery } from '../../../domain/listQuery';
import { sortParam } from '../../../domain/query';
import { listViewMachine, type FetchPageInput, type ListPage } from '../../../machines/listView.machine';
import type { SortTerm } from '../../components/DataTable';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { BOXES_FILTER_KEY } from './columns';

const loadFilters = (): string[] => {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(BOXES_FILTER_KEY) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((t): t is string => typeof t === 'string' && isValidFilterTerm(t))
      : [];
  } catch {
    return [];
  }
};

export function useBoxesView() {
  const { http } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();
  const latest = useRef({ http, track, notify });
  useEffect(() => {
    latest.current = { http, track, notify };
  });
  const [machine] = useState(() =>
    listViewMachine.provide({
      actors: {
        fetchPage: fromPromise<ListPage, FetchPageInput>(async ({ input, signal }) => {
          const request = viewBoxes(latest.current.http, input.query, { signal }).then((v) => ({
            rows: v.boxes,
            totalItems: v.totalItems,
            totalPages: v.totalPages,
          }));
          return input.background ? request : latest.current.track(request);
        }),
      },
      actions: { notify: (_, p) => latest.current.notify(p.kind, p.message, { page: 'boxes' }) },
    }),
  );
  const [input] = useState(() => ({
    defaultSize: DEFAULT_PAGE_SIZE.boxes,
    pageSizes: LIST_PAGE_SIZES,
    filters: loadFilters(),
  }));
  const actor = useActorRef(machine, { input });
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  useEffect(() => {
    try {
      localStorage.setItem(BOXES_FILTER_KEY, JSON.stringify(context.filters));
    } catch {
      // Storage full or disabled: the filter still applies for this visit.
    }
  }, [context.filters]);
  const sorting = useMemo<SortTerm[]>(
    () =>
      context.sort.map((s) => {
        const [id = '', direction] = s.split(',');
        return { id, desc: direction === 'desc' };
      }),
    [context.sort],
  );
  return {
    rows: context.rows as Box[],
    loading,
    totalItems: context.totalItems,
    totalPages: context.totalPages,
    page: context.page,
    size: context.size,
    pageSizes: context.pageSizes,
    sorting,
    filters: context.filters,
    query: buildListQuery(context),
    setPage: (page: number) => actor.send({ type: 'SET_PAGE', page }),
    setSize: (size: number) => actor.send({ type: 'SET_SIZE', size }),
    setSorting: (terms: SortTerm[]) =>
      actor.send({ type: 'SET_SORT', sort: terms.map((t) => sortParam(t.id, t.desc ? 'desc' : 'asc')) }),
    setFilters: (filters: string[]) => actor.send({ type: 'SET_FILTERS', filters }),
    reload: () => actor.send({ type: 'RELOAD' }),
  };
}

export type BoxesView = ReturnType<typeof useBoxesView>;
