// Box forms (docs/dev/product-rules.md#field-rules Boxes): the name is required first, then follows the bId pattern.
import { NAME_MUST_BE_SET } from '../messages';
import { isEmpty, validateBoxId, validateNumMax, validateType, type FieldValue } from './fields';

export const validateBoxName = (name: FieldValue): string | null =>
  isEmpty(name) ? NAME_MUST_BE_SET : validateBoxId(name);

export interface BoxEdit {
  bId: FieldValue;
  name: FieldValue;
  numMax: FieldValue;
  type: FieldValue;
}

export const boxErrors = (b: BoxEdit): string[] =>
  [validateBoxId(b.bId), validateBoxName(b.name), validateNumMax(b.numMax), validateType(b.type)].filter(
    (m): m is string => m !== null,
  );
