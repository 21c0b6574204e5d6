// Measured values typed by hand (product spec §5, the measurement row): numeric and between min and
// max of the server limit of the same name, '{name} has to be between {min} and {max}'; it fails
// when no limit is known (shown with '?' for the bounds); an empty value is always accepted.
import { describe, expect, it } from 'vitest';
import { findLimit, measurementErrors, validateMeasurement } from '../../../src/domain/rules/measurement';
import type { FieldValue } from '../../../src/domain/rules/fields';

const limits = [
  { name: 'pol', min: '10', max: '22.5' },
  { name: 'nat', min: '-1', max: '+5' },
  { name: 'dry', min: 'abc', max: '5' },
  { name: 'an', min: '1', max: '' },
  { name: 'kal', min: null, max: null },
  { name: 'density', min: 0, max: 2 },
];

describe('a measured value against its limit', () => {
  it.each<[string, FieldValue, string | null]>([
    ['pol', '', null],
    ['pol', '  ', null],
    ['pol', null, null],
    ['pol', undefined, null],
    ['glu', '', null],
    ['pol', '10', null],
    ['pol', 22.5, null],
    ['pol', '16.25', null],
    ['pol', ' 12 ', null],
    ['pol', '9.99', 'pol has to be between 10 and 22.5'],
    ['pol', 22.51, 'pol has to be between 10 and 22.5'],
    ['pol', 'abc', 'pol has to be between 10 and 22.5'],
    ['pol', '16,2', 'pol has to be between 10 and 22.5'],
    ['nat', '-1', null],
    ['nat', '5', null],
    ['nat', 0, null],
    ['nat', '-1.1', 'nat has to be between -1 and +5'],
    // Not a number, although 0 lies inside the limit.
    ['nat', 'abc', 'nat has to be between -1 and +5'],
    ['density', '1.5', null],
    ['density', 'x', 'density has to be between 0 and 2'],
    ['density', '2.01', 'density has to be between 0 and 2'],
  ])('%s = %s → %s', (name, value, expected) => {
    expect(validateMeasurement(name, value, limits)).toBe(expected);
  });

  it.each<[string, FieldValue]>([
    ['glu', '1'],
    ['dry', '1'],
    ['an', '2'],
    ['kal', '3'],
  ])('fails when no usable limit named %s is known (%s)', (name, value) => {
    expect(validateMeasurement(name, value, limits)).toBe(`${name} has to be between ? and ?`);
    expect(validateMeasurement(name, value, [])).toBe(`${name} has to be between ? and ?`);
  });

  it('finds the limit of the same name only', () => {
    expect(findLimit('nat', limits)).toBe(limits[1]);
    expect(findLimit('Pol', limits)).toBeUndefined();
    expect(findLimit('weightNet', limits)).toBeUndefined();
  });
});

describe("a record's measured values", () => {
  it('collects the messages in field order, skipping the empty ones', () => {
    expect(measurementErrors({ pol: 5, nat: null, glu: 3, weightNet: undefined }, limits)).toEqual([
      'pol has to be between 10 and 22.5',
      'glu has to be between ? and ?',
    ]);
    expect(measurementErrors({ nat: '9', pol: '30' }, limits)).toEqual([
      'pol has to be between 10 and 22.5',
      'nat has to be between -1 and +5',
    ]);
  });

  it('has no message when every value lies inside its limit', () => {
    expect(measurementErrors({ pol: '12', nat: '0', density: 1 }, limits)).toEqual([]);
    expect(measurementErrors({}, limits)).toEqual([]);
  });

  it('ignores fields that are not measurements', () => {
    expect(measurementErrors({ pol: '12', ...{ sId: 'abc' } } as Record<string, FieldValue>, limits)).toEqual(
      [],
    );
  });
});
