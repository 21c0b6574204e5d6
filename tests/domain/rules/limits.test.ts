// Editing a value limit (product spec §5, Limits): 'Info must be set!'; min and max 'Limit must be a
// number!', with 'Only numerical values and a dot as separator are allowed!' for any character but
// digits, dot, plus and minus; min not above max ('Must be less than maximum value!') and max not
// below min ('Must be grater than minimum value!'); Update disabled while a row is invalid. The page
// sends min and max trimmed (configBatch.ts), so surrounding spaces are not part of the value.
import { describe, expect, it } from 'vitest';
import {
  isLimitValid,
  limitErrors,
  validateLimitInfo,
  validateLimitMax,
  validateLimitMin,
  validateLimitNumber,
} from '../../../src/domain/rules/limits';
import type { FieldValue } from '../../../src/domain/rules/fields';

const INFO = 'Info must be set!';
const NUMBER = 'Limit must be a number!';
const ONLY = 'Only numerical values and a dot as separator are allowed!';
const MIN_ABOVE = 'Must be less than maximum value!';
const MAX_BELOW = 'Must be grater than minimum value!';

describe('limit info', () => {
  it.each<[FieldValue, string | null]>([
    ['Polarisation', null],
    ['', INFO],
    ['   ', INFO],
    [null, INFO],
    [undefined, INFO],
  ])('%s → %s', (v, expected) => expect(validateLimitInfo(v)).toBe(expected));
});

describe('a limit value', () => {
  it.each<[FieldValue, string | null]>([
    ['1', null],
    ['-1.5', null],
    ['+2', null],
    ['.5', null],
    ['17.', null],
    [' 16.5 ', null],
    [3, null],
    [-0.25, null],
    ['', NUMBER],
    ['  ', NUMBER],
    [null, NUMBER],
    [undefined, NUMBER],
    ['1.2.3', NUMBER],
    ['+-', NUMBER],
    ['1-', NUMBER],
    ['.', NUMBER],
    ['1,5', ONLY],
    ['1e3', ONLY],
    ['abc', ONLY],
    ['1 5', ONLY],
    ['x1', ONLY],
    ['1x', ONLY],
  ])('%s → %s', (v, expected) => expect(validateLimitNumber(v)).toBe(expected));
});

describe('min against max', () => {
  it.each<[FieldValue, FieldValue, string | null, string | null]>([
    ['1', '2', null, null],
    ['2', '2', null, null],
    ['2', '2.0', null, null],
    ['3', '2', MIN_ABOVE, MAX_BELOW],
    ['-1', '-2', MIN_ABOVE, MAX_BELOW],
    ['10', '9.5', MIN_ABOVE, MAX_BELOW],
    [5, 1, MIN_ABOVE, MAX_BELOW],
    // A value that is not a number has its own message; the other is not compared with it.
    ['x', '2', ONLY, null],
    ['x', '-1', ONLY, null],
    ['1', '', null, NUMBER],
    ['-3', '', null, NUMBER],
    ['', '-1', NUMBER, null],
    ['1,5', '1', ONLY, null],
  ])('min %s max %s → %s / %s', (min, max, minMsg, maxMsg) => {
    expect(validateLimitMin(min, max)).toBe(minMsg);
    expect(validateLimitMax(min, max)).toBe(maxMsg);
  });
});

describe('a limit row', () => {
  it('carries one message per field', () => {
    expect(limitErrors({ info: '', min: '5', max: '1' })).toEqual({
      info: INFO,
      min: MIN_ABOVE,
      max: MAX_BELOW,
    });
    expect(limitErrors({ info: 'Pol', min: '1', max: '5' })).toEqual({ info: null, min: null, max: null });
    expect(limitErrors({ info: 'Pol', min: 'a', max: '' })).toEqual({ info: null, min: ONLY, max: NUMBER });
  });

  it.each<[FieldValue, FieldValue, FieldValue, boolean]>([
    ['Pol', '1', '5', true],
    ['Pol', '5', '5', true],
    ['', '1', '5', false],
    ['Pol', 'x', '5', false],
    ['Pol', '1', 'x', false],
    ['Pol', '6', '5', false],
  ])('Update with info %s, min %s, max %s enabled: %s', (info, min, max, expected) => {
    expect(isLimitValid({ info, min, max })).toBe(expected);
  });
});
