// Which command comes first (issue: the palette never changes data by accident). Enter runs the
// highlighted command, and a user typing 's' or 'log' expects to land on a page or a harmless
// action, never on one that rewrites rows. So: pages first, then what only reads, writes last; a
// search shorter than WRITE_MIN_SEARCH characters does not offer writes at all, and a longer one
// ranks them after every harmless match. (Writes still ask for confirmation when run.)
import type { PaletteAction, PaletteEffect } from './registry';

export const WRITE_MIN_SEARCH = 3;

const RANK: Record<PaletteEffect, number> = { navigate: 0, read: 1, write: 2 };
const rankOf = (action: PaletteAction): number => RANK[action.effect ?? 'read'];

/** Groups in palette order: by their most harmless command, then registration order; commands
 *  inside a group likewise. */
export function groupActions(actions: readonly PaletteAction[]): [string, PaletteAction[]][] {
  const groups = new Map<string, PaletteAction[]>();
  for (const action of actions) {
    const list = groups.get(action.group) ?? [];
    list.push(action);
    groups.set(action.group, list);
  }
  const ranked = [...groups.entries()].map(
    ([group, items], order) =>
      [group, items.toSorted((a, b) => rankOf(a) - rankOf(b)), order] as const,
  );
  const groupRank = (items: readonly PaletteAction[]) => Math.min(...items.map(rankOf));
  return ranked
    .toSorted(([, a, ao], [, b, bo]) => groupRank(a) - groupRank(b) || ao - bo)
    .map(([group, items]) => [group, items]);
}

/**
 * The score cmdk sorts by, from its own text match (`match`, 0 = no match): a write needs a search
 * of WRITE_MIN_SEARCH characters and then scores below any harmless match.
 */
export function effectScore(effect: PaletteEffect | undefined, match: number, search: string): number {
  if (match <= 0) return 0;
  // cmdk's match scores lie in (0, 1]: harmless commands move to (0.5, 1], writes to (0, 0.5), so
  // the order within each kind stays cmdk's and every write sorts below every harmless match.
  if (effect !== 'write') return 0.5 + match / 2;
  if (search.trim().length < WRITE_MIN_SEARCH) return 0;
  return (match / 2) * 0.999;
}
