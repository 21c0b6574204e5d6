// The Sample fields of spec §3 (ARCHITECTURE §4 JSON), once: table, export, PDF, sort and edit
// derive from here. Only boxPos is not editable (spec §3); ID ('sId|sStamp') is exported, not shown.
import { formatSampleKey } from '../ids';
import type { Sample } from '../entities/sample';
import { optional, validateDateTime, validateLane, validateSFlags, validateSId } from '../rules/fields';
import type { ColumnRegistry, FieldColumn } from './registry';

type Field = FieldColumn<Sample>;

const DATE = { format: 'time', width: 158, pdfWidth: 14 } as const;

const number = (
  id: 'weightNet' | 'weightBru' | 'weightTar' | 'quantity' | 'distance',
  label: string,
): Field => ({
  id,
  key: id,
  label,
  format: 'dec',
  decimals: 2,
  editable: true,
  width: id.startsWith('weight') ? 120 : 112,
  pdfWidth: 7,
  get: (s) => s[id],
});

const date = (id: 'dateCrumbled' | 'dateExported', label: string): Field => ({
  id,
  key: id,
  label,
  ...DATE,
  editable: true,
  rule: optional(validateDateTime),
  filter: id,
  get: (s) => s[id],
});

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
      ...DATE,
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
    date('dateCrumbled', 'DateCrumbled'),
    {
      id: 'sFlags',
      key: 'sFlags',
      label: 'Flags',
      exportHeader: 'sFlags',
      format: 'text',
      editable: true,
      rule: validateSFlags,
      filter: 'sFlags',
      width: 84,
      pdfWidth: 7,
      get: (s) => s.sFlags,
    },
    {
      id: 'lane',
      key: 'lane',
      label: 'Lane',
      format: 'int',
      editable: true,
      rule: optional(validateLane),
      filter: 'lane',
      width: 64,
      pdfWidth: 4,
      get: (s) => s.lane,
    },
    {
      id: 'comment',
      key: 'comment',
      label: 'Comment',
      format: 'text',
      editable: true,
      width: 160,
      pdfWidth: 14,
      get: (s) => s.comment,
    },
    date('dateExported', 'DateExported'),
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
