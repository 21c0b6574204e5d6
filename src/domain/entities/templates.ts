// What the Create dialogs start from (docs/dev/product-rules.md#records Templates).
import { DEFAULT_FLAGS, TEMPLATE_DATETIME, TEMPLATE_LANE, TEMPLATE_SID } from '../constants';
import { formatSampleKey } from '../ids';
import type { AnalysisWrite } from './analysis';
import type { SampleWrite } from './sample';

/** Every date 2000-01-01 00:00:00, sId 8888888888888, flags '-----', values empty. */
export const newAnalysisTemplate = (): AnalysisWrite => ({
  sample: { sampleId: { sId: TEMPLATE_SID, sStamp: TEMPLATE_DATETIME } },
  aFlags: DEFAULT_FLAGS,
  dateIn: TEMPLATE_DATETIME,
  dateOut: TEMPLATE_DATETIME,
  pol: null,
  nat: null,
  kal: null,
  an: null,
  glu: null,
  dry: null,
  weightMea: null,
  weightNrm: null,
  weightCur: null,
  weightDif: null,
  density: null,
  lane: null,
  comment: null,
  dateExported: TEMPLATE_DATETIME,
});

/** Numbers 0, lane 1, the same sId and date as the analysis template. */
export const newSampleTemplate = (): SampleWrite => {
  const sampleId = { sId: TEMPLATE_SID, sStamp: TEMPLATE_DATETIME };
  return {
    ID: formatSampleKey(sampleId),
    sampleId,
    name: null,
    weightNet: 0,
    weightBru: 0,
    weightTar: 0,
    quantity: 0,
    distance: 0,
    dateCrumbled: TEMPLATE_DATETIME,
    sFlags: DEFAULT_FLAGS,
    lane: TEMPLATE_LANE,
    comment: null,
    dateExported: TEMPLATE_DATETIME,
  };
};
