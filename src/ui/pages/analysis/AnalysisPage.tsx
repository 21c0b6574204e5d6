// Analysis (spec §2): the list screen of analyses, with the exclusion checkboxes and the averages of
// the measured columns. Its table sorts the sample's fields as 'sample.…' on the server (spec §9).
import { viewAnalysis } from '../../../api/analysis';
import type { Analysis } from '../../../domain/entities/analysis';
import { ANALYSIS_FILTER_PANEL } from '../../../domain/filterPanel';
import { ANALYSIS_REGISTRY } from '../../../domain/columns/analysis';
import { columnOfSortKey, sortKeyOf } from '../../../domain/columns/registry';
import { analysisSelectionItem } from '../../../domain/selectionItem';
import { ListScreenPage, type ListScreenConfig } from '../../components/ListScreen';
import { AnalysisAverages } from './AnalysisAverages';
import { ANALYSIS_COLUMNS, ANALYSIS_HEADERS_KEY } from './columns';
import './AnalysisPage.css';

const ANALYSIS_SCREEN: ListScreenConfig<Analysis> = {
  entity: 'analysis',
  title: 'Analysis',
  tableLabel: 'Analyses',
  columns: ANALYSIS_COLUMNS,
  headersKey: ANALYSIS_HEADERS_KEY,
  rowId: (a) => String(a.aId),
  toItem: analysisSelectionItem,
  fetchPage: async (http, query, signal) => {
    const view = await viewAnalysis(http, query, { signal });
    return {
      rows: view.analysis,
      totalItems: view.totalItems,
      totalPages: view.totalPages,
      average: view.average,
    };
  },
  filterPanel: ANALYSIS_FILTER_PANEL,
  withExclusion: true,
  createLabel: 'Create new Analysis',
  sortField: sortKeyOf(ANALYSIS_REGISTRY),
  columnOfSortField: columnOfSortKey(ANALYSIS_REGISTRY),
};

export function AnalysisPage() {
  return (
    <ListScreenPage
      config={ANALYSIS_SCREEN}
      className="analysis-page"
      status={(view) => <AnalysisAverages view={view} />}
    />
  );
}
