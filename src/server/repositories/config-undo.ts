// How the undo restores the configuration's records (undo/plan.ts): a limit, a setting, a sync
// entry, each updated in place (a batch update of a list is one change per row). Registered in
// src/server/resources.ts next to the resources' own plans.
import { pick, type UndoPlans } from '../undo/plan';

export const CONFIG_UNDO: UndoPlans = {
  limit: {
    table: 'configLimit',
    versioned: true,
    rank: 0,
    where: (_image, key) => ({ name: key }),
    image: (row) => ({ ...row, min: String(row['min']), max: String(row['max']) }),
    columns: (image) => pick(image, ['info', 'min', 'max', 'lastModified']),
  },
  setting: {
    table: 'configSetting',
    versioned: true,
    rank: 0,
    where: (_image, key) => ({ name: key }),
    image: (row) => row,
    columns: (image) => ({
      ...pick(image, ['info', 'value', 'lastModified']),
      ...('start' in image ? { startAt: image['start'] } : {}),
      ...('end' in image ? { endAt: image['end'] } : {}),
    }),
  },
  syncConfig: {
    table: 'syncConfig',
    versioned: true,
    rank: 0,
    where: (_image, key) => ({ syncId: key }),
    image: (row) => ({ ...row, syncID: row['syncId'] }),
    columns: (image) => pick(image, ['timeInterval', 'unit']),
  },
};
