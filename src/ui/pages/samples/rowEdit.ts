// Row edit of a sample (spec §3, §4): the registry's fields, the record as texts and back to the
// JSON the server takes (ARCHITECTURE §4), and the sample calls. A sample's key may change: its
// analyses and box position move along on the server. The row id is 'sId|sStamp'.
import { createSample, deleteSample, getSample, updateSample } from '../../../api/samples';
import { SAMPLES_REGISTRY } from '../../../domain/columns/samples';
import type { Sample, SampleWrite } from '../../../domain/entities/sample';
import { newSampleTemplate } from '../../../domain/entities/templates';
import { parseSampleKey, type SampleKey } from '../../../domain/ids';
import { SAMPLE_DELETE_WARNING, sampleNotFound } from '../../../domain/messages';
import { formFields, num, textOrNull, toText, type FieldTexts } from '../../components/RowEdit/fields';
import type { RowEditResource } from '../../components/RowEdit/types';

const texts = (s: Sample | SampleWrite): FieldTexts => ({
  sId: s.sampleId.sId,
  sStamp: s.sampleId.sStamp,
  name: toText(s.name),
  weightNet: toText(s.weightNet),
  weightBru: toText(s.weightBru),
  weightTar: toText(s.weightTar),
  quantity: toText(s.quantity),
  distance: toText(s.distance),
  dateCrumbled: toText(s.dateCrumbled),
  sFlags: s.sFlags,
  lane: toText(s.lane),
  comment: toText(s.comment),
  dateExported: toText(s.dateExported),
});

const body = (t: FieldTexts): SampleWrite => ({
  sampleId: { sId: t.sId ?? '', sStamp: t.sStamp ?? '' },
  name: textOrNull(t.name),
  weightNet: num(t.weightNet),
  weightBru: num(t.weightBru),
  weightTar: num(t.weightTar),
  quantity: num(t.quantity),
  distance: num(t.distance),
  dateCrumbled: textOrNull(t.dateCrumbled),
  sFlags: t.sFlags ?? '',
  lane: num(t.lane),
  comment: textOrNull(t.comment),
  dateExported: textOrNull(t.dateExported),
});

const keyOf = (id: string): SampleKey => {
  const key = parseSampleKey(id);
  if (!key) throw new Error(sampleNotFound(id));
  return key;
};

const FIELDS = formFields(SAMPLES_REGISTRY, ['sId', 'sStamp']);

export const SAMPLE_ROW_EDIT: RowEditResource = {
  rowEntity: 'sample',
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
