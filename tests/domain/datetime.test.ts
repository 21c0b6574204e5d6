import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import * as D from '../../src/domain/datetime';

describe('lab date-time', () => {
  it.each([
    ['2024-02-29 00:00:00', true],
    ['2000-02-29 12:30:45', true],
    ['2023-02-29 00:00:00', false],
    ['1900-02-29 00:00:00', false],
    ['2024-12-31 23:59:59', true],
    ['2024-12-31 24:00:00', false],
    ['2024-12-31T23:59:59', false],
    [' 2024-12-31 23:59:59', false],
    ['2024-12-31 23:59:59Z', false],
    // Two values pasted into one field: the whole text must be one date-time.
    ['2024-12-31 2024-12-31 23:59:59', false],
  ])('%s valid: %s', (text, valid) => expect(D.isLabDateTime(text)).toBe(valid));

  it('round-trips through PlainDateTime', () => {
    const dt = D.parseLabDateTime('1901-01-02 03:04:05')!;
    expect(dt.toString()).toBe('1901-01-02T03:04:05');
    expect(D.formatLabDateTime(dt)).toBe('1901-01-02 03:04:05');
  });

  it('accepts the years LAB_YEAR_MIN to LAB_YEAR_MAX only, in every form a date is parsed', () => {
    for (const ok of ['1900-01-01 00:00:00', '2999-12-31 23:59:59']) expect(D.isLabDateTime(ok), ok).toBe(true);
    for (const bad of ['0000-01-01 00:00:00', '0999-01-02 03:04:05', '1899-12-31 23:59:59', '3000-01-01 00:00:00', '9999-12-31 23:59:59'])
      expect(D.isLabDateTime(bad), bad).toBe(false);
    expect(D.isLabDate('0000-01-01')).toBe(false);
    expect(D.isLabDate('1900-01-01')).toBe(true);
    expect(D.isLabDate('12024-12-31'), 'a five-digit year').toBe(false);
    expect(D.parseFilterDateTime('0000-01-01T00:00:00')).toBeNull();
    expect(D.parseFilterDateTime('3000-01-01')).toBeNull();
  });

  it('formats without fractions', () => {
    expect(D.formatLabDateTime(Temporal.PlainDateTime.from('2025-01-01T10:00:00.999'))).toBe(
      '2025-01-01 10:00:00',
    );
  });

  it.each([
    ['2024-02-29', 'date'],
    ['2024-02-29 10:00:00', 'datetime'],
    ['2023-02-29', null],
    ['2024-02-29T10:00:00', null],
  ])('date or datetime %s → %s', (text, kind) =>
    expect(D.parseDateOrDateTime(text)?.kind ?? null).toBe(kind),
  );

  it('formats dates', () => {
    expect(D.formatLabDate(D.parseLabDate('2024-02-29')!)).toBe('2024-02-29');
    expect(D.formatLabDate(D.parseLabDateTime('2024-02-29 10:00:00')!)).toBe('2024-02-29');
  });
});

describe('filter form', () => {
  it.each([
    ['2025-10-01 06:00:00', '2025-10-01T06:00:00'],
    ['2025-10-01', '2025-10-01'],
    ['', ''],
    ['nonsense', 'nonsense'],
    ['Tomorrow', 'Tomorrow'],
  ])('%s ↔ %s', (lab, filter) => {
    expect(D.toFilterForm(lab)).toBe(filter);
    expect(D.fromFilterForm(filter)).toBe(lab);
  });

  it.each([
    ['2025-10-01T06:00:00', 'datetime'],
    ['2025-10-01', 'date'],
    ['2025-10-01 06:00:00', null],
    ['2025-10-01T24:00:00', null],
    ['2023-02-29T00:00:00', null],
  ])('parses %s as %s', (text, kind) => expect(D.parseFilterDateTime(text)?.kind ?? null).toBe(kind));

  it('widens date ends inclusively', () => {
    const d = D.parseDateOrDateTime('2025-10-01')!;
    expect(D.asRangeStart(d).toString()).toBe('2025-10-01T00:00:00');
    expect(D.asRangeEnd(d).toString()).toBe('2025-10-01T23:59:59');
    expect(D.formatFilterDateTime(D.asRangeEnd(d))).toBe('2025-10-01T23:59:59');
  });
});

describe('now in the lab zone', () => {
  it.each([
    ['2025-01-15T05:00:00Z', 'Europe/Vienna', '2025-01-15T06:00:00'],
    ['2025-07-15T03:59:59.750Z', 'Europe/Vienna', '2025-07-15T05:59:59'],
    ['2025-03-30T01:30:00Z', 'Europe/Vienna', '2025-03-30T03:30:00'],
    ['2025-01-15T05:00:00Z', 'UTC', '2025-01-15T05:00:00'],
    ['2025-01-15T23:30:00Z', 'Europe/Vienna', '2025-01-16T00:30:00'],
  ])('%s in %s → %s', (instant, zone, local) => {
    const i = Temporal.Instant.from(instant);
    expect(D.labNow(i, zone).toString()).toBe(local);
    expect(D.labNow(() => i, zone).toString()).toBe(local);
  });

  it('agrees with the zone conversion of Temporal itself, at every transition and any hour, in zones of odd offsets', { timeout: 30_000 }, () => {
    // Zones with half-hour, 45-minute and half-hour-DST offsets, and the southern hemisphere.
    const zones = ['Europe/Vienna', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];
    const expectSame = (i: Temporal.Instant, zone: string): void => {
      const expected = i.toZonedDateTimeISO(zone).toPlainDateTime().with({ millisecond: 0, microsecond: 0, nanosecond: 0 });
      const got = D.labNow(i, zone);
      if (!got.equals(expected)) expect(`${got} at ${i} in ${zone}`).toBe(`${expected} at ${i} in ${zone}`);
    };
    const to = Temporal.Instant.from('2030-01-01T00:00:00Z');
    for (const zone of zones) {
      // Around every offset change of 2020–2029: an hour and a second before, at, a second and half an hour after.
      let at: Temporal.ZonedDateTime | null = Temporal.Instant.from('2020-01-01T00:00:00Z').toZonedDateTimeISO(zone);
      while ((at = at.getTimeZoneTransition('next')) && Temporal.Instant.compare(at.toInstant(), to) < 0) {
        for (const s of [-3600, -1, 0, 1, 1800]) expectSame(at.toInstant().add({ seconds: s }), zone);
      }
      // Every 29 h 1 min 1.123 s over three years: each hour of the day, each day of the week.
      for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 29 * 3_600_000 + 61_123) {
        expectSame(Temporal.Instant.fromEpochMilliseconds(ms), zone);
      }
    }
    // Midnight is hour 0 of the new day, not hour 24 of the old one.
    expect(D.labNow(Temporal.Instant.from('2025-01-15T23:00:00Z')).toString()).toBe('2025-01-16T00:00:00');
  });

  it('refuses an unknown zone as Temporal does', () => {
    expect(() => D.labNow(Temporal.Instant.from('2025-01-15T05:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('defaults to Europe/Vienna', () => {
    const i = Temporal.Instant.from('2025-01-15T23:30:00Z');
    expect(D.labNow(i).toString()).toBe('2025-01-16T00:30:00');
    expect(D.labToday(i).toString()).toBe('2025-01-16');
  });
});
