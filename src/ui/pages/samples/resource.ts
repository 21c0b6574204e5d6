// The Samples screen as a resource (docs/dev/product-rules.md#screens: Analysis' structure without exclusions and averages):
// everything the shared list screen, its Selection card, its export and its preferences need to know
// about samples, in one place. The fields are the column registry's (src/domain/columns/samples.ts).
// Row keys are the composite 'sId|sStamp' (formatSampleKey).
import { viewSamples } from '../../../api/samples';
import { STORAGE_KEYS } from '../../../domain/constants';
import type { Sample } from '../../../domain/entities/sample';
import { SAMPLES_FILTER_PANEL } from '../../../domain/filterPanel';
import { formatSampleKey } from '../../../domain/ids';
import { sampleSelectionItem } from '../../../domain/selectionItem';
import type { ListScreenConfig } from '../../components/ListScreen';
import { SAMPLE_COLUMNS, SAMPLES_HEADERS_KEY } from './columns';
import { SAMPLE_ROW_EDIT } from './rowEdit';

export const SAMPLES_RESOURCE: ListScreenConfig<Sample> = {
  entity: 'samples',
  title: 'Samples',
  tableLabel: 'Samples',
  columns: SAMPLE_COLUMNS,
  headersKey: SAMPLES_HEADERS_KEY,
  rowId: (s) => formatSampleKey(s.sampleId),
  toItem: sampleSelectionItem,
  fetchPage: async (http, query, signal) => {
    const view = await viewSamples(http, query, { signal });
    return {
      rows: view.samples,
      totalItems: view.totalItems,
      totalPages: view.totalPages,
      hidden: view.hidden ?? null,
    };
  },
  filterPanel: SAMPLES_FILTER_PANEL,
  withExclusion: false,
  createLabel: 'Create new Sample',
  rowEdit: SAMPLE_ROW_EDIT,
  selection: {
    storageKey: STORAGE_KEYS.samplesSelection,
    fetchLabel: 'Fetch from Analysis',
    // An analysis item already names its sample: no request needed.
    fromOther: {
      storageKey: STORAGE_KEYS.analysisSelection,
      convert: async (_http, items) =>
        items.map((item) => ({ key: formatSampleKey(item), sId: item.sId, sStamp: item.sStamp })),
    },
  },
};
