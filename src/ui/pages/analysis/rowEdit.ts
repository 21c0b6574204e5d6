// Row edit of an analysis (spec §3, §4): the registry's fields, the record as texts and back to the
// JSON the server takes (ARCHITECTURE §4), and the analysis calls. An analysis keeps its sample: a
// row edit leaves the sample key alone (the server refuses a new one).
import { createAnalysis, deleteAnalysis, getAnalysis, updateAnalysis } from '../../../api/analysis';
import { ANALYSIS_REGISTRY } from '../../../domain/columns/analysis';
import type { Analysis, AnalysisWrite } from '../../../domain/entities/analysis';
import { newAnalysisTemplate } from '../../../domain/entities/templates';
import { formFields, num, textOrNull, toText, type FieldTexts } from '../../components/RowEdit/fields';
import type { RowEditResource } from '../../components/RowEdit/types';

const texts = (a: Analysis | AnalysisWrite): FieldTexts => ({
  sId: a.sample.sampleId.sId,
  sStamp: a.sample.sampleId.sStamp,
  aFlags: a.aFlags,
  dateIn: toText(a.dateIn),
  dateOut: toText(a.dateOut),
  pol: toText(a.pol),
  nat: toText(a.nat),
  kal: toText(a.kal),
  an: toText(a.an),
  glu: toText(a.glu),
  dry: toText(a.dry),
  weightMea: toText(a.weightMea),
  weightNrm: toText(a.weightNrm),
  weightCur: toText(a.weightCur),
  weightDif: toText(a.weightDif),
  density: toText(a.density),
  lane: toText(a.lane),
  comment: toText(a.comment),
  dateExported: toText(a.dateExported),
});

const body = (t: FieldTexts): AnalysisWrite => ({
  sample: { sampleId: { sId: t.sId ?? '', sStamp: t.sStamp ?? '' } },
  aFlags: t.aFlags ?? '',
  dateIn: textOrNull(t.dateIn),
  dateOut: textOrNull(t.dateOut),
  pol: num(t.pol),
  nat: num(t.nat),
  kal: num(t.kal),
  an: num(t.an),
  glu: num(t.glu),
  dry: num(t.dry),
  weightMea: num(t.weightMea),
  weightNrm: num(t.weightNrm),
  weightCur: num(t.weightCur),
  weightDif: num(t.weightDif),
  density: num(t.density),
  lane: num(t.lane),
  comment: textOrNull(t.comment),
  dateExported: textOrNull(t.dateExported),
});

const FIELDS = formFields(ANALYSIS_REGISTRY, ['sId', 'sStamp']);

export const ANALYSIS_ROW_EDIT: RowEditResource = {
  rowEntity: 'analysis',
  noun: 'Analysis',
  createTitle: 'Create new Analysis',
  pickStampOnCreate: true,
  fields: FIELDS,
  editFields: FIELDS.filter((f) => !f.key),
  template: () => texts(newAnalysisTemplate()),
  load: async (http, id, signal) => {
    const record = await getAnalysis(http, id, { signal });
    return { texts: texts(record), version: record.version };
  },
  update: (http, id, t, version) => updateAnalysis(http, id, { ...body(t), version }),
  remove: (http, id) => deleteAnalysis(http, id),
  create: async (http, t) => String((await createAnalysis(http, body(t))).aId),
};
