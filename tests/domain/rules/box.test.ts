// Box forms (product spec §5 Validation rules, Boxes): bId and name 'Starts with A, B, C, D or V
// followed by digits', numMax 1 to 40, type 0 to 3, and 'Name must be set!' before the name rules.
import { describe, expect, it } from 'vitest';
import * as M from '../../../src/domain/messages';
import { boxErrors, validateBoxName } from '../../../src/domain/rules/box';
import type { FieldValue } from '../../../src/domain/rules/fields';

const BOX_ID = 'Starts with A, B, C, D or V followed by digits';
const NAME_SET = 'Name must be set!';
const NUM_MAX = 'MaxPositions must be between 1 and 40';

describe('box name', () => {
  it.each<[FieldValue, string | null]>([
    ['A12', null],
    ['V7', null],
    ['', NAME_SET],
    ['   ', NAME_SET],
    [null, NAME_SET],
    [undefined, NAME_SET],
    ['Z1', BOX_ID],
    ['A', BOX_ID],
  ])('%s → %s', (v, expected) => expect(validateBoxName(v)).toBe(expected));
});

describe('a box form', () => {
  const valid = { bId: 'A1', name: 'B20', numMax: 40, type: 0 };

  it('has no message when every field is valid', () => {
    expect(boxErrors(valid)).toEqual([]);
    expect(boxErrors({ bId: 'D9', name: 'V1', numMax: '1', type: '3' })).toEqual([]);
  });

  it.each<[Record<string, FieldValue>, string]>([
    [{ bId: 'X1' }, BOX_ID],
    [{ name: '' }, NAME_SET],
    [{ name: 'box 1' }, BOX_ID],
    [{ numMax: 0 }, NUM_MAX],
    [{ numMax: 41 }, NUM_MAX],
    [{ type: 4 }, M.TYPE_MESSAGE], // the spec does not show this message
  ])('one wrong field %o gives its message alone', (change, message) => {
    expect(boxErrors({ ...valid, ...change })).toEqual([message]);
  });

  it('collects every message in field order (bId, name, numMax, type)', () => {
    expect(boxErrors({ bId: 'X', name: '', numMax: 41, type: 4 })).toEqual([
      BOX_ID,
      NAME_SET,
      NUM_MAX,
      M.TYPE_MESSAGE,
    ]);
  });

  it('names the box position in the invalid-input message', () => {
    expect(M.boxPositionInvalid('A1/3', 'created')).toBe('Input fields are invalid, A1/3 was not created!');
    expect(M.boxPositionInvalid(3, 'modified')).toBe('Input fields are invalid, 3 was not modified!');
  });
});
