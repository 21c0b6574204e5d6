// The Sample fields of docs/dev/product-rules.md#records (docs/dev/architecture.md#api-contract JSON), once: table, export, PDF, sort and edit
// derive from here. Only boxPos is not editable (docs/dev/product-rules.md#records); ID ('sId|sStamp') is exported, not shown.
import { formatSampleKey } from '../ids';
import type { Sample } from '../entities/sample';
import { validateDateTime, validateSFlags, validateSId } from '../rules/fields';
import {
  LAB_DATE_COLUMN,
  commentField,
  decimalField,
  editableDate,
  laneField,
  type ColumnRegistry,
  type FieldColumn,
} from './registry';

type Field = FieldColumn<Sample>;

const number = (
  id: 'weightNet' | 'weightBru' | 'weightTar' | 'quantity' | 'distance',
  label: string,
): Field =>
  decimalField<Sample>(id, label, (s) => s[id], { width: id.startsWith('weight') ? 120 : 112, pdfWidth: 7 });

export const SAMPLES_REGISTRY: ColumnRegistry<Sample> = {
  fields: [
    {
      id: 'ID',
      key: 'ID',
      label: 'ID',
      format: 'text',
      editable: false,
      inTable: false,
      width: 200,
      pdfWidth: 20,
      get: (s) => formatSampleKey(s.sampleId),
    },
    {
      id: 'sId',
      key: 'sampleId.sId',
      label: 'SampleID',
      format: 'text',
      editable: false,
      rule: validateSId,
      filter: 'sId',
      width: 132,
      pdfWidth: 11,
      get: (s) => s.sampleId.sId,
    },
    {
      id: 'sStamp',
      key: 'sampleId.sStamp',
      label: 'SampleTime',
      ...LAB_DATE_COLUMN,
      editable: false,
      rule: validateDateTime,
      filter: 'sStamp',
      get: (s) => s.sampleId.sStamp,
    },
    {
      id: 'name',
      key: 'name',
      label: 'Name',
      format: 'text',
      editable: true,
      filter: 'name',
      width: 140,
      pdfWidth: 9,
      get: (s) => s.name,
    },
    number('weightNet', 'WeightNet'),
    number('weightBru', 'WeightBru'),
    number('weightTar', 'WeightTar'),
    number('quantity', 'Quantity'),
    number('distance', 'Distance'),
    editableDate<Sample>('dateCrumbled', 'DateCrumbled', (s) => s.dateCrumbled),
    {
      id: 'sFlags',
      key: 'sFlags',
      label: 'Flags',
      exportHeader: 'sFlags',
      format: 'text',
      editable: true,
      notNull: true,
      rule: validateSFlags,
      filter: 'sFlags',
      width: 84,
      pdfWidth: 7,
      get: (s) => s.sFlags,
    },
    laneField<Sample>((s) => s.lane),
    commentField<Sample>((s) => s.comment),
    editableDate<Sample>('dateExported', 'DateExported', (s) => s.dateExported),
    {
      id: 'boxPos',
      key: 'boxPos',
      aliases: ['sample.boxPos'],
      label: 'BoxPos',
      format: 'text',
      editable: false,
      width: 90,
      pdfWidth: 7,
      get: (s) => s.boxPos,
    },
  ],
  tableOrder: [],
};
