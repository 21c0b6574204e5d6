// What Analysis and Samples share around their table: the filter panel's state (open, fields),
// the select-all-filtered flow, the expression dialog and the palette actions.
import { useId, useState } from 'react';
import type { FilterPanelSpec } from '../../../domain/filterPanel';
import { currentScanTarget } from '../../scanner';
import { SHORTCUTS } from '../../shortcuts/list';
import { useShortcut } from '../../shortcuts/useGlobalShortcuts';
import { loadPanelOpen, savePanelOpen } from './preferences';
import { useListFilters, type ListFilters } from './useListFilters';
import { useListScreenActions } from './useListScreenActions';
import type { ListView } from './useListView';
import type { SelectionHandle } from '../SelectionCard/types';

/** 'Select All filtered Elements' as the filter panel and its dialog see it (the selection machine's flow). */
export interface SelectAllFiltered {
  isConfirming: boolean;
  /** How many items the confirmation speaks of. */
  count: number;
  request(): void;
  confirm(): void;
  cancel(): void;
}

export interface ListScreenOptions<Row> {
  view: ListView<Row>;
  spec: FilterPanelSpec;
  /** The screen's title (the palette group) and its create label. */
  title: string;
  createLabel: string;
  /** The Selection card ('Select All filtered Elements' adds to it). */
  selection: SelectionHandle;
  /** The row editor's create dialog (admins only). */
  openCreate?: () => void;
}

export interface ListScreen {
  view: ListView<unknown>;
  filters: ListFilters;
  selectAll: SelectAllFiltered;
  panelId: string;
  panelOpen: boolean;
  setPanelOpen(open: boolean): void;
  expressionOpen: boolean;
  setExpressionOpen(open: boolean): void;
}

export function useListScreen<Row>(o: ListScreenOptions<Row>): ListScreen {
  const view = o.view as ListView<unknown>;
  const filters = useListFilters(view, o.spec);
  const selectAll: SelectAllFiltered = {
    isConfirming: o.selection.status === 'confirmingSelectAll',
    count: o.selection.selectAllTotal,
    request: () => o.selection.selectAllFiltered(o.view.totalItems, o.view.query),
    confirm: o.selection.confirmSelectAll,
    cancel: o.selection.cancelSelectAll,
  };
  const panelId = useId();
  const [panelOpen, setPanelOpenState] = useState(() => loadPanelOpen(view.entity));
  const setPanelOpen = (open: boolean) => {
    setPanelOpenState(open);
    savePanelOpen(view.entity, open);
  };
  const [expressionOpen, setExpressionOpen] = useState(false);
  // 34 Tab presses away otherwise: a shortcut and a palette command go straight there.
  const openFilterPanel = () => {
    setPanelOpen(true);
    // After the panel has rendered (it may have been closed).
    requestAnimationFrame(() =>
      document.getElementById(panelId)?.querySelector<HTMLInputElement>('input')?.focus(),
    );
  };
  const focusSampleId = () => currentScanTarget()?.field?.()?.focus();
  useShortcut(SHORTCUTS.filterPanel.hotkey, openFilterPanel);
  useShortcut(SHORTCUTS.sampleIdField.hotkey, focusSampleId);

  useListScreenActions({
    group: o.title,
    createLabel: o.createLabel,
    openExpression: () => setExpressionOpen(true),
    openFilterPanel,
    focusSampleId,
    clearFilters: filters.clear,
    applyDefaults: filters.applyDefaults,
    selectAllFiltered: selectAll.request,
    openCreate: o.openCreate,
  });

  return { view, filters, selectAll, panelId, panelOpen, setPanelOpen, expressionOpen, setExpressionOpen };
}
