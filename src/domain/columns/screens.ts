// The Screen and ScreenItem fields of docs/dev/product-rules.md#records (docs/dev/architecture.md#api-contract JSON), once: the two tables, their
// sort allow-lists, the XLSX columns and row edit derive from here. Screen columns: ID,
// ScreenNumber, comment, dateCreated; ScreenItem columns: SampleID, SampleTime, ItemName.
import type { Screen, ScreenItem } from '../entities/screen';
import { optional, validateDateTime, validateScreenNumber } from '../rules/fields';
import { LAB_DATE_COLUMN, commentField, type ColumnRegistry } from './registry';

export const SCREENS_REGISTRY: ColumnRegistry<Screen> = {
  fields: [
    {
      id: 'scrId',
      key: 'scrId',
      label: 'ID',
      format: 'int',
      grouping: false,
      editable: false,
      width: 90,
      pdfWidth: 8,
      get: (s) => s.scrId,
    },
    {
      id: 'name',
      key: 'name',
      label: 'ScreenNumber',
      format: 'text',
      editable: true,
      rule: validateScreenNumber,
      filter: 'screenNumber',
      width: 150,
      pdfWidth: 12,
      get: (s) => s.name,
    },
    { ...commentField<Screen>((s) => s.comment), label: 'comment', width: 260 },
    {
      id: 'dateCreated',
      key: 'dateCreated',
      label: 'dateCreated',
      ...LAB_DATE_COLUMN,
      editable: true,
      rule: optional(validateDateTime),
      get: (s) => s.dateCreated,
    },
  ],
  tableOrder: [],
};

export const SCREEN_ITEMS_REGISTRY: ColumnRegistry<ScreenItem> = {
  fields: [
    {
      id: 'sId',
      key: 'screenItemId.sId',
      label: 'SampleID',
      format: 'text',
      editable: false,
      width: 132,
      pdfWidth: 11,
      get: (i) => i.screenItemId.sId,
    },
    {
      id: 'sStamp',
      key: 'sStamp',
      label: 'SampleTime',
      ...LAB_DATE_COLUMN,
      editable: false,
      get: (i) => i.sStamp,
    },
    {
      id: 'name',
      key: 'name',
      label: 'ItemName',
      format: 'text',
      editable: false,
      width: 200,
      pdfWidth: 14,
      get: (i) => i.name,
    },
  ],
  tableOrder: [],
};
