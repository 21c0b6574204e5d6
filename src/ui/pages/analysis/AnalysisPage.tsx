// Analysis (spec §2): the server-paged table of analyses with the filter panel, 'Currently
// filtering #N', the campaign line, the averages of the measured columns, the refresh interval and
// 'API Test' (ListScreen), the Selection card, row edit and export. The query lives in the list view
// machine (useListView); the Selection card's 'Filter all' restriction flows into it.
import { useMemo } from 'react';
import { viewAnalysis } from '../../../api/analysis';
import type { Analysis } from '../../../domain/entities/analysis';
import { ANALYSIS_FILTER_PANEL } from '../../../domain/filterPanel';
import { NO_DATA } from '../../../domain/messages';
import { analysisSortKey } from '../../../domain/query';
import { analysisSelectionItem } from '../../../domain/selectionItem';
import { DataTable, useColumnPrefs } from '../../components/DataTable';
import { ExportPanel, useExport } from '../../components/ExportPanel';
import {
  ListFilterPanel,
  ListScreenActions,
  ListStatus,
  useListScreen,
  useListView,
  type FetchListPage,
} from '../../components/ListScreen';
import { Page } from '../../components/Page';
import { useRowEdit } from '../../components/RowEdit';
import { SelectionCard, useSelection } from '../../components/SelectionCard';
import { AnalysisAverages } from './AnalysisAverages';
import { ANALYSIS_COLUMN_IDS, ANALYSIS_COLUMNS, ANALYSIS_HEADERS_KEY } from './columns';
import './AnalysisPage.css';

const rowId = (a: Analysis): string => String(a.aId);

const fetchAnalysisPage: FetchListPage<Analysis> = async (http, query, signal) => {
  const view = await viewAnalysis(http, query, { signal });
  return {
    rows: view.analysis,
    totalItems: view.totalItems,
    totalPages: view.totalPages,
    average: view.average,
  };
};

/** 'sample.name' → 'name': the table's column ids are the field names without the sample prefix. */
const columnOfSortField = (field: string): string => field.replace(/^sample\./, '');

export function AnalysisPage() {
  const selection = useSelection('analysis');
  const view = useListView<Analysis>({
    entity: 'analysis',
    restriction: selection.restriction,
    fetchPage: fetchAnalysisPage,
    sortField: analysisSortKey,
    columnOfSortField,
  });
  // Row edit (helper C): inline edit, Create and delete for admins; results reload the list.
  const rowEdit = useRowEdit('analysis', { onChanged: view.reload, onDeleted: (id) => selection.remove(id) });
  const [prefs, setPrefs] = useColumnPrefs(ANALYSIS_HEADERS_KEY, ANALYSIS_COLUMN_IDS);
  const visibleColumns = useMemo(() => prefs.order.filter((id) => !prefs.hidden.includes(id)), [prefs]);
  // Export (helper D): what the view shows — its query, the visible columns in order, the total.
  const exporter = useExport('analysis', () => ({
    query: view.query,
    attributes: visibleColumns,
    total: view.totalItems,
  }));
  // The page's rows as selection items: what checking rows in the table adds or removes.
  const pageItems = useMemo(() => view.rows.map(analysisSelectionItem), [view.rows]);
  const screen = useListScreen({
    view,
    spec: ANALYSIS_FILTER_PANEL,
    toItem: analysisSelectionItem,
    addMany: selection.addMany,
    openCreate: rowEdit.openCreate,
  });

  return (
    <Page
      title="Analysis"
      className="list-screen analysis-page"
      actions={<ListScreenActions screen={screen} />}
    >
      <ListStatus screen={screen}>
        <AnalysisAverages view={view} />
      </ListStatus>
      <ListFilterPanel screen={screen} withExclusion />
      <div className="list-screen-body">
        <div className="list-screen-main">
          <DataTable<Analysis>
            label="Analyses"
            columns={ANALYSIS_COLUMNS}
            rows={view.rows}
            getRowId={rowId}
            sorting={view.sorting}
            onSortingChange={view.setSorting}
            prefs={prefs}
            onPrefsChange={setPrefs}
            selectedKeys={selection.selectedKeys}
            onSelectionChange={(keys) => selection.onTableSelectionChange(keys, pageItems)}
            emptyText={NO_DATA}
            loading={view.loading}
            page={view.page}
            pageCount={view.totalPages}
            totalItems={view.totalItems}
            pageSize={view.size}
            pageSizes={view.pageSizes}
            onPageChange={view.setPage}
            onPageSizeChange={view.setSize}
            createLabel="Create new Analysis"
            onPdf={exporter.downloadPdf}
            {...rowEdit.tableProps}
            onCreate={rowEdit.openCreate}
          />
        </div>
        <aside className="list-screen-side" aria-label="Selection and export">
          <SelectionCard
            entity="analysis"
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
