// Numbers as the lab reads them (docs/dev/product-rules.md#constants: table locale de-AT): decimal comma, thousands
// grouped with a no-break space, one formatter for report lines, charts and tables.
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md): the cache's `!f` made true (a new
// formatter with the same options formats the same) and the 'free' cache key emptied (no other key
// is empty).
import { describe, expect, it } from 'vitest';
import { formatDecimal, formatLabNumber } from '../../src/domain/numberFormat';

const NBSP = '\u00a0';

describe('lab numbers (de-AT)', () => {
  it('a fixed number of decimals, grouped unless grouping is turned off', () => {
    expect(formatDecimal(17.186, 2)).toBe('17,19');
    expect(formatDecimal(1234.5, 1)).toBe(`1${NBSP}234,5`);
    expect(formatDecimal(1234.5, 1, false)).toBe('1234,5');
    expect(formatDecimal(1234.5, 1, true)).toBe(`1${NBSP}234,5`);
  });
  it('a limit with as many decimals as it has, up to six, grouped', () => {
    expect(formatLabNumber(10)).toBe('10');
    expect(formatLabNumber(0.3)).toBe('0,3');
    expect(formatLabNumber(1.234567)).toBe('1,234567');
    expect(formatLabNumber(1.2345678)).toBe('1,234568');
    expect(formatLabNumber(12345)).toBe(`12${NBSP}345`);
  });
});
