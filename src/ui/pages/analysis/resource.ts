// The Analysis screen as a resource (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#records): everything the shared list screen, its Selection
// card, its export and its preferences need to know about analyses, in one place. The fields
// themselves are the column registry's (src/domain/columns/analysis.ts).
import { viewAnalysis } from '../../../api/analysis';
import { analysesOfSamples } from '../../../api/selection';
import { ANALYSIS_REGISTRY } from '../../../domain/columns/analysis';
import { columnOfSortKey, sortKeyOf } from '../../../domain/columns/registry';
import { STORAGE_KEYS } from '../../../domain/constants';
import type { Analysis } from '../../../domain/entities/analysis';
import { ANALYSIS_FILTER_PANEL } from '../../../domain/filterPanel';
import { analysisSelectionItem } from '../../../domain/selectionItem';
import type { ListScreenConfig } from '../../components/ListScreen';
import { ANALYSIS_COLUMNS, ANALYSIS_HEADERS_KEY } from './columns';
import { ANALYSIS_ROW_EDIT } from './rowEdit';

export const ANALYSIS_RESOURCE: ListScreenConfig<Analysis> = {
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
      hidden: view.hidden ?? null,
    };
  },
  filterPanel: ANALYSIS_FILTER_PANEL,
  withExclusion: true,
  createLabel: 'Create new Analysis',
  rowEdit: ANALYSIS_ROW_EDIT,
  selection: {
    storageKey: STORAGE_KEYS.analysisSelection,
    fetchLabel: 'Fetch from Samples',
    // The analyses of the samples selected there.
    fromOther: {
      storageKey: STORAGE_KEYS.samplesSelection,
      convert: (http, items, signal) =>
        analysesOfSamples(
          http,
          items.map((i) => i.key),
          { signal },
        ),
    },
  },
  sortField: sortKeyOf(ANALYSIS_REGISTRY),
  columnOfSortField: columnOfSortKey(ANALYSIS_REGISTRY),
};
