// React wiring of the list view machine (src/machines/listView.machine.ts) for Analysis and
// Samples: the machine holds the query and the request in flight; this hook injects the request
// (the entity's view call, shown by the busy spinner) and the notification, keeps the filter and
// exclusion preferences in local storage, and forwards the Selection card's restriction.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { checkRowsLater, type Http, type RowCheck } from '../../../api/http';
import { DEFAULT_PAGE_SIZE, type Exclusion } from '../../../domain/constants';
import { VIEW_EVENTS, changeSummary } from '../../../domain/events';
import type { StreamStatus } from '../../../machines/eventStream.machine';
import type { HiddenCounts } from '../../../domain/entities/shared';
import { buildListQuery, type ListRestriction } from '../../../domain/listQuery';
import { FILTER_MISMATCH, REFRESH_TIMER_MESSAGE } from '../../../domain/messages';
import { ALL_CAMPAIGNS, sortParam, toSearchParams, type SelectionQuery } from '../../../domain/query';
import {
  listViewMachine,
  listViewStatus,
  type FetchPageInput,
  type ListPage,
  type ListViewStatus,
} from '../../../machines/listView.machine';
import type { SortTerm } from '../DataTable';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { useOnChange } from '../../state/ChangeEventsProvider';
import { useChangeMarks } from './useChangeMarks';
import { loadAllCampaigns, loadExclusion, loadFilters, saveAllCampaigns, saveExclusion, saveFilters } from './preferences';
import type { ListViewEntity } from './types';

export type FetchListPage<Row> = (
  http: Http,
  query: SelectionQuery,
  signal: AbortSignal,
) => Promise<ListPage<Row>>;

export interface ListViewOptions<Row> {
  entity: ListViewEntity;
  fetchPage: FetchListPage<Row>;
  /** Column id → the sort field the server takes (the registry's sort key). */
  sortField?: (columnId: string) => string;
  /** The server's sort field → column id (the inverse of sortField). */
  columnOfSortField?: (field: string) => string;
  /** The Selection card's 'Filter all' restriction; null lifts it. */
  restriction?: ListRestriction;
  /** Whether the screen has the exclusion checkboxes (their choice is kept only then). */
  withExclusion?: boolean;
  /** The page sizes offered when they are not the lists' own (Screens: 5, 10, 15). */
  pageSizes?: readonly number[];
}

export interface ListView<Row> {
  entity: ListViewEntity;
  status: ListViewStatus;
  loading: boolean;
  rows: Row[];
  totalItems: number;
  totalPages: number;
  average: Record<string, number | null> | null;
  /** An empty page: what the campaign and the exclusions hide. */
  hidden: HiddenCounts | null;
  page: number;
  size: number;
  pageSizes: readonly number[];
  sorting: SortTerm[];
  filters: string[];
  exclusion: Exclusion[];
  /** The user lifted the campaign bound of this view ('Show them'); kept until put back. */
  allCampaigns: boolean;
  /** Lifted by a press just now (not read from the preferences): the way back takes the focus. */
  allCampaignsPressed: boolean;
  refreshSeconds: number;
  /** The change events' stream: while it is not live the refresh timer is the fallback. */
  streamStatus: StreamStatus;
  /** Rows changed elsewhere just now (marked for a few seconds). */
  markedRows: ReadonlySet<string>;
  /** The last change elsewhere said in words, for a polite live region ('' when none). */
  changeSummary: string;
  /** The query of the current state (export, PDF, select-all-filtered). */
  query: SelectionQuery;
  /** The path and query string of the list request of `query`, relative to /api ('API Test'). */
  requestPath: string;
  setPage(page: number): void;
  setSize(size: number): void;
  setSorting(sorting: SortTerm[]): void;
  /** Invalid terms are refused by the machine with 'Filter mismatch - Please check your input!'. */
  setFilters(filters: string[]): void;
  setExclusion(exclusion: string[]): void;
  /** Lifts (true) or puts back (false) the campaign bound of this view, and reloads. */
  setAllCampaigns(all: boolean): void;
  setRefresh(seconds: number | string): void;
  reload(): void;
}

const identity = (s: string): string => s;

/** The validation messages stay on screen until corrected (docs/dev/product-rules.md#behaviour Notifications). */
const PERSISTENT_MESSAGES = new Set<string>([FILTER_MISMATCH, REFRESH_TIMER_MESSAGE]);

const restrictionSignature = (r: ListRestriction | undefined): string => JSON.stringify(r ?? null);

export function useListView<Row>(options: ListViewOptions<Row>): ListView<Row> {
  const { entity, restriction, withExclusion = false } = options;
  const { http } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();

  // The machine is created once; the effects it runs read the latest closures through refs, so a
  // new notify (it changes with every shown notification) never restarts the list.
  // The campaign bound is the view's, not the filter's: the machine's query is sent with it added.
  const [campaign, setCampaign] = useState(() => ({ all: loadAllCampaigns(entity), pressed: false }));
  const withCampaign = (query: SelectionQuery): SelectionQuery =>
    campaign.all ? { ...query, campaign: ALL_CAMPAIGNS } : query;
  const latest = useRef({ http, track, notify, fetchPage: options.fetchPage, withCampaign });
  useEffect(() => {
    latest.current = { http, track, notify, fetchPage: options.fetchPage, withCampaign };
  });

  const [machine] = useState(() =>
    listViewMachine.provide({
      actors: {
        fetchPage: fromPromise<ListPage, FetchPageInput>(({ input, signal }) => {
          const { http: client, track: trackBusy, fetchPage, withCampaign: bound } = latest.current;
          const query = bound(input.query);
          // An auto-refresh only marks the table busy (a quiet indicator); the overlay would swallow
          // the clicks of someone working on the page every N seconds. Its rows are checked in full
          // before they replace the ones under the user's hands.
          if (input.background) return fetchPage(client, query, signal);
          // A page someone asked for is shown once its totals and first rows are checked; the rest
          // are checked after the first paint (the machine's 'checking'), under the busy overlay, so
          // nothing is pressed on rows that were not checked.
          let check: RowCheck | undefined;
          checkRowsLater(signal, (c) => {
            check = c;
          });
          const request = fetchPage(client, query, signal).then((page) =>
            check ? { ...page, check } : page,
          );
          void trackBusy(request.then((page) => page.check?.rows)).catch(() => undefined);
          return request;
        }),
      },
      actions: {
        notify: (_, params) =>
          latest.current.notify(params.kind, params.message, {
            page: entity,
            persistent: params.kind === 'error' && PERSISTENT_MESSAGES.has(params.message),
          }),
      },
    }),
  );
  // Preferences are read once, when the screen opens.
  const [input] = useState(() => ({
    defaultSize: DEFAULT_PAGE_SIZE[entity],
    pageSizes: options.pageSizes,
    filters: loadFilters(entity),
    exclusion: loadExclusion(entity, withExclusion),
  }));
  const actor = useActorRef(machine, { input });

  const context = useSelector(actor, (s) => s.context);
  const status = useSelector(actor, listViewStatus);

  // Change events: what touches this view is refetched (the machine debounces and never runs two
  // requests); a 'reload' (the stream missed too much) refetches as well.
  const [summary, setSummary] = useState('');
  const streamStatus = useOnChange((change) => {
    if (change === 'reload') return actor.send({ type: 'CHANGED_ELSEWHERE', keys: [] });
    if (!(VIEW_EVENTS[entity] ?? [entity]).includes(change.resource)) return;
    const own = change.resource === entity ? change.keys : [];
    actor.send({ type: 'CHANGED_ELSEWHERE', keys: own });
    setSummary(changeSummary(change));
  });
  useEffect(() => actor.send({ type: 'STREAM', live: streamStatus === 'live' }), [actor, streamStatus]);
  const markedRows = useChangeMarks(context.marked, context.markSeq);

  // Preferences follow what the machine accepted (an invalid filter never reaches storage).
  useEffect(() => saveFilters(entity, context.filters), [entity, context.filters]);
  useEffect(
    () => saveExclusion(entity, withExclusion, context.exclusion),
    [entity, withExclusion, context.exclusion],
  );

  // 'Filter all' from the Selection card; compared by value, as the card may rebuild the object.
  const signature = restrictionSignature(restriction);
  const sent = useRef('null');
  useEffect(() => {
    if (sent.current === signature) return;
    sent.current = signature;
    // The closure of the render that changed the signature holds that very restriction.
    actor.send({ type: 'SET_RESTRICTION', restriction: restriction ?? null });
    // A new object with the same ids re-runs this effect, and the signature check ends it there.
  }, [actor, signature, restriction]);

  const sortField = options.sortField ?? identity;
  const columnOf = options.columnOfSortField ?? identity;
  const sorting = useMemo<SortTerm[]>(
    () =>
      context.sort.map((s) => {
        const [field = '', direction] = s.split(',');
        return { id: columnOf(field), desc: direction === 'desc' };
      }),
    [context.sort, columnOf],
  );
  const query = useMemo<SelectionQuery>(
    () => (campaign.all ? { ...buildListQuery(context), campaign: ALL_CAMPAIGNS } : buildListQuery(context)),
    [context, campaign.all],
  );
  // A changed bound reloads the view once the request reads it (latest is set after render).
  const reloadFor = useRef(campaign.all);
  useEffect(() => {
    if (reloadFor.current === campaign.all) return;
    reloadFor.current = campaign.all;
    saveAllCampaigns(entity, campaign.all);
    actor.send({ type: 'RELOAD' });
  }, [actor, entity, campaign.all]);
  const params = useMemo(() => toSearchParams(query).toString(), [query]);

  return {
    entity,
    status,
    loading: status === 'loading',
    rows: context.rows as Row[],
    totalItems: context.totalItems,
    totalPages: context.totalPages,
    average: context.average,
    hidden: context.hidden,
    page: context.page,
    size: context.size,
    pageSizes: context.pageSizes,
    sorting,
    filters: context.filters,
    exclusion: context.exclusion,
    allCampaigns: campaign.all,
    allCampaignsPressed: campaign.pressed,
    refreshSeconds: context.refreshSeconds,
    streamStatus,
    markedRows,
    changeSummary: summary,
    query,
    requestPath: `${entity}/view${params ? `?${params}` : ''}`,
    setPage: (page) => actor.send({ type: 'SET_PAGE', page }),
    setSize: (size) => actor.send({ type: 'SET_SIZE', size }),
    setSorting: (terms) =>
      actor.send({
        type: 'SET_SORT',
        sort: terms.map((t) => sortParam(sortField(t.id), t.desc ? 'desc' : 'asc')),
      }),
    setFilters: (filters) => actor.send({ type: 'SET_FILTERS', filters }),
    setExclusion: (exclusion) => actor.send({ type: 'SET_EXCLUSION', exclusion }),
    setAllCampaigns: (all) => setCampaign({ all, pressed: all }),
    setRefresh: (seconds) => actor.send({ type: 'SET_REFRESH', seconds }),
    reload: () => actor.send({ type: 'RELOAD' }),
  };
}
