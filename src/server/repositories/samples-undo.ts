// How the undo restores a sample (undo/plan.ts): the columns an image puts back, and what hangs on
// it (a create is not undone while analyses or a box position do). Declared on the Samples server
// descriptor.
import { parseSampleKey } from '../../domain/ids';
import { SAMPLES_RESOURCE } from '../../domain/resources/samples';
import { pick, type Image, type Row, type UndoPlans } from '../undo/plan';

const SAMPLE_COLUMNS = [
  'sId', 'sStamp', 'name', 'weightNet', 'weightBru', 'weightTar', 'quantity', 'distance', 'dateCrumbled',
  'sFlags', 'lane', 'comment', 'dateExported',
] as const;

const sampleWhere = (image: Image, key: string): Row | null => {
  if (typeof image['sId'] === 'string' && typeof image['sStamp'] === 'string')
    return { sId: image['sId'], sStamp: image['sStamp'] };
  const parsed = parseSampleKey(key);
  return parsed ? { sId: parsed.sId, sStamp: parsed.sStamp } : null;
};

const ofSample = (where: Row): Row => ({ sId: where['sId'], sStamp: where['sStamp'] });

export const SAMPLES_UNDO: UndoPlans = {
  [SAMPLES_RESOURCE.auditEntity]: {
    table: 'sample',
    versioned: true,
    rank: 0,
    where: sampleWhere,
    image: (row) => row,
    columns: (image) => pick(image, SAMPLE_COLUMNS),
    children: [
      { table: 'analysis', on: ofSample },
      { table: 'boxPosition', on: ofSample },
    ],
  },
};
