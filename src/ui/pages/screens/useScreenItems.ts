// The items of the chosen screen, one server page at a time (docs/dev/product-rules.md#screens Screens: a second, paged table
// of its items; docs/dev/product-rules.md#constants: item page sizes as the Boxes list, default 25). A new screen starts at page 1;
// a newer request cancels the one in flight. Failures say the spec's server error (docs/dev/product-rules.md#messages).
import { useEffect, useState } from 'react';
import { screenItems } from '../../../api/screens';
import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '../../../domain/constants';
import type { ScreenItem } from '../../../domain/entities/screen';
import { SERVER_ERROR } from '../../../domain/messages';
import { useAuth } from '../../state/AuthProvider';
import { useNotifications } from '../../state/NotificationProvider';

export interface ScreenItems {
  rows: ScreenItem[];
  totalItems: number;
  totalPages: number;
  page: number;
  size: number;
  pageSizes: readonly number[];
  loading: boolean;
  setPage(page: number): void;
  setSize(size: number): void;
}

export function useScreenItems(scrId: number | null, reloadKey: number): ScreenItems {
  const { http } = useAuth();
  const { notify } = useNotifications();
  const [paging, setPaging] = useState<{ scrId: number | null; page: number; size: number }>({
    scrId,
    page: 0,
    size: DEFAULT_PAGE_SIZE.screenItems,
  });
  const [answer, setAnswer] = useState<{ rows: ScreenItem[]; totalItems: number; totalPages: number }>({
    rows: [],
    totalItems: 0,
    totalPages: 0,
  });
  const [loading, setLoading] = useState(false);
  // Another screen starts at its first page.
  const page = paging.scrId === scrId ? paging.page : 0;
  const { size } = paging;

  useEffect(() => {
    if (scrId === null) return;
    const controller = new AbortController();
    setLoading(true);
    screenItems(http, scrId, { page, size }, { signal: controller.signal }).then(
      (view) => {
        setAnswer({ rows: view.screenItems, totalItems: view.totalItems, totalPages: view.totalPages });
        setLoading(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setLoading(false);
        notify('error', SERVER_ERROR, { page: 'screens' });
      },
    );
    return () => controller.abort();
  }, [http, notify, scrId, page, size, reloadKey]);

  const shown = scrId === null ? { rows: [], totalItems: 0, totalPages: 0 } : answer;
  return {
    ...shown,
    page,
    size,
    pageSizes: LIST_PAGE_SIZES,
    loading,
    setPage: (p) => setPaging({ scrId, page: p, size }),
    setSize: (s) => setPaging({ scrId, page: 0, size: s }),
  };
}
