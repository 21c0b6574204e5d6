// How the undo restores a screen and its items (undo/plan.ts). Declared on the Screens server
// descriptor; a transfer of screen names is a sample update, restored by the Samples plan.
import { SCREENS_RESOURCE } from '../../domain/resources/screens';
import { pick, type UndoPlans } from '../undo/plan';
import { toScreen } from './screens';

export const SCREENS_UNDO: UndoPlans = {
  [SCREENS_RESOURCE.auditEntity]: {
    table: 'screen',
    versioned: true,
    rank: 0,
    where: (image, key) => ({ scrId: Number(image['scrId'] ?? key) }),
    image: (row) => toScreen(row as unknown as Parameters<typeof toScreen>[0]),
    columns: (image) => pick(image, ['scrId', 'name', 'comment', 'dateCreated']),
    children: [{ table: 'screenItem', on: (where) => ({ scrId: where['scrId'] }) }],
  },
  /** An item removed with its screen. */
  screenItem: {
    table: 'screenItem',
    versioned: false,
    rank: 1,
    where: (image) => ('scrId' in image ? { scrId: image['scrId'], sId: image['sId'] } : null),
    image: (row) => ({ ...row, scrId: Number(row['scrId']) }),
    columns: (image) => pick(image, ['scrId', 'sId', 'sStamp', 'name']),
  },
};
