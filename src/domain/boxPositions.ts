// Numbering of a box's positions (docs/dev/product-rules.md#behaviour Box positions): consecutive from 1 in list order.
export interface Numbered {
  boxposId: { boxPosId: number };
}

export const needsReorganize = (positions: readonly Numbered[]): boolean =>
  positions.some((p, i) => p.boxposId.boxPosId !== i + 1);

export interface Reorganized<T> {
  positions: T[];
  /** Indexes (in the new list) of the rows whose number changed; the page shows them as modified. */
  modified: number[];
}

/** Renumbers 1..n in list order; unchanged rows keep their object identity. */
export const reorganize = <T extends Numbered>(positions: readonly T[]): Reorganized<T> => {
  const modified: number[] = [];
  const renumbered = positions.map((p, i) => {
    if (p.boxposId.boxPosId === i + 1) return p;
    modified.push(i);
    return { ...p, boxposId: { ...p.boxposId, boxPosId: i + 1 } };
  });
  return { positions: renumbered, modified };
};

/** Moves one row (drag and drop); numbers are untouched until reorganize. */
export const moveBoxPosition = <T>(positions: readonly T[], from: number, to: number): T[] => {
  const list = [...positions];
  const [row] = list.splice(from, 1);
  if (row === undefined) return list;
  list.splice(Math.max(0, Math.min(to, list.length)), 0, row);
  return list;
};

/**
 * The number a new position gets: one after the last, 1 for an empty box. The highest number is
 * taken, which equals the last one in a consecutive list and cannot collide after a reorder.
 */
export const nextBoxPosNumber = (positions: readonly Numbered[]): number =>
  positions.reduce((max, p) => Math.max(max, p.boxposId.boxPosId), 0) + 1;

/** Create new Box Position is disabled once the box holds numMax positions. */
export const canAddBoxPosition = (count: number, numMax: number): boolean => count < numMax;

/** Numbers 1..n in list order (the server stores every list so, docs/dev/product-rules.md#behaviour). */
export const renumber = <T extends Numbered>(positions: readonly T[]): T[] => reorganize(positions).positions;

/**
 * Where a new position at number `at` lands: before the row holding `at` now, or at the end when
 * `at` is past the last number (positions stay consecutive from 1, docs/dev/product-rules.md#behaviour).
 */
export const insertionIndex = (count: number, at: number): number => Math.max(0, Math.min(at - 1, count));

/** Inserts `row` at number `at` (see insertionIndex) and renumbers. */
export const insertPosition = <T extends Numbered>(positions: readonly T[], row: T, at: number): T[] => {
  const list = [...positions];
  list.splice(insertionIndex(list.length, at), 0, row);
  return renumber(list);
};

/** Removes the position numbered `n` (by list order) and closes the gap. */
export const removePosition = <T extends Numbered>(positions: readonly T[], n: number): T[] =>
  renumber(positions.filter((_, i) => i !== n - 1));

/** The accessible name of one slot of the box map: 'Position 7: 4006381000011, 2025-10-02 07:00:00'. */
export const boxSlotLabel = (n: number, sample: { sId: string; sStamp: string } | null): string =>
  sample ? `Position ${n}: ${sample.sId}, ${sample.sStamp}` : `Position ${n}: empty`;
