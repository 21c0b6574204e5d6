// The Analysis list's query and its current page: a small local hook until the listView machine
// (src/machines) takes over. A new request aborts the one in flight; loads show the busy spinner;
// a failure that was not a cancellation notifies 'Server timeout occurred! …' (spec §8).
import { useCallback, useEffect, useRef, useState } from 'react';
import { viewAnalysis } from '../../../api/analysis';
import { ApiError } from '../../../api/http';
import { DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import type { AnalysisView } from '../../../domain/entities/analysis';
import { SERVER_TIMEOUT } from '../../../domain/messages';
import { analysisSortKey, sortParam } from '../../../domain/query';
import type { SortTerm } from '../../components/DataTable';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';

export interface AnalysisQueryState {
  /** 0-based. */
  page: number;
  size: number;
  sorting: SortTerm[];
}

export interface AnalysisViewState {
  query: AnalysisQueryState;
  data: AnalysisView | null;
  loading: boolean;
  setPage(page: number): void;
  /** A new size starts at the first page (spec §4). */
  setSize(size: number): void;
  /** A new sort starts at the first page. */
  setSorting(sorting: SortTerm[]): void;
  reload(): void;
}

export const toSortParams = (sorting: readonly SortTerm[]): string[] =>
  sorting.map((s) => sortParam(analysisSortKey(s.id), s.desc ? 'desc' : 'asc'));

export function useAnalysisView(): AnalysisViewState {
  const { http } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();
  // notify changes identity with every shown notification; it must not refetch the page.
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  }, [notify]);
  const [query, setQuery] = useState<AnalysisQueryState>({
    page: 0,
    size: DEFAULT_PAGE_SIZE.analysis,
    sorting: [],
  });
  const [data, setData] = useState<AnalysisView | null>(null);
  const [loading, setLoading] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const request = viewAnalysis(
      http,
      { page: query.page, size: query.size, sort: toSortParams(query.sorting) },
      { signal: controller.signal },
    );
    track(request).then(
      (view) => {
        if (controller.signal.aborted) return;
        setData(view);
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted || (error instanceof ApiError && error.aborted)) return;
        setLoading(false);
        notifyRef.current('error', SERVER_TIMEOUT, { page: 'analysis' });
      },
    );
    return () => controller.abort();
  }, [http, track, query, generation]);

  const setPage = useCallback((page: number) => setQuery((q) => ({ ...q, page })), []);
  const setSize = useCallback((size: number) => setQuery((q) => ({ ...q, size, page: 0 })), []);
  const setSorting = useCallback((sorting: SortTerm[]) => setQuery((q) => ({ ...q, sorting, page: 0 })), []);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return { query, data, loading, setPage, setSize, setSorting, reload };
}
