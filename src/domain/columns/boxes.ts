// The Box fields of docs/dev/product-rules.md#records (docs/dev/architecture.md#api-contract JSON), once: the boxes table, its sort allow-list and
// its edit rules derive from here. Columns: BoxID, Name, MaxPositions, Type, Comment, dateExported.
import type { Box } from '../entities/box';
import { validateBoxName } from '../rules/box';
import { optional, validateBoxId, validateDateTime, validateNumMax, validateType } from '../rules/fields';
import { LAB_DATE_COLUMN, commentField, type ColumnRegistry } from './registry';

export const BOXES_REGISTRY: ColumnRegistry<Box> = {
  fields: [
    {
      id: 'bId',
      key: 'bId',
      label: 'BoxID',
      format: 'text',
      editable: false,
      rule: validateBoxId,
      filter: 'bId',
      width: 100,
      pdfWidth: 8,
      get: (b) => b.bId,
    },
    {
      id: 'name',
      key: 'name',
      label: 'Name',
      format: 'text',
      editable: true,
      rule: validateBoxName,
      filter: 'name',
      width: 100,
      pdfWidth: 8,
      get: (b) => b.name,
    },
    {
      id: 'numMax',
      key: 'numMax',
      label: 'MaxPositions',
      format: 'int',
      editable: true,
      rule: validateNumMax,
      width: 120,
      pdfWidth: 6,
      get: (b) => b.numMax,
    },
    {
      id: 'type',
      key: 'type',
      label: 'Type',
      format: 'int',
      editable: true,
      rule: validateType,
      filter: 'type',
      width: 70,
      pdfWidth: 4,
      get: (b) => b.type,
    },
    { ...commentField<Box>((b) => b.comment), width: 220 },
    {
      id: 'dateExported',
      key: 'dateExported',
      label: 'dateExported',
      ...LAB_DATE_COLUMN,
      width: 170,
      editable: true,
      rule: optional(validateDateTime),
      get: (b) => b.dateExported,
    },
  ],
  tableOrder: [],
};
