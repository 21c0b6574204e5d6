// How the undo restores an analysis (undo/plan.ts): a row of a sample, restored after it and
// removed before it. Declared on the Analysis server descriptor.
import { ANALYSIS_RESOURCE } from '../../domain/resources/analysis';
import { pick, type UndoPlans } from '../undo/plan';

const ANALYSIS_COLUMNS = [
  'aId', 'sId', 'sStamp', 'aFlags', 'dateIn', 'dateOut', 'pol', 'nat', 'kal', 'an', 'glu', 'dry', 'weightMea',
  'weightNrm', 'weightCur', 'weightDif', 'density', 'lane', 'comment', 'dateExported',
] as const;

export const ANALYSIS_UNDO: UndoPlans = {
  [ANALYSIS_RESOURCE.auditEntity]: {
    table: 'analysis',
    versioned: true,
    rank: 1,
    where: (image, key) => ({ aId: Number(image['aId'] ?? key) }),
    image: (row) => row,
    columns: (image) => pick(image, ANALYSIS_COLUMNS),
  },
};
