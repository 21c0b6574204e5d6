// Row edit of a sample (docs/dev/product-rules.md#records, docs/dev/product-rules.md#behaviour): the registry's fields, the record as texts and back to the
// JSON the server takes (docs/dev/architecture.md#api-contract), and the sample calls. A sample's key may change: its
// analyses and box position move along on the server. The row id is 'sId|sStamp'.
import { createSample, deleteSample, getSample, updateSample } from '../../../api/samples';
import { SAMPLES_REGISTRY } from '../../../domain/columns/samples';
import type { Sample, SampleWrite } from '../../../domain/entities/sample';
import { newSampleTemplate } from '../../../domain/entities/templates';
import { parseSampleKey, type SampleKey } from '../../../domain/ids';
import { SAMPLE_DELETE_WARNING, sampleNotFound } from '../../../domain/messages';
import { recordForm } from '../../components/RowEdit/fields';
import type { RowEditResource } from '../../components/RowEdit/types';

const keyOf = (id: string): SampleKey => {
  const key = parseSampleKey(id);
  if (!key) throw new Error(sampleNotFound(id));
  return key;
};

const { fields: FIELDS, texts, body } = recordForm<Sample, SampleWrite>(SAMPLES_REGISTRY, ['sId', 'sStamp']);

export const SAMPLE_ROW_EDIT: RowEditResource = {
  rowEntity: 'samples',
  noun: 'Sample',
  createTitle: 'Create Sample',
  deleteWarning: SAMPLE_DELETE_WARNING,
  pickStampOnCreate: false,
  fields: FIELDS,
  editFields: FIELDS,
  template: () => texts(newSampleTemplate()),
  load: async (http, id, signal) => {
    const record = await getSample(http, keyOf(id), { signal });
    return { texts: texts(record), version: record.version };
  },
  update: (http, id, t, version) => updateSample(http, keyOf(id), { ...body(t), version }),
  remove: (http, id) => deleteSample(http, keyOf(id)),
  create: async (http, t) => (await createSample(http, body(t))).ID,
};
