// Samples (spec §2): the list screen of samples — Analysis' structure without exclusions and
// averages, with the sample file upload. Row keys are the composite 'sId|sStamp' (formatSampleKey).
import { viewSamples } from '../../../api/samples';
import type { Sample } from '../../../domain/entities/sample';
import { SAMPLES_FILTER_PANEL } from '../../../domain/filterPanel';
import { formatSampleKey } from '../../../domain/ids';
import { sampleSelectionItem } from '../../../domain/selectionItem';
import { ListScreenPage, type ListScreenConfig } from '../../components/ListScreen';
import { SAMPLE_COLUMNS, SAMPLES_HEADERS_KEY } from './columns';
import { ImportSamplesButton } from './ImportSamplesButton';

const SAMPLES_SCREEN: ListScreenConfig<Sample> = {
  entity: 'samples',
  title: 'Samples',
  tableLabel: 'Samples',
  columns: SAMPLE_COLUMNS,
  headersKey: SAMPLES_HEADERS_KEY,
  rowId: (s) => formatSampleKey(s.sampleId),
  toItem: sampleSelectionItem,
  fetchPage: async (http, query, signal) => {
    const view = await viewSamples(http, query, { signal });
    return { rows: view.samples, totalItems: view.totalItems, totalPages: view.totalPages };
  },
  filterPanel: SAMPLES_FILTER_PANEL,
  withExclusion: false,
  createLabel: 'Create new Sample',
};

export function SamplesPage() {
  return (
    <ListScreenPage
      config={SAMPLES_SCREEN}
      className="samples-page"
      actions={(view) => <ImportSamplesButton onImported={view.reload} />}
    />
  );
}
