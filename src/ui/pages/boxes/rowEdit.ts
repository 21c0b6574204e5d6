// Row edit of a box (docs/dev/product-rules.md#screens Boxes, docs/dev/product-rules.md#records Box, docs/dev/product-rules.md#behaviour Row edit, Create, Delete): the registry's fields, the
// record as texts and back to the JSON the server takes (docs/dev/architecture.md#api-contract), and the box calls. The
// row id is the bId; a new bId in the edit renames the box with its positions on the server.
import { createBox, deleteBox, getBox, updateBox } from '../../../api/boxes';
import { BOXES_REGISTRY } from '../../../domain/columns/boxes';
import type { Box, BoxWrite } from '../../../domain/entities/box';
import { BOX_DELETE_WARNING } from '../../../domain/messages';
import { recordForm } from '../../components/RowEdit/fields';
import type { RowEditResource } from '../../components/RowEdit/types';

const { fields: FIELDS, texts, body } = recordForm<Box, BoxWrite>(BOXES_REGISTRY, ['bId']);

/** The Create dialog's start: no id or name yet, the largest box, type 0. */
const TEMPLATE: BoxWrite = { bId: '', name: '', numMax: 40, type: 0, comment: null, dateExported: null };

export const BOX_ROW_EDIT: RowEditResource = {
  rowEntity: 'boxes',
  noun: 'Box',
  createTitle: 'Create Box',
  deleteWarning: BOX_DELETE_WARNING,
  pickStampOnCreate: false,
  fields: FIELDS,
  editFields: FIELDS,
  template: () => texts(TEMPLATE),
  load: async (http, id, signal) => {
    const record = await getBox(http, id, { signal });
    return { texts: texts(record), version: record.version };
  },
  update: (http, id, t, version) => updateBox(http, id, { ...body(t), version }),
  remove: (http, id) => deleteBox(http, id),
  create: async (http, t) => (await createBox(http, body(t))).bId,
};
