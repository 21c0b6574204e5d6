// 'Select All filtered Elements' (spec §2, §4): above 1000 matching items it is refused with
// 'You will have more than 1000 Elements! …'; otherwise a confirmation, then the first 1000
// matching items (page 0 of size 1000, the current filters, exclusion and restriction) are handed
// to the selection.
import { useState } from 'react';
import { MAX_SELECTION } from '../../../domain/constants';
import { SELECTION_TOO_LARGE, SERVER_TIMEOUT } from '../../../domain/messages';
import type { SelectionItem } from '../../../domain/selectionItem';
import { useNotifications } from '../../state/NotificationProvider';
import type { ListView } from './useListView';

export interface SelectAllFiltered {
  isConfirming: boolean;
  /** How many items the confirmation speaks of. */
  count: number;
  request(): void;
  confirm(): Promise<void>;
  cancel(): void;
}

export function useSelectAllFiltered<Row>(
  view: ListView<Row>,
  toItem: (row: Row) => SelectionItem,
  addMany: (items: SelectionItem[]) => void,
): SelectAllFiltered {
  const { notify } = useNotifications();
  const [isConfirming, setConfirming] = useState(false);

  return {
    isConfirming,
    count: view.totalItems,
    request: () => {
      if (view.totalItems > MAX_SELECTION) {
        notify('error', SELECTION_TOO_LARGE, { page: view.entity });
        return;
      }
      setConfirming(true);
    },
    confirm: async () => {
      setConfirming(false);
      try {
        const page = await view.fetchQuery({ ...view.query, page: 0, size: MAX_SELECTION });
        addMany(page.rows.map(toItem));
      } catch {
        // A list request that failed (spec §8), as the table's own.
        notify('error', SERVER_TIMEOUT, { page: view.entity });
      }
    },
    cancel: () => setConfirming(false),
  };
}
