// Analysis (spec §2): the server-paged table of analyses with 'Currently filtering #N' and the
// averages of the measured columns. Filters, selection card, editing and export follow (issue 4).
import { useMemo, useState } from 'react';
import type { Selection } from 'react-aria-components';
import { LIST_PAGE_SIZES } from '../../../domain/constants';
import type { Analysis } from '../../../domain/entities/analysis';
import { currentlyFiltering, NO_DATA } from '../../../domain/messages';
import { DataTable, formatCell, useColumnPrefs } from '../../components/DataTable';
import { Page } from '../../components/Page';
import { useAuth } from '../../state/AuthProvider';
import { ANALYSIS_COLUMN_IDS, ANALYSIS_COLUMNS, ANALYSIS_HEADERS_KEY, AVERAGE_COLUMNS } from './columns';
import { useAnalysisView } from './useAnalysisView';
import './AnalysisPage.css';

const rowId = (a: Analysis): string => String(a.aId);

export function AnalysisPage() {
  const { isAdmin } = useAuth();
  const view = useAnalysisView();
  const [prefs, setPrefs] = useColumnPrefs(ANALYSIS_HEADERS_KEY, ANALYSIS_COLUMN_IDS);
  const [selected, setSelected] = useState<Selection>(() => new Set());
  const total = view.data?.totalItems ?? 0;
  const rows = useMemo(() => view.data?.analysis ?? [], [view.data]);

  return (
    <Page title="Analysis" className="analysis-page">
      <div className="analysis-status">
        <p className="analysis-filtering" aria-live="polite">
          {currentlyFiltering(total)}
        </p>
        {view.data && total > 1 ? (
          <dl className="analysis-averages" aria-label="Averages">
            {AVERAGE_COLUMNS.map((c) => (
              <div key={c.id} className="analysis-average">
                <dt>Ø {c.header}</dt>
                <dd>{formatCell(view.data!.average[c.key], true, 2) || '–'}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      <DataTable<Analysis>
        label="Analyses"
        columns={ANALYSIS_COLUMNS}
        rows={rows}
        getRowId={rowId}
        sorting={view.query.sorting}
        onSortingChange={view.setSorting}
        prefs={prefs}
        onPrefsChange={setPrefs}
        selectedKeys={selected}
        onSelectionChange={setSelected}
        emptyText={NO_DATA}
        loading={view.loading}
        page={view.query.page}
        pageCount={view.data?.totalPages ?? 0}
        totalItems={total}
        pageSize={view.query.size}
        pageSizes={LIST_PAGE_SIZES}
        onPageChange={view.setPage}
        onPageSizeChange={view.setSize}
        // The PDF export and the create dialog come with the export and row-edit work of issue 4.
        onPdf={isAdmin ? () => {} : undefined}
        onCreate={isAdmin ? () => {} : undefined}
        createLabel="Create new Analysis"
      />
    </Page>
  );
}
