// sFlags and aFlags (docs/dev/architecture.md#domain-decisions Flags): the first flag, marking exported, L/H from limits.
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md): `flags.length > 0` and
// `current.length > 0` made true or `>=` (a non-empty string is truthy, the `&&` before them has
// decided); num's `typeof v === 'number'` made false or its 'number' emptied (Number() of a number
// is that number); limitFlag's `value === undefined` made false (undefined is neither below nor
// above); computeAFlags' padEnd with '' (only the part past position 7 is read from the padded
// flags); isOutOfLimit's `aFlags ?? ''` with another text (no 'L' or 'H' in positions 2–7 of the
// fallback either).
import { describe, expect, it } from 'vitest';
import * as Fg from '../../src/domain/flags';

const limits = [
  { name: 'pol', min: '15', max: '20' },
  { name: 'kal', min: '2', max: '6' },
  { name: 'nat', min: '0', max: '1.5' },
  { name: 'an', min: '', max: '3' },
  { name: 'glu', min: null, max: null },
];

describe('first flag', () => {
  it.each([
    ['F----', 'farmer'],
    ['T----', 'test'],
    ['X----', 'exported'],
    ['-----', 'other'],
    ['A', 'other'],
    ['', 'other'],
    [null, 'other'],
  ] as const)('%s → %s', (flags, kind) => expect(Fg.flagKind(flags)).toBe(kind));

  it('helpers agree', () => {
    expect(Fg.isFarmer('F')).toBe(true);
    expect(Fg.isTest('T-')).toBe(true);
    expect(Fg.isExported('X')).toBe(true);
    expect(Fg.isExported('F')).toBe(false);
  });

  it('each helper says no to the other kinds', () => {
    expect(Fg.isFarmer('T----')).toBe(false);
    expect(Fg.isTest('F----')).toBe(false);
  });

  it.each<[string[], boolean]>([
    [['X----'], true],
    [['F----', 'X-L--'], true],
    [['F----'], false],
    [['--X--'], false],
    [[], false],
  ])('SAP and ZFT leave out exported rows unless a flags filter %j asks for them: %s', (patterns, asks) =>
    expect(Fg.asksForExported(patterns)).toBe(asks),
  );

  it.each([
    ['F-LH-', 'X-LH-'],
    ['-----', 'X----'],
    ['', 'X----'],
    [null, 'X----'],
  ])('marking %s exported → %s', (flags, expected) => expect(Fg.markExported(flags)).toBe(expected));
});

describe('L/H flags from limits', () => {
  it.each<[number | null, string]>([
    [14.99, 'L'],
    [15, '-'],
    [20, '-'],
    [20.01, 'H'],
    [null, '-'],
  ])('pol %s → %s', (v, f) => expect(Fg.limitFlag(v, limits[0])).toBe(f));

  it('an open bound never flags', () => {
    expect(Fg.limitFlag(-100, limits[3])).toBe('-');
    expect(Fg.limitFlag(3.1, limits[3])).toBe('H');
    expect(Fg.limitFlag(99, limits[4])).toBe('-');
    expect(Fg.limitFlag(99, undefined)).toBe('-');
  });

  it.each([
    ['-----', { pol: 14, kal: 7, nat: 1, an: 2, glu: 1, dry: 20 }, '-LH----'],
    ['F', { pol: 16, kal: 1, nat: 2 }, 'F-LH---'],
    ['XHHHHHHLHL', { pol: 16, kal: 3, nat: 1, an: 1, glu: 1, dry: 1 }, 'X------LHL'],
    [null, {}, '-------'],
  ] as const)('%s with %o → %s', (current, values, expected) => {
    const flags = Fg.computeAFlags(current, values, limits);
    expect(flags).toBe(expected);
  });

  it.each([
    ['-LH----', true],
    ['-------', false],
    ['-------LH', false],
  ])('%s out of limit: %s', (flags, expected) => expect(Fg.isOutOfLimit(flags)).toBe(expected));
});
