// The columns of the Boxes page (docs/dev/product-rules.md#records Box and BoxPosition): the upper boxes table and the lower
// positions table. Marks of changed positions are a text column (a sign and its name), not a colour.
import { BOXES_REGISTRY } from '../../../domain/columns/boxes';
import {
  BOX_POSITION_COLUMNS,
  boxPositionCell,
  type BoxPosition,
} from '../../../domain/entities/boxPosition';
import type { DataColumn } from '../../components/DataTable';
import { registryColumns } from '../../components/DataTable/columns';

export const BOXES_HEADERS_KEY = 'boxes.headers';

/** The boxes table: the registry's columns (src/domain/columns/boxes.ts). */
export const BOX_COLUMNS = registryColumns(BOXES_REGISTRY);

export type PositionMark = 'moved' | 'modified' | null;

/** What the mark column says: a sign and its name (docs/dev/product-rules.md#behaviour: moved and modified rows show as such). */
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
