// The Samples table's columns: the registry's (src/domain/columns/samples.ts).
import { SAMPLES_REGISTRY } from '../../../domain/columns/samples';
import { registryColumns } from '../../components/DataTable/columns';

export const SAMPLE_COLUMNS = registryColumns(SAMPLES_REGISTRY);

export const SAMPLES_HEADERS_KEY = 'samples.headers';
