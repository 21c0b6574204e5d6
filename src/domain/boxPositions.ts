// Numbering of a box's positions (spec §4 Box positions): consecutive from 1 in list order.
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
