// Application settings (product spec §2 Settings page, §5 Settings): settings whose name contains
// 'amino' have a value under the amino factor rule (>0 and ≤20, 'Amino factor has to be between 1 and
// 20'); the setting named campaign has a start and an end date-time, either may be open; on update a
// start without a time gets 00:00:00 and an end 23:59:59; 'Start of campaign must be before end!'.
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md): validateCampaign's `s === null` and
// `e === null` made false (parseLabDateTime of null is null, as for the open side).
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_SETTING,
  completeCampaignEnd,
  completeCampaignStart,
  isAminoSetting,
  validateCampaign,
  validateSettingValue,
} from '../../../src/domain/rules/settings';
import type { FieldValue } from '../../../src/domain/rules/fields';

const AMINO = 'Amino factor has to be between 1 and 20';
const ORDER = 'Start of campaign must be before end!';
const DATE_OR_DATETIME = 'Only Date or Datetime is allowed, e.g. 2000-01-01 or 2000-01-01 00:00:00';

describe('which settings have a value', () => {
  it.each([
    ['aminoFactor', true],
    ['AMINO_OFFSET', true],
    ['Amino', true],
    ['minoFactor', false],
    ['campaign', false],
    ['', false],
  ])('%s is an amino setting: %s', (name, expected) => expect(isAminoSetting(name)).toBe(expected));

  it('the campaign is the setting named campaign', () => {
    expect(CAMPAIGN_SETTING).toBe('campaign');
  });

  it.each<[string, FieldValue, string | null]>([
    ['aminoFactor', '2.5', null],
    ['aminoFactor', '20', null],
    ['aminoFactor', '0.1', null],
    ['AminoOffset', 20, null],
    ['aminoFactor', '0', AMINO],
    ['aminoFactor', '21', AMINO],
    ['aminoFactor', '', AMINO],
    ['AMINO_OFFSET', 'x', AMINO],
    ['campaign', 'anything', null],
    ['campaign', '', null],
  ])('%s = %s → %s', (name, value, expected) => expect(validateSettingValue(name, value)).toBe(expected));
});

describe('the campaign on update', () => {
  it.each<[string | null | undefined, string | null]>([
    ['2025-09-01', '2025-09-01 00:00:00'],
    [' 2025-09-01 ', '2025-09-01 00:00:00'],
    ['2025-09-01 06:00:00', '2025-09-01 06:00:00'],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
    ['garbage', 'garbage'],
  ])('start %s → %s', (v, expected) => expect(completeCampaignStart(v)).toBe(expected));

  it.each<[string | null | undefined, string | null]>([
    ['2026-01-31', '2026-01-31 23:59:59'],
    ['2026-01-31 12:00:00', '2026-01-31 12:00:00'],
    ['  ', null],
    [null, null],
    ['2026-13-01', '2026-13-01'],
  ])('end %s → %s', (v, expected) => expect(completeCampaignEnd(v)).toBe(expected));

  it.each<[string | null, string | null, string | null]>([
    ['2025-09-01', '2026-01-31', null],
    ['2025-09-01', '2025-09-01', null],
    ['2025-09-01 10:00:00', '2025-09-01 10:00:01', null],
    ['2025-09-01 23:59:58', '2025-09-01', null],
    ['2025-09-01 23:59:59', '2025-09-01', ORDER],
    ['2025-09-01 10:00:00', '2025-09-01 10:00:00', ORDER],
    ['2025-09-01 10:00:01', '2025-09-01 10:00:00', ORDER],
    ['2025-09-02', '2025-09-01 23:59:59', ORDER],
    ['2026-02-01', '2026-01-31', ORDER],
    ['2025-09-01', null, null],
    ['2025-09-01', '', null],
    [null, '2026-01-31', null],
    ['', '2026-01-31 08:00:00', null],
    [null, null, null],
    ['2025-02-29', null, DATE_OR_DATETIME],
    ['garbage', '2026-01-31', DATE_OR_DATETIME],
    [null, '2026-01-31 24:00:00', DATE_OR_DATETIME],
    ['2025-09-01', 'tomorrow', DATE_OR_DATETIME],
  ])('campaign %s – %s → %s', (s, e, expected) => expect(validateCampaign(s, e)).toBe(expected));
});
