// Records as the server answers them, shared by the entity tests (tests/domain/entities.test.ts and
// this folder's files).
import type { Analysis } from '../../../src/domain/entities/analysis';
import type { Sample } from '../../../src/domain/entities/sample';

export const sampleId = { sId: '4006381333931', sStamp: '2025-10-01 06:00:00' };
export const analysis: Analysis = {
  aId: 1,
  sample: { sampleId, weightNet: 25.1, weightBru: 26.3, name: 'Hof Müller', boxPos: 'A1/3' },
  aFlags: '-LH----',
  dateIn: '2025-10-01 06:10:00',
  dateOut: null,
  pol: 17.2,
  nat: 0.5,
  kal: 3.9,
  an: 1.2,
  glu: null,
  dry: 23,
  weightMea: null,
  weightNrm: null,
  weightCur: null,
  weightDif: null,
  density: null,
  lane: 2,
  comment: null,
  dateExported: null,
  version: 3,
};
export const sample: Sample = {
  ID: '4006381333931|2025-10-01 06:00:00',
  sampleId,
  name: 'Hof Müller',
  weightNet: 25.1,
  weightBru: 26.3,
  weightTar: 1.2,
  quantity: 1,
  distance: 12,
  dateCrumbled: null,
  sFlags: 'F----',
  lane: 1,
  comment: 'ok',
  dateExported: null,
  boxPos: 'A1/3',
  version: 1,
};
/** A sync entry as GET /api/config/sync lists it. */
export const syncEntry = {
  syncID: 'Box',
  status: 'UNKNOWN',
  lastSync: null,
  timeInterval: 10,
  unit: 'MINUTES',
  version: 1,
};
