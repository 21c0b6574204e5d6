// Spec docs/dev/product-rules.md#field-rules beyond the table: measurement limits, Limits, Settings, Reports/Logs dates, Boxes, Labels.
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import * as M from '../../src/domain/messages';
import { boxErrors, validateBoxName } from '../../src/domain/rules/box';
import { checkDateRange, validateDateRange } from '../../src/domain/rules/dateRange';
import {
  EMPTY_LABEL,
  labelErrors,
  validateLabelNotEmpty,
  validateLabelSampleId,
} from '../../src/domain/rules/label';
import {
  isLimitValid,
  limitErrors,
  validateLimitInfo,
  validateLimitMax,
  validateLimitMin,
  validateLimitNumber,
} from '../../src/domain/rules/limits';
import { measurementErrors, validateMeasurement } from '../../src/domain/rules/measurement';
import {
  completeCampaignEnd,
  completeCampaignStart,
  isAminoSetting,
  validateCampaign,
  validateSettingValue,
} from '../../src/domain/rules/settings';
import type { FieldValue } from '../../src/domain/rules/fields';

const limits = [
  { name: 'pol', min: '10', max: '22.5' },
  { name: 'nat', min: '-1', max: '+5' },
  { name: 'dry', min: 'abc', max: '5' },
];

describe('measurement fields against limits', () => {
  it.each<[string, FieldValue, string | null]>([
    ['pol', '', null],
    ['pol', null, null],
    ['pol', undefined, null],
    ['glu', '', null],
    ['pol', '10', null],
    ['pol', 22.5, null],
    ['pol', '16.25', null],
    ['pol', '9.99', 'pol has to be between 10 and 22.5'],
    ['pol', 22.51, 'pol has to be between 10 and 22.5'],
    ['pol', 'abc', 'pol has to be between 10 and 22.5'],
    ['pol', '16,2', 'pol has to be between 10 and 22.5'],
    ['nat', '-1', null],
    ['nat', '5', null],
    ['nat', '-1.1', 'nat has to be between -1 and +5'],
    ['glu', '1', 'glu has to be between ? and ?'],
    ['dry', '1', 'dry has to be between ? and ?'],
  ])('%s = %s → %s', (name, value, expected) => {
    expect(validateMeasurement(name, value, limits)).toBe(expected);
  });

  it('collects the errors of a record in field order', () => {
    expect(measurementErrors({ pol: 5, nat: null, glu: 3, weightNet: undefined }, limits)).toEqual([
      'pol has to be between 10 and 22.5',
      'glu has to be between ? and ?',
    ]);
  });
});

describe('limits page', () => {
  it.each<[FieldValue, string | null]>([
    ['Polarisation', null],
    ['', M.INFO_MUST_BE_SET],
    ['   ', M.INFO_MUST_BE_SET],
    [null, M.INFO_MUST_BE_SET],
  ])('info %s → %s', (v, expected) => expect(validateLimitInfo(v)).toBe(expected));

  it.each<[FieldValue, string | null]>([
    ['1', null],
    ['-1.5', null],
    ['+2', null],
    ['.5', null],
    [3, null],
    ['', M.LIMIT_MUST_BE_NUMBER],
    ['1.2.3', M.LIMIT_MUST_BE_NUMBER],
    ['+-', M.LIMIT_MUST_BE_NUMBER],
    ['1-', M.LIMIT_MUST_BE_NUMBER],
    ['1,5', M.LIMIT_ONLY_NUMERIC],
    ['1e3', M.LIMIT_ONLY_NUMERIC],
    ['abc', M.LIMIT_ONLY_NUMERIC],
  ])('number %s → %s', (v, expected) => expect(validateLimitNumber(v)).toBe(expected));

  it.each<[string, string, string | null, string | null]>([
    ['1', '2', null, null],
    ['2', '2', null, null],
    ['3', '2', M.LIMIT_MIN_ABOVE_MAX, M.LIMIT_MAX_BELOW_MIN],
    ['-1', '-2', M.LIMIT_MIN_ABOVE_MAX, M.LIMIT_MAX_BELOW_MIN],
    ['x', '2', M.LIMIT_ONLY_NUMERIC, null],
    ['1', '', null, M.LIMIT_MUST_BE_NUMBER],
  ])('min %s max %s → %s / %s', (min, max, minMsg, maxMsg) => {
    expect(validateLimitMin(min, max)).toBe(minMsg);
    expect(validateLimitMax(min, max)).toBe(maxMsg);
  });

  it('judges a whole row', () => {
    expect(limitErrors({ info: '', min: '5', max: '1' })).toEqual({
      info: M.INFO_MUST_BE_SET,
      min: M.LIMIT_MIN_ABOVE_MAX,
      max: M.LIMIT_MAX_BELOW_MIN,
    });
    expect(isLimitValid({ info: 'Pol', min: '1', max: '5' })).toBe(true);
    expect(isLimitValid({ info: 'Pol', min: '1', max: 'x' })).toBe(false);
  });
});

describe('settings', () => {
  it.each([
    ['aminoFactor', true],
    ['AMINO_OFFSET', true],
    ['campaign', false],
  ])('%s is an amino setting: %s', (name, expected) => expect(isAminoSetting(name)).toBe(expected));

  it.each<[string, FieldValue, string | null]>([
    ['aminoFactor', '2.5', null],
    ['aminoFactor', '20', null],
    ['aminoFactor', '0', M.AMINO_FACTOR_MESSAGE],
    ['aminoFactor', '21', M.AMINO_FACTOR_MESSAGE],
    ['aminoFactor', '', M.AMINO_FACTOR_MESSAGE],
    ['campaign', 'anything', null],
  ])('%s = %s → %s', (name, value, expected) => expect(validateSettingValue(name, value)).toBe(expected));

  it.each<[string | null, string | null]>([
    ['2025-09-01', '2025-09-01 00:00:00'],
    ['2025-09-01 06:00:00', '2025-09-01 06:00:00'],
    ['', null],
    [null, null],
    ['garbage', 'garbage'],
  ])('campaign start %s → %s', (v, expected) => expect(completeCampaignStart(v)).toBe(expected));

  it.each<[string | null, string | null]>([
    ['2026-01-31', '2026-01-31 23:59:59'],
    ['2026-01-31 12:00:00', '2026-01-31 12:00:00'],
    ['  ', null],
  ])('campaign end %s → %s', (v, expected) => expect(completeCampaignEnd(v)).toBe(expected));

  it.each<[string | null, string | null, string | null]>([
    ['2025-09-01', '2026-01-31', null],
    ['2025-09-01', '2025-09-01', null],
    ['2025-09-01 10:00:00', '2025-09-01 10:00:01', null],
    ['2025-09-01 10:00:00', '2025-09-01 10:00:00', M.CAMPAIGN_START_BEFORE_END],
    ['2026-02-01', '2026-01-31', M.CAMPAIGN_START_BEFORE_END],
    ['2025-09-01', null, null],
    [null, '2026-01-31', null],
    [null, null, null],
    ['2025-02-29', null, M.DATE_OR_DATETIME_MESSAGE],
    [null, '2026-01-31 24:00:00', M.DATE_OR_DATETIME_MESSAGE],
  ])('campaign %s – %s → %s', (s, e, expected) => expect(validateCampaign(s, e)).toBe(expected));
});

describe('reports and logs date range', () => {
  const today = Temporal.PlainDate.from('2025-10-15');
  it.each<[string, string, string | null]>([
    ['2025-10-14', '2025-10-15', null],
    ['2025-10-15', '2025-10-15', null],
    ['2025-10-15', '2025-10-16', null],
    ['2025-10-15', '', null],
    ['2024-02-29', '2024-03-01', null],
    ['', '2025-10-15', M.START_DATE_REQUIRED],
    ['  ', '', M.START_DATE_REQUIRED],
    ['2025-10-16', '2025-10-16', M.FUTURE_DATE],
    ['2025-10-16', '', M.FUTURE_DATE],
    ['2025-10-14', '2025-10-17', M.FUTURE_DATE],
    ['2025-10-14', '2025-10-13', M.START_BEFORE_END],
    ['2023-02-29', '2025-10-15', M.CHECK_DATES],
    ['2025-10-01', '15.10.2025', M.CHECK_DATES],
    ['2025-10-01 00:00:00', '', M.CHECK_DATES],
  ])('%s – %s → %s', (s, e, expected) => expect(validateDateRange(s, e, today)).toBe(expected));

  it('returns the parsed dates', () => {
    const r = checkDateRange('2025-10-01', '2025-10-02', today);
    expect(r.ok && r.start.toString()).toBe('2025-10-01');
    expect(r.ok && r.end?.toString()).toBe('2025-10-02');
  });
});

describe('boxes', () => {
  it.each<[FieldValue, string | null]>([
    ['A12', null],
    ['', M.NAME_MUST_BE_SET],
    [null, M.NAME_MUST_BE_SET],
    ['Z1', M.BOX_ID_MESSAGE],
  ])('name %s → %s', (v, expected) => expect(validateBoxName(v)).toBe(expected));

  it('collects box errors', () => {
    expect(boxErrors({ bId: 'A1', name: 'A1', numMax: 40, type: 0 })).toEqual([]);
    expect(boxErrors({ bId: 'X', name: '', numMax: 41, type: 4 })).toEqual([
      M.BOX_ID_MESSAGE,
      M.NAME_MUST_BE_SET,
      M.NUM_MAX_MESSAGE,
      M.TYPE_MESSAGE,
    ]);
  });

  it('box position messages', () => {
    expect(M.boxPositionInvalid('A1/3', 'created')).toBe('Input fields are invalid, A1/3 was not created!');
    expect(M.boxPositionInvalid(3, 'modified')).toBe('Input fields are invalid, 3 was not modified!');
  });
});

describe('labels', () => {
  it('refuses an empty label', () => {
    expect(validateLabelNotEmpty(EMPTY_LABEL)).toBe(M.LABEL_EMPTY);
    expect(labelErrors({ first: ' ', second: '', barcode: '', footer: '' })).toEqual([M.LABEL_EMPTY]);
    expect(M.LABEL_EMPTY).toBe('There if no information to print!');
  });
  it.each([
    [{ ...EMPTY_LABEL, first: 'Beet' }, []],
    [{ ...EMPTY_LABEL, barcode: '400638133393 1' }, []],
    [
      { first: 'ABCDEFGHIJKLM', second: 'ok', barcode: '123', footer: 'Fußzeile-Lab' },
      ['First row can only have 12 characters!', M.BARCODE_MESSAGE],
    ],
    [
      { first: 'Rübe-Probe 1', second: '', barcode: '400638133393 2', footer: 'Fußzeile.' },
      [M.BARCODE_MESSAGE, 'Footer can only have 12 characters!'],
    ],
  ])('%o → %o', (label, expected) => expect(labelErrors(label)).toEqual(expected));
  it.each([
    ['', null],
    ['12345678', null],
    ['1234567', M.SAMPLE_LABEL_MESSAGE],
  ])('sample id %s → %s', (v, expected) => expect(validateLabelSampleId(v)).toBe(expected));
});
