// The Samples columns of spec §3 (ARCHITECTURE §4 Sample JSON). Column ids are what the server's
// samples view sorts by ('sId' and 'sStamp' are its aliases of sampleId.sId / sampleId.sStamp).
import type { Sample } from '../../../domain/entities/sample';
import type { DataColumn } from '../../components/DataTable';

const DATE_WIDTH = 158;

const weight = (id: 'weightNet' | 'weightBru' | 'weightTar', header: string): DataColumn<Sample> => ({
  id,
  header,
  accessor: (s) => s[id],
  numeric: true,
  decimals: 2,
  editable: true,
  width: 120,
});

export const SAMPLE_COLUMNS: readonly DataColumn<Sample>[] = [
  { id: 'sId', header: 'SampleID', accessor: (s) => s.sampleId.sId, width: 132 },
  { id: 'sStamp', header: 'SampleTime', accessor: (s) => s.sampleId.sStamp, width: DATE_WIDTH },
  { id: 'name', header: 'Name', accessor: (s) => s.name, editable: true, width: 140 },
  weight('weightNet', 'WeightNet'),
  weight('weightBru', 'WeightBru'),
  weight('weightTar', 'WeightTar'),
  {
    id: 'quantity',
    header: 'Quantity',
    accessor: (s) => s.quantity,
    numeric: true,
    decimals: 2,
    editable: true,
    width: 112,
  },
  {
    id: 'distance',
    header: 'Distance',
    accessor: (s) => s.distance,
    numeric: true,
    decimals: 2,
    editable: true,
    width: 112,
  },
  {
    id: 'dateCrumbled',
    header: 'DateCrumbled',
    accessor: (s) => s.dateCrumbled,
    editable: true,
    width: DATE_WIDTH,
  },
  { id: 'sFlags', header: 'Flags', accessor: (s) => s.sFlags, editable: true, width: 84 },
  { id: 'lane', header: 'Lane', accessor: (s) => s.lane, numeric: true, editable: true, width: 64 },
  { id: 'comment', header: 'Comment', accessor: (s) => s.comment, editable: true, width: 160 },
  {
    id: 'dateExported',
    header: 'DateExported',
    accessor: (s) => s.dateExported,
    editable: true,
    width: DATE_WIDTH,
  },
  { id: 'boxPos', header: 'BoxPos', accessor: (s) => s.boxPos, width: 90 },
];

export const SAMPLES_HEADERS_KEY = 'samples.headers';
