// Row edit of an analysis (docs/dev/product-rules.md#records, docs/dev/product-rules.md#behaviour): the registry's fields, the record as texts and back to the
// JSON the server takes (docs/dev/architecture.md#api-contract), and the analysis calls. An analysis keeps its sample: a
// row edit leaves the sample key alone (the server refuses a new one).
import { createAnalysis, deleteAnalysis, getAnalysis, updateAnalysis } from '../../../api/analysis';
import { ANALYSIS_REGISTRY } from '../../../domain/columns/analysis';
import type { Analysis, AnalysisWrite } from '../../../domain/entities/analysis';
import { newAnalysisTemplate } from '../../../domain/entities/templates';
import { recordForm } from '../../components/RowEdit/fields';
import type { RowEditResource } from '../../components/RowEdit/types';

const {
  fields: FIELDS,
  texts,
  body,
} = recordForm<Analysis, AnalysisWrite>(ANALYSIS_REGISTRY, ['sId', 'sStamp']);

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
