// The Analysis table's columns: the registry's (src/domain/columns/analysis.ts), plus the averages
// line of docs/dev/product-rules.md#records.
import { ANALYSIS_REGISTRY } from '../../../domain/columns/analysis';
import { AVERAGED_FIELDS } from '../../../domain/constants';
import { registryColumns } from '../../components/DataTable/columns';

export const ANALYSIS_COLUMNS = registryColumns(ANALYSIS_REGISTRY);

const labelOf = (id: string): string => ANALYSIS_REGISTRY.fields.find((f) => f.id === id)?.label ?? id;

/** The measured columns with an average (docs/dev/product-rules.md#records), keyed to their `average` field, with the table's labels. */
export const AVERAGE_COLUMNS = AVERAGED_FIELDS.map((id) => ({
  id,
  header: labelOf(id),
  key: `${id}Average` as const,
}));

export const ANALYSIS_HEADERS_KEY = 'analysis.headers';
