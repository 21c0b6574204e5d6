// The three batch kinds (Limits, Settings, Sync): fields of a row, their rules and messages (spec
// docs/dev/product-rules.md#field-rules Limits and Settings, docs/dev/product-rules.md#constants sync slider and refresh), and what a changed row sends.
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md):
// - validateRefreshSeconds: `n >= REFRESH_MIN_S` made true, `Number.isInteger(n) && n >= REFRESH_MIN_S`
//   made true, and `Number.isInteger(n) &&` turned into `||` (text of digits only is a whole number of
//   at least 0, and anything else is NaN, which fails `n <= REFRESH_MAX_S`).
// - settingHasValue: `s.name !== CAMPAIGN_SETTING` made true (its one caller, settingBatch.draftOf,
//   asks for the campaign first).
// - settingBatch.errorsOf: `d.value ?? ''` with another fallback text (a draft's values are strings;
//   and '' and any other non-number get the same amino message).
// - validateSyncMinutes: `value ?? ''` with another fallback text (not digits either: the same message).
// - syncWriteOf: `.trim()` left out (Number() ignores surrounding blanks), and `draft.minutes ?? ''`
//   with another fallback (a draft without minutes is refused by syncBatch.errorsOf, so never sent).
import { describe, expect, it } from 'vitest';
import {
  limitBatch,
  limitWriteOf,
  settingBatch,
  settingWriteOf,
  sliderMinutes,
  syncBatch,
  syncWriteOf,
  validateRefreshSeconds,
  SYNC_INTERVAL_MESSAGE,
} from '../../src/domain/configBatch';
import type { Limit } from '../../src/domain/entities/limit';
import type { Setting } from '../../src/domain/entities/setting';
import type { SyncEntry } from '../../src/domain/entities/syncEntry';

const pol: Limit = { id: 1, name: 'pol', info: 'Pol', lastModified: null, min: '10', max: '25', version: 3 };
const campaign: Setting = {
  id: 1,
  name: 'campaign',
  info: 'Campaign',
  lastModified: null,
  value: null,
  start: '2026-09-01 00:00:00',
  end: null,
  version: 2,
};
const amino: Setting = { id: 2, name: 'aminoFactor', info: 'Amino', lastModified: null, value: '1', version: 1 };
const log: SyncEntry = { syncID: 'Log', status: 'DONE', lastSync: null, timeInterval: 600, unit: 'SECONDS', version: 3 };

describe('limits', () => {
  it('edits info, min and max as text', () => {
    expect(limitBatch.draftOf(pol)).toEqual({ info: 'Pol', min: '10', max: '25' });
  });
  it.each([
    [{ info: '', min: '10', max: '25' }, { info: 'Info must be set!' }],
    [{ info: 'x', min: 'abc', max: '25' }, { min: 'Only numerical values and a dot as separator are allowed!' }],
    [{ info: 'x', min: '1,5', max: '25' }, { min: 'Only numerical values and a dot as separator are allowed!' }],
    [{ info: 'x', min: '1.2.3', max: '25' }, { min: 'Limit must be a number!' }],
    [{ info: 'x', min: '', max: '25' }, { min: 'Limit must be a number!' }],
    [
      { info: 'x', min: '30', max: '25' },
      { min: 'Must be less than maximum value!', max: 'Must be grater than minimum value!' },
    ],
    [{ info: 'x', min: '-1.5', max: '+25' }, {}],
  ])('%o → %o', (draft, errors) => expect(limitBatch.errorsOf('pol', draft)).toEqual(errors));
  it('sends the trimmed text with the version read', () => {
    expect(limitWriteOf(pol, { info: 'Pol %', min: ' 11 ', max: '25' })).toEqual({
      name: 'pol',
      info: 'Pol %',
      min: '11',
      max: '25',
      version: 3,
    });
  });
  it('a row is known by its name; an empty info reads as an empty field; min and max are sent trimmed', () => {
    expect(limitBatch.idOf(pol)).toBe('pol');
    expect(limitBatch.draftOf({ ...pol, info: null } as unknown as Limit)).toEqual({ info: '', min: '10', max: '25' });
    expect(limitWriteOf(pol, { info: 'Pol', min: '11', max: ' 26 ' })).toMatchObject({ min: '11', max: '26' });
  });
  it("says 'Limits reloaded'", () => expect(limitBatch.reloaded).toBe('Limits reloaded'));
  it('a draft without a field is judged and sent as that field left empty', () => {
    expect(limitBatch.errorsOf('pol', {})).toEqual({
      info: 'Info must be set!',
      min: 'Limit must be a number!',
      max: 'Limit must be a number!',
    });
    expect(limitWriteOf(pol, {})).toEqual({ name: 'pol', info: '', min: '', max: '', version: 3 });
  });
});

describe('settings', () => {
  it('the campaign has start and end, amino a value', () => {
    expect(settingBatch.draftOf(campaign)).toEqual({ start: '2026-09-01 00:00:00', end: '' });
    expect(settingBatch.draftOf(amino)).toEqual({ value: '1' });
  });
  it.each([
    [{ start: '2026-12-31', end: '2026-09-01' }, { start: 'Start of campaign must be before end!' }],
    [{ start: '2026-09-01', end: '2026-09-01' }, {}],
    [{ start: '2026-09-01 10:00:00', end: '2026-09-01' }, {}],
    [{ start: '2026-09-02', end: '2026-09-01 23:59:59' }, { start: 'Start of campaign must be before end!' }],
    [{ start: '2026-02-30', end: '' }, { start: 'Only Date or Datetime is allowed, e.g. 2000-01-01 or 2000-01-01 00:00:00' }],
    [{ start: '', end: '' }, {}],
  ])('campaign %o → %o', (draft, errors) => expect(settingBatch.errorsOf('campaign', draft)).toEqual(errors));
  it.each([
    ['0', { value: 'Amino factor has to be between 1 and 20' }],
    ['21', { value: 'Amino factor has to be between 1 and 20' }],
    ['20', {}],
    ['1.5', {}],
  ])('aminoFactor %s → %o', (value, errors) => expect(settingBatch.errorsOf('aminoFactor', { value })).toEqual(errors));
  it('a setting is known by its name; a value field only for amino settings or a setting with a value', () => {
    expect(settingBatch.idOf(amino)).toBe('aminoFactor');
    const other: Setting = { ...amino, name: 'labName', value: null };
    expect(settingBatch.draftOf(other)).toEqual({});
    expect(settingBatch.draftOf({ ...other, value: 'Tulln' })).toEqual({ value: 'Tulln' });
    expect(settingBatch.draftOf({ ...amino, value: null })).toEqual({ value: '' });
    expect(settingBatch.draftOf({ ...campaign, value: '5' })).toEqual({ start: '2026-09-01 00:00:00', end: '' });
  });
  it('a campaign read without start or end (the server may leave them out) shows empty fields and sends them open', () => {
    const { start: _start, end: _end, ...bare } = campaign;
    expect(settingBatch.draftOf(bare)).toEqual({ start: '', end: '' });
    expect(settingWriteOf(campaign, { start: '2026-09-01' })).toMatchObject({ start: '2026-09-01', end: null });
    expect(settingWriteOf(campaign, {})).toMatchObject({ start: null, end: null });
  });
  it('a setting other than the campaign sends no start or end', () => {
    expect(settingWriteOf(amino, { value: ' 3 ' })).toEqual({ name: 'aminoFactor', info: 'Amino', value: '3', version: 1 });
  });
  it('sends the campaign dates as typed (the server completes them) and keeps info', () => {
    expect(settingWriteOf(campaign, { start: '2026-09-01', end: ' ' })).toEqual({
      name: 'campaign',
      info: 'Campaign',
      value: null,
      start: '2026-09-01',
      end: null,
      version: 2,
    });
    expect(settingWriteOf(amino, { value: '2' })).toMatchObject({ name: 'aminoFactor', value: '2', version: 1 });
  });
});

describe('sync', () => {
  it('SECONDS entries show in minutes on the slider (1–120)', () => {
    expect(sliderMinutes(log)).toBe(10);
    expect(sliderMinutes({ timeInterval: 30, unit: 'SECONDS' })).toBe(1);
    expect(sliderMinutes({ timeInterval: 5, unit: 'HOURS' })).toBe(120);
    expect(syncBatch.draftOf(log)).toEqual({ minutes: '10' });
  });
  it.each([
    ['0', { minutes: SYNC_INTERVAL_MESSAGE }],
    ['121', { minutes: SYNC_INTERVAL_MESSAGE }],
    ['1', {}],
    ['120', {}],
    [' 15 ', {}],
    ['x15', { minutes: SYNC_INTERVAL_MESSAGE }],
    ['15x', { minutes: SYNC_INTERVAL_MESSAGE }],
    // Number() would read these as 10 and 16: only digits are minutes.
    ['1e1', { minutes: SYNC_INTERVAL_MESSAGE }],
    ['0x10', { minutes: SYNC_INTERVAL_MESSAGE }],
  ])('%s minutes → %o', (minutes, errors) => expect(syncBatch.errorsOf('Log', { minutes })).toEqual(errors));
  it('a draft without minutes is refused with the same message', () =>
    expect(syncBatch.errorsOf('Log', {})).toEqual({ minutes: SYNC_INTERVAL_MESSAGE }));
  it("an entry is known by its syncID; the slider's message names its range", () => {
    expect(syncBatch.idOf(log)).toBe('Log');
    expect(SYNC_INTERVAL_MESSAGE).toBe('Interval has to be between 1 and 120 minutes');
  });
  it('sends the interval in MINUTES', () => {
    expect(syncWriteOf(log, { minutes: '15' })).toEqual({ ...log, timeInterval: 15, unit: 'MINUTES' });
    expect(syncWriteOf(log, { minutes: ' 15 ' })).toEqual({ ...log, timeInterval: 15, unit: 'MINUTES' });
  });
  it.each([
    ['10', null],
    ['0', null],
    ['600', null],
    ['601', 'Refresh-Timer has to be between 0 and 600'],
    ['-1', 'Refresh-Timer has to be between 0 and 600'],
    ['x', 'Refresh-Timer has to be between 0 and 600'],
    [' 30 ', null],
    ['30s', 'Refresh-Timer has to be between 0 and 600'],
    ['s30', 'Refresh-Timer has to be between 0 and 600'],
    ['1e2', 'Refresh-Timer has to be between 0 and 600'],
    ['0x1F', 'Refresh-Timer has to be between 0 and 600'],
  ])('refresh %s → %s', (text, message) => expect(validateRefreshSeconds(text)).toBe(message));
});
