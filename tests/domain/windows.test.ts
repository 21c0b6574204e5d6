import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import * as W from '../../src/domain/windows';

const at = (s: string) => Temporal.PlainDateTime.from(s);
const show = (w: W.DateWindow) => `${w.start.toString()} ~ ${w.end.toString()}`;
const ADMIN = ['ROLE_ADMIN'];
const READER = ['ROLE_READER'];

describe('admin: lab day 06:00:00 – 05:59:59', () => {
  it.each([
    ['2025-10-02T05:59:59', '2025-10-01T06:00:00 ~ 2025-10-02T05:59:59'],
    ['2025-10-02T06:00:00', '2025-10-02T06:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-10-02T00:00:00', '2025-10-01T06:00:00 ~ 2025-10-02T05:59:59'],
    ['2025-10-02T13:59:59', '2025-10-02T06:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-10-02T14:00:00', '2025-10-02T06:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-10-02T21:59:59', '2025-10-02T06:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-10-02T22:00:00', '2025-10-02T06:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-10-02T23:59:59', '2025-10-02T06:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-01-01T03:00:00', '2024-12-31T06:00:00 ~ 2025-01-01T05:59:59'],
    ['2024-03-01T05:00:00', '2024-02-29T06:00:00 ~ 2024-03-01T05:59:59'],
    ['2024-02-29T12:00:00', '2024-02-29T06:00:00 ~ 2024-03-01T05:59:59'],
  ])('at %s', (now, window) => expect(show(W.defaultWindow(ADMIN, at(now)))).toBe(window));
});

describe('reader: shifts', () => {
  it.each([
    ['2025-10-02T05:59:59', '2025-10-01T22:00:00 ~ 2025-10-02T05:59:59'],
    ['2025-10-02T06:00:00', '2025-10-02T06:00:00 ~ 2025-10-02T13:59:59'],
    ['2025-10-02T13:59:59', '2025-10-02T06:00:00 ~ 2025-10-02T13:59:59'],
    ['2025-10-02T14:00:00', '2025-10-02T14:00:00 ~ 2025-10-02T21:59:59'],
    ['2025-10-02T21:59:59', '2025-10-02T14:00:00 ~ 2025-10-02T21:59:59'],
    ['2025-10-02T22:00:00', '2025-10-02T22:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-10-02T23:59:59', '2025-10-02T22:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-10-03T00:00:00', '2025-10-02T22:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-10-03T03:00:00', '2025-10-02T22:00:00 ~ 2025-10-03T05:59:59'],
    ['2025-01-01T03:00:00', '2024-12-31T22:00:00 ~ 2025-01-01T05:59:59'],
    ['2024-02-29T23:00:00', '2024-02-29T22:00:00 ~ 2024-03-01T05:59:59'],
  ])('at %s', (now, window) => expect(show(W.defaultWindow(READER, at(now)))).toBe(window));

  it('a user with no known role gets the shift', () =>
    expect(show(W.defaultWindow([], at('2025-10-02T10:00:00')))).toBe(
      '2025-10-02T06:00:00 ~ 2025-10-02T13:59:59',
    ));
  it('admin wins over reader', () =>
    expect(show(W.defaultWindow([...READER, ...ADMIN], at('2025-10-02T10:00:00')))).toBe(
      '2025-10-02T06:00:00 ~ 2025-10-03T05:59:59',
    ));
});

describe('filters and reports', () => {
  it('builds the default date filter', () => {
    expect(W.defaultDateFilter(ADMIN, at('2025-10-02T05:59:59'))).toBe(
      'dateIn,2025-10-01T06:00:00~2025-10-02T05:59:59',
    );
    expect(W.defaultDateFilter(READER, at('2025-10-02T14:00:00'), 'sStamp')).toBe(
      'sStamp,2025-10-02T14:00:00~2025-10-02T21:59:59',
    );
  });
  it.each([
    ['2025-10-02T05:59:59', '2025-10-01'],
    ['2025-10-02T06:00:00', '2025-10-02'],
  ])('lab day of %s is %s', (dt, day) => expect(W.labDayOf(at(dt)).toString()).toBe(day));
  it('default report range is yesterday to today', () => {
    const r = W.defaultReportRange(Temporal.PlainDate.from('2024-03-01'));
    expect([r.start.toString(), r.end.toString()]).toEqual(['2024-02-29', '2024-03-01']);
  });
});
