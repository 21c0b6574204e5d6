// Samples (spec §2): the server-paged table of samples, structured as Analysis without exclusions
// and averages. Row keys are the composite 'sId|sStamp' (formatSampleKey), as the Selection card's.
// The Selection card's 'Filter all' restriction flows into the list view, as on Analysis.
import { useMemo } from 'react';
import { viewSamples } from '../../../api/samples';
import type { Sample } from '../../../domain/entities/sample';
import { SAMPLES_FILTER_PANEL } from '../../../domain/filterPanel';
import { formatSampleKey } from '../../../domain/ids';
import { NO_DATA } from '../../../domain/messages';
import { sampleSelectionItem } from '../../../domain/selectionItem';
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
import { SAMPLE_COLUMN_IDS, SAMPLE_COLUMNS, SAMPLES_HEADERS_KEY } from './columns';
import { ImportSamplesButton } from './ImportSamplesButton';

const rowId = (s: Sample): string => formatSampleKey(s.sampleId);

const fetchSamplesPage: FetchListPage<Sample> = async (http, query, signal) => {
  const view = await viewSamples(http, query, { signal });
  return { rows: view.samples, totalItems: view.totalItems, totalPages: view.totalPages };
};

export function SamplesPage() {
  const selection = useSelection('samples');
  const view = useListView<Sample>({
    entity: 'samples',
    restriction: selection.restriction,
    fetchPage: fetchSamplesPage,
  });
  // Row edit (helper C): inline edit, Create and delete for admins; results reload the list.
  const rowEdit = useRowEdit('samples', { onChanged: view.reload, onDeleted: (id) => selection.remove(id) });
  const [prefs, setPrefs] = useColumnPrefs(SAMPLES_HEADERS_KEY, SAMPLE_COLUMN_IDS);
  const visibleColumns = useMemo(() => prefs.order.filter((id) => !prefs.hidden.includes(id)), [prefs]);
  // Export (helper D): what the view shows — its query, the visible columns in order, the total.
  const exporter = useExport('samples', () => ({
    query: view.query,
    attributes: visibleColumns,
    total: view.totalItems,
  }));
  // The page's rows as selection items: what checking rows in the table adds or removes.
  const pageItems = useMemo(() => view.rows.map(sampleSelectionItem), [view.rows]);
  const screen = useListScreen({
    view,
    spec: SAMPLES_FILTER_PANEL,
    toItem: sampleSelectionItem,
    addMany: selection.addMany,
    openCreate: rowEdit.openCreate,
  });

  return (
    <Page
      title="Samples"
      className="list-screen samples-page"
      actions={
        <>
          <ImportSamplesButton onImported={view.reload} />
          <ListScreenActions screen={screen} />
        </>
      }
    >
      <ListStatus screen={screen} />
      <ListFilterPanel screen={screen} withExclusion={false} />
      <div className="list-screen-body">
        <div className="list-screen-main">
          <DataTable<Sample>
            label="Samples"
            columns={SAMPLE_COLUMNS}
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
            createLabel="Create new Sample"
            onPdf={exporter.downloadPdf}
            {...rowEdit.tableProps}
            onCreate={rowEdit.openCreate}
          />
        </div>
        <aside className="list-screen-side" aria-label="Selection and export">
          <SelectionCard
            entity="samples"
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
