// Start and end of the Reports and Logs pages (product spec §5, Reports and logs dates): a start is
// required, a start after today or an end after tomorrow is 'A future date was chosen!', an end
// before the start 'Start date must be before end date!', anything unreadable 'Please check your
// dates!'. An empty end means the start day alone.
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md): `e === '' ? null : parseLabDate(e)`
// made false, or its '' made another text (parseLabDate('') is null too).
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { checkDateRange, validateDateRange } from '../../../src/domain/rules/dateRange';

const REQUIRED = 'You must provide a start date!';
const FUTURE = 'A future date was chosen!';
const ORDER = 'Start date must be before end date!';
const CHECK = 'Please check your dates!';
const today = Temporal.PlainDate.from('2025-10-15');

describe('reports and logs date range', () => {
  it.each<[string | null | undefined, string | null | undefined, string | null]>([
    ['2025-10-14', '2025-10-15', null],
    ['2025-10-15', '2025-10-15', null],
    ['2025-10-15', '2025-10-16', null],
    ['2025-10-15', '', null],
    ['2025-10-15', '   ', null],
    ['2025-10-15', null, null],
    ['2025-10-15', undefined, null],
    [' 2025-10-14 ', ' 2025-10-15 ', null],
    ['2024-02-29', '2024-03-01', null],
    ['', '2025-10-15', REQUIRED],
    ['  ', '', REQUIRED],
    [null, '2025-10-15', REQUIRED],
    [undefined, undefined, REQUIRED],
    ['2025-10-16', '2025-10-16', FUTURE],
    ['2025-10-16', '', FUTURE],
    ['2025-10-14', '2025-10-17', FUTURE],
    ['2025-10-14', '2025-10-13', ORDER],
    ['2025-10-15', '2025-10-14', ORDER],
    ['2023-02-29', '2025-10-15', CHECK],
    ['2025-10-01', '15.10.2025', CHECK],
    ['2025-10-01 00:00:00', '', CHECK],
  ])('%s – %s → %s', (s, e, expected) => expect(validateDateRange(s, e, today)).toBe(expected));

  it('returns the parsed dates', () => {
    expect(checkDateRange('2025-10-01', '2025-10-02', today)).toEqual({
      ok: true,
      start: Temporal.PlainDate.from('2025-10-01'),
      end: Temporal.PlainDate.from('2025-10-02'),
    });
  });

  it('an empty end is the start day alone', () => {
    expect(checkDateRange('2025-10-01', ' ', today)).toEqual({
      ok: true,
      start: Temporal.PlainDate.from('2025-10-01'),
      end: null,
    });
  });

  it('a refused range carries its message', () => {
    expect(checkDateRange('', '', today)).toEqual({ ok: false, message: REQUIRED });
    expect(checkDateRange('2025-10-01', 'x', today)).toEqual({ ok: false, message: CHECK });
  });
});
