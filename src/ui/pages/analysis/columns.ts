// The Analysis columns of spec §3 (ARCHITECTURE §4 JSON). Column ids are the field names; the sort
// key sent to the server comes from analysisSortKey ('sample.' prefixes of spec §9).
import type { Analysis } from '../../../domain/entities/analysis';
import type { DataColumn } from '../../components/DataTable';

const measured = (id: keyof Analysis & string, header: string, width = 96): DataColumn<Analysis> => ({
  id,
  header,
  accessor: (a) => a[id],
  numeric: true,
  decimals: 2,
  editable: true,
  width,
});

const DATE_WIDTH = 158;

export const ANALYSIS_COLUMNS: readonly DataColumn<Analysis>[] = [
  { id: 'aId', header: 'AnalysisID', accessor: (a) => a.aId, numeric: true, grouping: false, width: 124 },
  { id: 'sId', header: 'SampleID', accessor: (a) => a.sample.sampleId.sId, width: 132 },
  { id: 'sStamp', header: 'SampleTime', accessor: (a) => a.sample.sampleId.sStamp, width: DATE_WIDTH },
  // The measured values right after the sample: on a 1280 px bench screen they are in view
  // without scrolling sideways; dates and weights follow.
  measured('pol', 'Pol', 84),
  measured('nat', 'Na', 84),
  measured('kal', 'K', 84),
  measured('an', 'AmN', 84),
  measured('glu', 'Glu', 84),
  measured('dry', 'Dry', 84),
  { id: 'aFlags', header: 'Flags', accessor: (a) => a.aFlags, editable: true, width: 84 },
  { id: 'dateIn', header: 'DateIn', accessor: (a) => a.dateIn, editable: true, width: DATE_WIDTH },
  { id: 'dateOut', header: 'DateOut', accessor: (a) => a.dateOut, editable: true, width: DATE_WIDTH },
  measured('weightMea', 'WeightMea'),
  measured('weightNrm', 'WeightNrm'),
  measured('weightCur', 'WeightCur'),
  measured('weightDif', 'WeightDif'),
  measured('density', 'Density'),
  {
    id: 'weightNet',
    header: 'WeightNet',
    accessor: (a) => a.sample.weightNet,
    numeric: true,
    decimals: 2,
    width: 100,
  },
  {
    id: 'weightBru',
    header: 'WeightBru',
    accessor: (a) => a.sample.weightBru,
    numeric: true,
    decimals: 2,
    width: 100,
  },
  { id: 'name', header: 'Name', accessor: (a) => a.sample.name, width: 140 },
  { id: 'boxPos', header: 'BoxPos', accessor: (a) => a.sample.boxPos, width: 90 },
  { id: 'lane', header: 'Lane', accessor: (a) => a.lane, numeric: true, editable: true, width: 64 },
  { id: 'comment', header: 'Comment', accessor: (a) => a.comment, editable: true, width: 160 },
  {
    id: 'dateExported',
    header: 'DateExported',
    accessor: (a) => a.dateExported,
    editable: true,
    width: DATE_WIDTH,
  },
];

export const ANALYSIS_COLUMN_IDS = ANALYSIS_COLUMNS.map((c) => c.id);

/** The measured columns with an average (spec §3), keyed to their `average` field. */
export const AVERAGE_COLUMNS = [
  { id: 'pol', header: 'Pol', key: 'polAverage' },
  { id: 'nat', header: 'Na', key: 'natAverage' },
  { id: 'kal', header: 'K', key: 'kalAverage' },
  { id: 'an', header: 'AmN', key: 'anAverage' },
  { id: 'glu', header: 'Glu', key: 'gluAverage' },
  { id: 'dry', header: 'Dry', key: 'dryAverage' },
] as const;

export const ANALYSIS_HEADERS_KEY = 'analysis.headers';
