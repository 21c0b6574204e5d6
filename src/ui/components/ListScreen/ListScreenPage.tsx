// The one layout of the two server-paged screens (docs/dev/product-rules.md#screens: Samples is "the same structure as
// Analysis" with a few differences). A screen is a configuration: its columns, its fetch, its filter
// panel, its selection items and its extras; everything else (the list view machine, the Selection
// card's restriction flowing into it, row edit, export, preferences) is wired here once.
import { useCallback, useMemo, type ReactNode } from 'react';
import type { FilterPanelSpec } from '../../../domain/filterPanel';
import type { SelectionItem } from '../../../domain/selectionItem';
import { DataTable, useColumnPrefs, type DataColumn } from '../DataTable';
import { ExportPanel, useExport } from '../ExportPanel';
import { Page } from '../Page';
import { useRowEdit } from '../RowEdit';
import { SelectionCard, useSelection } from '../SelectionCard';
import type { RowEditResource } from '../RowEdit/types';
import type { SelectionResource } from '../SelectionCard/types';
import type { FetchSelectionItems } from '../SelectionCard/useSelection';
import { EmptyHint } from './EmptyHint';
import { ListFilterPanel, ListScreenActions, ListStatus } from './ListScreenParts';
import { useListScreen } from './useListScreen';
import { LiveUpdates } from './LiveUpdates';
import { useListView, type FetchListPage, type ListView } from './useListView';
import type { ListEntity } from './types';

export interface ListScreenConfig<Row> {
  entity: ListEntity;
  title: string;
  /** The table's accessible name. */
  tableLabel: string;
  columns: readonly DataColumn<Row>[];
  /** Local-storage key of the column order and hidden columns. */
  headersKey: string;
  /** The row key; the same as the Selection card's item key (aId, or 'sId|sStamp'). */
  rowId(row: Row): string;
  toItem(row: Row): SelectionItem;
  fetchPage: FetchListPage<Row>;
  filterPanel: FilterPanelSpec;
  withExclusion: boolean;
  createLabel: string;
  /** The Selection card: its storage and 'Fetch from …'. */
  selection: SelectionResource;
  /** Row edit, Create and Delete: the fields, the calls and the dialogs' words. */
  rowEdit: RowEditResource;
  /** Column id ↔ the server's sort field, where they differ (Analysis' 'sample.' keys). */
  sortField?: (columnId: string) => string;
  columnOfSortField?: (field: string) => string;
}

export interface ListScreenPageProps<Row> {
  config: ListScreenConfig<Row>;
  className?: string;
  /** Buttons of the page header before the shared ones (Samples: the file upload). */
  actions?: (view: ListView<Row>) => ReactNode;
  /** Shown after 'Currently filtering #N' and the campaign line (Analysis: the averages). */
  status?: (view: ListView<Row>) => ReactNode;
}

export function ListScreenPage<Row>({ config, className, actions, status }: ListScreenPageProps<Row>) {
  // 'Select All filtered Elements' fetches the view's rows as selection items.
  const fetchItems = useCallback<FetchSelectionItems>(
    (http, query, signal) =>
      config.fetchPage(http, query, signal).then((page) => page.rows.map(config.toItem)),
    [config],
  );
  const selection = useSelection({ entity: config.entity, resource: config.selection, fetchItems });
  const view = useListView<Row>({
    entity: config.entity,
    restriction: selection.restriction,
    fetchPage: config.fetchPage,
    sortField: config.sortField,
    columnOfSortField: config.columnOfSortField,
    withExclusion: config.withExclusion,
  });
  // Saves, creates and deletes reload the list; a deleted row also leaves the selection (docs/dev/product-rules.md#behaviour).
  const rowEdit = useRowEdit(config.entity, config.rowEdit, {
    onChanged: view.reload,
    onDeleted: selection.remove,
  });
  const columnIds = useMemo(() => config.columns.map((c) => c.id), [config.columns]);
  const [prefs, setPrefs] = useColumnPrefs(config.headersKey, columnIds);
  const visibleColumns = useMemo(() => prefs.order.filter((id) => !prefs.hidden.includes(id)), [prefs]);
  // An export holds what the view shows: its query, the visible columns in order, and its total.
  const exporter = useExport(
    config.entity,
    () => ({ query: view.query, attributes: visibleColumns, total: view.totalItems }),
    // SAP/ZFT flagged the exported rows: show the new flags.
    { onFlagsChanged: view.reload },
  );
  // The page's rows as selection items: what checking rows in the table adds or removes.
  const pageItems = useMemo(() => view.rows.map(config.toItem), [view.rows, config.toItem]);
  const screen = useListScreen({
    view,
    spec: config.filterPanel,
    title: config.title,
    createLabel: config.createLabel,
    selection,
    openCreate: rowEdit.openCreate,
  });

  return (
    <Page
      title={config.title}
      className={['list-screen', className].filter(Boolean).join(' ')}
      actions={
        <>
          {actions?.(view)}
          <ListScreenActions screen={screen} />
        </>
      }
    >
      <ListStatus screen={screen}>
        {status?.(view)}
        <LiveUpdates view={view} />
      </ListStatus>
      <ListFilterPanel screen={screen} withExclusion={config.withExclusion} />
      <div className="list-screen-body">
        <div className="list-screen-main">
          <DataTable<Row>
            label={config.tableLabel}
            columns={config.columns}
            rows={view.rows}
            getRowId={config.rowId}
            sorting={view.sorting}
            onSortingChange={view.setSorting}
            prefs={prefs}
            onPrefsChange={setPrefs}
            selection={{
              selectedKeys: selection.selectedKeys,
              onSelectionChange: (keys) => selection.onTableSelectionChange(keys, pageItems),
            }}
            emptyText={
              <EmptyHint
                entity={config.entity}
                hidden={view.hidden}
                onShowExcluded={() => view.setExclusion([])}
                onShowOutside={() => view.setAllCampaigns(true)}
              />
            }
            loading={view.loading}
            markedRows={view.markedRows}
            paging={{
              page: view.page,
              pageCount: view.totalPages,
              totalItems: view.totalItems,
              pageSize: view.size,
              pageSizes: view.pageSizes,
              onPageChange: view.setPage,
              onPageSizeChange: view.setSize,
            }}
            createLabel={config.createLabel}
            onPdf={exporter.downloadPdf}
            {...rowEdit.tableProps}
            onCreate={rowEdit.openCreate}
          />
        </div>
        <aside className="list-screen-side" aria-label="Selection and export">
          <SelectionCard
            fetchLabel={config.selection.fetchLabel}
            selection={selection}
            onOpenItem={(item) => rowEdit.openEdit(item.key)}
          />
          <ExportPanel exporter={exporter} />
        </aside>
      </div>
      {rowEdit.dialogs}
    </Page>
  );
}
