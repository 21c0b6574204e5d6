import { describe, expect, it } from 'vitest';
import * as B from '../../src/domain/boxPositions';

const list = (...ns: number[]) => ns.map((n) => ({ boxposId: { box: 'A1', boxPosId: n }, tag: `p${n}` }));
const numbers = (l: readonly B.Numbered[]) => l.map((p) => p.boxposId.boxPosId);

describe('box positions', () => {
  it.each([
    [[], false],
    [[1], false],
    [[1, 2, 3], false],
    [[2], true],
    [[1, 3], true],
    [[2, 1], true],
  ])('%o needs reorganizing: %s', (ns, expected) => expect(B.needsReorganize(list(...ns))).toBe(expected));

  it('renumbers in list order and reports the changed rows', () => {
    const before = list(1, 3, 2, 7);
    const r = B.reorganize(before);
    expect(numbers(r.positions)).toEqual([1, 2, 3, 4]);
    expect(r.modified).toEqual([1, 2, 3]);
    expect(r.positions[0]).toBe(before[0]);
    expect(r.positions[1]!.tag).toBe('p3');
    expect(numbers(before)).toEqual([1, 3, 2, 7]);
    expect(B.needsReorganize(r.positions)).toBe(false);
  });

  it('moves a row', () => {
    expect(numbers(B.moveBoxPosition(list(1, 2, 3), 0, 2))).toEqual([2, 3, 1]);
    expect(numbers(B.moveBoxPosition(list(1, 2, 3), 2, 0))).toEqual([3, 1, 2]);
    expect(numbers(B.moveBoxPosition(list(1, 2, 3), 5, 0))).toEqual([1, 2, 3]);
  });

  it.each([
    [[], 1],
    [[1], 2],
    [[1, 2, 3], 4],
    [[3, 1, 2], 4],
  ])('next number after %o is %i', (ns, n) => expect(B.nextBoxPosNumber(list(...ns))).toBe(n));

  it.each([
    [0, 40, true],
    [39, 40, true],
    [40, 40, false],
    [1, 1, false],
  ])('%i of %i: can add %s', (count, max, expected) =>
    expect(B.canAddBoxPosition(count, max)).toBe(expected),
  );

  it('renumbers 1..n in list order', () => {
    expect(numbers(B.renumber(list(4, 2, 9)))).toEqual([1, 2, 3]);
    expect(B.renumber([])).toEqual([]);
  });

  it.each([
    [0, 1, 0],
    [3, 1, 0],
    [3, 2, 1],
    [3, 4, 3],
    [3, 40, 3],
    [3, 0, 0],
  ])('a new position at %i rows, number %i, lands at index %i', (count, at, index) =>
    expect(B.insertionIndex(count, at)).toBe(index),
  );

  it('inserts a position before the one holding its number, or after the last, and renumbers', () => {
    const row = { boxposId: { box: 'A1', boxPosId: 99 }, tag: 'new' };
    const tags = (l: { tag: string }[]) => l.map((p) => p.tag);
    expect(tags(B.insertPosition(list(1, 2, 3), row, 2))).toEqual(['p1', 'new', 'p2', 'p3']);
    expect(numbers(B.insertPosition(list(1, 2, 3), row, 2))).toEqual([1, 2, 3, 4]);
    expect(tags(B.insertPosition(list(1, 2), row, 40))).toEqual(['p1', 'p2', 'new']);
    expect(numbers(B.insertPosition([], row, 7))).toEqual([1]);
  });

  it('removes a position and closes the gap', () => {
    const removed = B.removePosition(list(1, 2, 3), 2);
    expect(removed.map((p) => p.tag)).toEqual(['p1', 'p3']);
    expect(numbers(removed)).toEqual([1, 2]);
    expect(numbers(B.removePosition(list(1, 2), 5))).toEqual([1, 2]);
  });

  it('names a slot of the box map', () => {
    expect(B.boxSlotLabel(7, { sId: '4006381000011', sStamp: '2025-10-02 07:00:00' })).toBe(
      'Position 7: 4006381000011, 2025-10-02 07:00:00',
    );
    expect(B.boxSlotLabel(8, null)).toBe('Position 8: empty');
  });
});
