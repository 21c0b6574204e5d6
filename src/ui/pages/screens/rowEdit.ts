// Row edit of a screen (docs/dev/product-rules.md#screens Screens: edit inline, save with Enter, cancel with Esc; delete with
// confirmation): the registry's editable fields (ScreenNumber, comment, dateCreated), the record as
// texts and back to the JSON the server takes, and the screen calls. The row id is the scrId.
import { deleteScreen, getScreen, updateScreen } from '../../../api/screens';
import { SCREENS_REGISTRY } from '../../../domain/columns/screens';
import type { Screen, ScreenWrite } from '../../../domain/entities/screen';
import { recordForm } from '../../components/RowEdit/fields';
import type { RowEditResource } from '../../components/RowEdit/types';

const { fields: FIELDS, texts, body } = recordForm<Screen, ScreenWrite>(SCREENS_REGISTRY, []);

export const SCREEN_ROW_EDIT: RowEditResource = {
  rowEntity: 'screens',
  noun: 'Screen',
  createTitle: 'Create Screen',
  deleteWarning: 'This will also remove all items of this Screen!',
  pickStampOnCreate: false,
  fields: FIELDS,
  editFields: FIELDS,
  template: () => texts({ name: '', comment: null, dateCreated: null }),
  load: async (http, id, signal) => {
    const record = await getScreen(http, id, { signal });
    return { texts: texts(record), version: record.version };
  },
  update: (http, id, t, version) => updateScreen(http, id, { ...body(t), version }),
  remove: (http, id) => deleteScreen(http, id),
  // Screens are made by importing their files; the page offers no Create.
  create: () => Promise.reject(new Error('Screens are created by importing a screen file.')),
};
