// Equivalent mutants left by StrykerJS (docs/dev/mutation-scores.md): the extension of a name
// without a dot as another string than '' (no such string is an accepted extension); the ncd
// split on one white space instead of a run (the line is trimmed, so the first field is the same);
// `?? ''` after split()[0] (split always gives a first field; never reached).
import { describe, expect, it } from 'vitest';
import * as Sel from '../../src/domain/selection';

describe('selection files', () => {
  it.each([
    ['ids.txt', true],
    ['IDS.CSV', true],
    ['scan.ncd', true],
    ['ids.xlsx', false],
    ['txt', false],
    ['ids.', false],
    ['ids.txt.xlsx', false],
    ['lab.ids.Txt', true],
    // A name that is only its extension still has one (the dot at the name's start).
    ['.ncd', true],
  ])('%s accepted: %s', (name, ok) => expect(Sel.isSelectionFile(name)).toBe(ok));

  it('ncd takes the first number of each line', () => {
    expect(Sel.parseSelectionFile('a.ncd', '4006381333931 12 x\r\n  12345678  9\n\nabc 1\n')).toEqual([
      '4006381333931',
      '12345678',
    ]);
  });
  it('txt and csv hold one number per line', () => {
    expect(Sel.parseSelectionFile('a.csv', '1\n 2 \n\nx\n3 4\n')).toEqual(['1', '2']);
  });
  it('names the lines that hold no sample id, by number; blank lines are no error', () => {
    const isId = (id: string) => id.length <= 13;
    expect(
      Sel.rejectedSelectionLines('a.csv', 'sId\n4006381333931\n\n12345678901234567\n3 4\n', isId),
    ).toEqual([1, 4, 5]);
    expect(Sel.rejectedSelectionLines('a.ncd', '4006381333931 12 x\r\nabc 1\n', isId)).toEqual([2]);
    expect(Sel.rejectedSelectionLines('a.txt', '4006381333931\n', isId)).toEqual([]);
    // Spaces around an id are no error, nor is a line of spaces.
    expect(Sel.rejectedSelectionLines('a.txt', ' 4006381333931 \r\n   \n\t\n', isId)).toEqual([]);
    expect(Sel.rejectedSelectionLines('a.ncd', '  4006381333931  12\n', isId)).toEqual([]);
  });
});

describe('selection limit', () => {
  it.each([
    [999, 1, true],
    [1000, 0, true],
    [1000, 1, false],
    [0, 1001, false],
  ])('%i + %i allowed: %s', (count, adding, ok) => expect(Sel.canAddToSelection(count, adding)).toBe(ok));

  it('adds without duplicates', () => {
    expect(Sel.addToSelection(['a', 'b'], ['b', 'c', 'c'], (s) => s)).toEqual(['a', 'b', 'c']);
  });
});
