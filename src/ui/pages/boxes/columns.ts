// The columns of the Boxes page (spec §3 Box and BoxPosition): the upper boxes table and the lower
// positions table. Marks of changed positions are a text column (a sign and its name), not a colour.
import type { Box } from '../../../domain/entities/box';
import {
  BOX_POSITION_COLUMNS,
  boxPositionCell,
  type BoxPosition,
} from '../../../domain/entities/boxPosition';
import type { DataColumn } from '../../components/DataTable';

export const BOXES_HEADERS_KEY = 'boxes.headers';
export const BOXES_FILTER_KEY = 'boxes.filter';

export const BOX_COLUMNS: readonly DataColumn<Box>[] = [
  { id: 'bId', header: 'BoxID', accessor: (b) => b.bId, width: 100 },
  { id: 'name', header: 'Name', accessor: (b) => b.name, width: 100 },
  { id: 'numMax', header: 'MaxPositions', accessor: (b) => b.numMax, numeric: true, width: 120 },
  { id: 'type', header: 'Type', accessor: (b) => b.type, numeric: true, width: 70 },
  { id: 'comment', header: 'Comment', accessor: (b) => b.comment, width: 220 },
  { id: 'dateExported', header: 'dateExported', accessor: (b) => b.dateExported, width: 170 },
];

export type PositionMark = 'moved' | 'modified' | null;

/** What the mark column says: a sign and its name (spec §4: moved and modified rows show as such). */
export const markText = (mark: PositionMark): string =>
  mark === 'modified' ? '✎ modified' : mark === 'moved' ? '↕ moved' : '';

export const positionColumns = (markOf: (p: BoxPosition) => PositionMark): DataColumn<BoxPosition>[] => [
  ...BOX_POSITION_COLUMNS.map((c): DataColumn<BoxPosition> => ({
    id: c.key,
    header: c.header,
    accessor: (p) => boxPositionCell(p, c.key),
    numeric: c.key === 'boxPosId',
    grouping: false,
    sortable: false,
    width: c.key === 'sId' ? 150 : c.key === 'box' || c.key === 'boxPosId' ? 90 : 170,
  })),
  { id: 'state', header: 'State', accessor: (p) => markText(markOf(p)), sortable: false, width: 110 },
];
