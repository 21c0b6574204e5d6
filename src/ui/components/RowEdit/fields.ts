// The fields of one Analysis or Sample as the row editor and the Create dialog hold them: text by
// field name ('sId' and 'sStamp' stand for the nested sample id, as in domain/rowRules), and the
// way back to the JSON the server takes (ARCHITECTURE §4). Field names are the table's column ids.
import { MEASUREMENT_FIELDS } from '../../../domain/constants';
import type { Analysis, AnalysisWrite } from '../../../domain/entities/analysis';
import type { Sample, SampleWrite } from '../../../domain/entities/sample';
import { newAnalysisTemplate, newSampleTemplate } from '../../../domain/entities/templates';
import type { ListEntity } from '../ListScreen/types';
import type { RowDraft, RowEntity } from '../../../domain/rowRules';
import { rowErrors } from '../../../domain/rowRules';
import { toNumber } from '../../../domain/rules/fields';
import type { LimitBounds } from '../../../domain/rules/measurement';

export type FieldKind = 'text' | 'number' | 'datetime';

export interface FieldSpec {
  id: string;
  label: string;
  kind: FieldKind;
  /** Part of the record's key: shown in the Create dialog, read-only in an analysis's row edit. */
  key?: boolean;
}

const f = (id: string, label: string, kind: FieldKind = 'number'): FieldSpec => ({ id, label, kind });

const SAMPLE_KEY_FIELDS: FieldSpec[] = [
  { id: 'sId', label: 'SampleID', kind: 'text', key: true },
  { id: 'sStamp', label: 'SampleTime', kind: 'datetime', key: true },
];

/** Spec §3 Analysis, in the table's order and with its headers. */
const ANALYSIS_FIELDS: readonly FieldSpec[] = [
  ...SAMPLE_KEY_FIELDS,
  f('aFlags', 'Flags', 'text'),
  f('dateIn', 'DateIn', 'datetime'),
  f('dateOut', 'DateOut', 'datetime'),
  f('pol', 'Pol'),
  f('nat', 'Na'),
  f('kal', 'K'),
  f('an', 'AmN'),
  f('glu', 'Glu'),
  f('dry', 'Dry'),
  f('weightMea', 'WeightMea'),
  f('weightNrm', 'WeightNrm'),
  f('weightCur', 'WeightCur'),
  f('weightDif', 'WeightDif'),
  f('density', 'Density'),
  f('lane', 'Lane'),
  f('comment', 'Comment', 'text'),
  f('dateExported', 'DateExported', 'datetime'),
];

/** Spec §3 Sample (boxPos is not editable; ID is sId|sStamp). */
const SAMPLE_FIELDS: readonly FieldSpec[] = [
  ...SAMPLE_KEY_FIELDS,
  f('name', 'Name', 'text'),
  f('weightNet', 'WeightNet'),
  f('weightBru', 'WeightBru'),
  f('weightTar', 'WeightTar'),
  f('quantity', 'Quantity'),
  f('distance', 'Distance'),
  f('dateCrumbled', 'DateCrumbled', 'datetime'),
  f('sFlags', 'Flags', 'text'),
  f('lane', 'Lane'),
  f('comment', 'Comment', 'text'),
  f('dateExported', 'DateExported', 'datetime'),
];

export const rowEntityOf = (entity: ListEntity): RowEntity => (entity === 'analysis' ? 'analysis' : 'sample');

export const fieldsOf = (entity: ListEntity): readonly FieldSpec[] =>
  entity === 'analysis' ? ANALYSIS_FIELDS : SAMPLE_FIELDS;

/** The fields a row edit changes: an analysis keeps its sample (the server refuses a new one). */
export const rowEditFields = (entity: ListEntity): readonly FieldSpec[] =>
  fieldsOf(entity).filter((s) => entity !== 'analysis' || !s.key);

const MEASURED = new Set<string>(MEASUREMENT_FIELDS);

/**
 * Measured values a row edit has not touched stay out of the draft: values that arrived by sync
 * may lie outside the limits (flagged L/H), and the server checks only the values a write changes.
 */
const isMeasured = (field: string): boolean => MEASURED.has(field);

const toText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export type FieldTexts = Record<string, string>;

export const analysisTexts = (a: Analysis | AnalysisWrite): FieldTexts => ({
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

export const sampleTexts = (s: Sample | SampleWrite): FieldTexts => ({
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

/** The Create dialog's start (spec §3 Templates). */
export const templateTexts = (entity: ListEntity): FieldTexts =>
  entity === 'analysis' ? analysisTexts(newAnalysisTemplate()) : sampleTexts(newSampleTemplate());

/** The part of a loaded record the machine's draft starts with (see isMeasured). */
export const initialDraft = (entity: ListEntity, texts: FieldTexts): RowDraft =>
  Object.fromEntries(
    rowEditFields(entity)
      .filter((s) => !isMeasured(s.id))
      .map((s) => [s.id, texts[s.id] ?? '']),
  );

/** Numbers from the fields; a text that is no number goes as it is, for the server to name it. */
const num = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '') return null;
  return toNumber(text) ?? (text as unknown as number);
};
const textOrNull = (text: string | undefined): string | null =>
  text === undefined || text.trim() === '' ? null : text;

const textsOfDraft = (draft: RowDraft): FieldTexts =>
  Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, toText(v)]));

/** The record's texts with the draft's changes over them. */
export const mergedTexts = (base: FieldTexts, draft: RowDraft): FieldTexts => ({
  ...base,
  ...textsOfDraft(draft),
});

export const analysisBody = (t: FieldTexts): AnalysisWrite => ({
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

export const sampleBody = (t: FieldTexts): SampleWrite => ({
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

/** The message of each field of the draft that breaks its rule (spec §5), by field name. */
export const fieldErrorsOf = (
  entity: ListEntity,
  draft: RowDraft,
  limits: readonly LimitBounds[],
): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(draft)) {
    const [message] = rowErrors(rowEntityOf(entity), { [field]: value }, limits);
    if (message) out[field] = message;
  }
  return out;
};

/** What a user types into a number field: the de-AT decimal comma is taken as the dot. */
export const normalizeInput = (spec: FieldSpec | undefined, text: string): string =>
  spec?.kind === 'number' ? text.replace(',', '.') : text;
