// The items of the chosen screen, one server page at a time (docs/dev/product-rules.md#screens Screens: a second, paged table
// of its items; docs/dev/product-rules.md#constants: item page sizes as the Boxes list, default 25), through the list view
// machine like every other paged table (src/machines/listView.machine.ts: a newer request cancels
// the one in flight, a failure says the spec's message). This hook injects the request and the
// notification: another screen starts at its first page, `reloadKey` reloads the shown page.
import { useOnChange } from '../../state/ChangeEventsProvider';
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { screenItems } from '../../../api/screens';
import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '../../../domain/constants';
import type { ScreenItem } from '../../../domain/entities/screen';
import { listViewMachine, type FetchPageInput, type ListPage } from '../../../machines/listView.machine';
import { useAuth } from '../../state/AuthProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { SCREENS_RESOURCE } from '../../../domain/resources/screens';

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

const NO_ITEMS: ListPage<ScreenItem> = { rows: [], totalItems: 0, totalPages: 0 };

export function useScreenItems(scrId: number | null, reloadKey: number): ScreenItems {
  const { http } = useAuth();
  const { notify } = useNotifications();
  // The machine is created once; its effects read the latest screen and closures through a ref.
  const latest = useRef({ http, notify, scrId });
  useEffect(() => {
    latest.current = { http, notify, scrId };
  });

  const [machine] = useState(() =>
    listViewMachine.provide({
      actors: {
        fetchPage: fromPromise<ListPage, FetchPageInput>(async ({ input, signal }) => {
          const { http: client, scrId: shown } = latest.current;
          if (shown === null) return NO_ITEMS;
          const { page, size } = input.query;
          const view = await screenItems(client, shown, { page, size }, { signal });
          return { rows: view.screenItems, totalItems: view.totalItems, totalPages: view.totalPages };
        }),
      },
      actions: {
        notify: (_, params) =>
          latest.current.notify(params.kind, params.message, { page: SCREENS_RESOURCE.name }),
      },
    }),
  );
  const [input] = useState(() => ({
    defaultSize: DEFAULT_PAGE_SIZE.screenItems,
    pageSizes: LIST_PAGE_SIZES,
  }));
  const actor = useActorRef(machine, { input });
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('checking'));

  // Change events: the shown screen's items changed elsewhere (a transfer, an upload) are refetched.
  const streamStatus = useOnChange((change) => {
    if (scrId === null) return;
    if (change === 'reload' || (change.resource === 'screens' && change.keys.includes(String(scrId))))
      actor.send({ type: 'CHANGED_ELSEWHERE', keys: [] });
  });
  useEffect(() => actor.send({ type: 'STREAM', live: streamStatus === 'live' }), [actor, streamStatus]);

  // Another screen (or none) starts at its first page; a reload keeps the page.
  const shownScreen = useRef(scrId);
  const shownKey = useRef(reloadKey);
  useEffect(() => {
    if (shownScreen.current !== scrId) actor.send({ type: 'SET_PAGE', page: 0 });
    else if (shownKey.current !== reloadKey) actor.send({ type: 'RELOAD' });
    shownScreen.current = scrId;
    shownKey.current = reloadKey;
  }, [actor, scrId, reloadKey]);

  const rows = scrId === null ? [] : (context.rows as ScreenItem[]);
  return {
    rows,
    totalItems: scrId === null ? 0 : context.totalItems,
    totalPages: scrId === null ? 0 : context.totalPages,
    page: context.page,
    size: context.size,
    pageSizes: context.pageSizes,
    loading,
    setPage: (page) => actor.send({ type: 'SET_PAGE', page }),
    setSize: (size) => actor.send({ type: 'SET_SIZE', size }),
  };
}
