// Command palette actions of Analysis and Samples (issue: every filter and action reachable from
// Ctrl/⌘+K): a typed filter expression, clear and default filters, select all filtered, and
// 'Create new …' when the row editor offers it (admins). Exports register themselves (useExport).
import { usePaletteActions, type PaletteAction } from '../../palette';
import { PAGE_SHORTCUTS, SHORTCUTS, pageKey } from '../../shortcuts/list';

export interface ListScreenActions {
  /** The palette group: the screen's title. */
  group: string;
  /** The row editor's create label ('Create new Analysis'). */
  createLabel: string;
  openExpression(): void;
  clearFilters(): void;
  applyDefaults(): void;
  selectAllFiltered(): void;
  /** Opens the filter panel and focuses its first field. */
  openFilterPanel(): void;
  /** Focuses the Add SampleID field. */
  focusSampleId(): void;
  /** Absent for readers. */
  openCreate?: () => void;
}

export function useListScreenActions(a: ListScreenActions): void {
  const { group } = a;
  const actions: PaletteAction[] = [
    {
      id: 'filter:expression',
      label: `${group}: filter by expression…`,
      group,
      keywords: ['filter', 'filtern', 'aId', 'sId', 'range', 'expression', 'search'],
      icon: 'search',
      perform: a.openExpression,
    },
    {
      id: 'filter:panel',
      label: `${group}: show filter panel`,
      group,
      keywords: ['filter', 'panel', 'date', 'flags', 'lane'],
      shortcut: SHORTCUTS.filterPanel.keys,
      perform: a.openFilterPanel,
    },
    {
      id: 'focus:sample-id',
      label: `${group}: go to Add SampleID`,
      group,
      keywords: ['sample', 'id', 'scan', 'barcode', 'add', 'selection'],
      shortcut: SHORTCUTS.sampleIdField.keys,
      perform: a.focusSampleId,
    },
    {
      id: 'filter:defaults',
      label: `${group}: apply default filters`,
      group,
      keywords: ['default', 'shift', 'schicht', 'lab day', 'today', 'window'],
      perform: a.applyDefaults,
    },
    {
      id: 'filter:clear',
      label: `${group}: clear all filters`,
      group,
      keywords: ['clear', 'reset', 'remove', 'filter'],
      perform: a.clearFilters,
    },
    {
      id: 'select:filtered',
      label: `${group}: select all filtered elements`,
      group,
      keywords: ['select', 'all', 'auswahl'],
      perform: a.selectAllFiltered,
    },
  ];
  const create = a.openCreate;
  if (create) {
    actions.push({
      id: 'create',
      label: a.createLabel,
      group,
      keywords: ['new', 'add', 'create', 'neu'],
      description: 'opens the create dialog',
      ...pageKey(PAGE_SHORTCUTS.create),
      perform: create,
    });
  }
  usePaletteActions(actions);
}
