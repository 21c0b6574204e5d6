// Which command comes first (issue: the palette never changes data by accident). Enter runs the
// highlighted command, and a user typing 's' or 'log' expects to land on a page or a harmless
// action, never on one that rewrites rows. So: pages first, then what only reads, writes last; a
// search shorter than WRITE_MIN_SEARCH characters does not offer writes at all, and a longer one
// ranks them after every harmless match. (Writes still ask for confirmation when run.) Among the
// harmless ones, the page on screen comes first for the same words (issue 27): on Reports 'pdf' is
// the report's PDF, on Hardware Logs 'log' is Get Logs, not Log out.
import { defaultFilter } from 'cmdk';
import type { PaletteAction, PaletteEffect, PaletteScope } from './registry';

export const WRITE_MIN_SEARCH = 3;

const RANK: Record<PaletteEffect, number> = { navigate: 0, read: 1, write: 2 };
const rankOf = (action: PaletteAction): number => RANK[action.effect ?? 'read'];

/**
 * Groups in palette order: by their most harmless command, then registration order; commands
 * inside a group likewise. While the user searches (`score` given), groups follow their best
 * command's score: cmdk (1.1) sorts the commands inside a group but never reorders the groups
 * themselves (its group lookup misses), and Enter runs the first command of the first group, so
 * the order of the groups decides what runs (issue 27: 'pdf' on Reports ran Open help).
 */
export function groupActions(
  actions: readonly PaletteAction[],
  score?: (action: PaletteAction) => number,
): [string, PaletteAction[]][] {
  const groups = new Map<string, PaletteAction[]>();
  for (const action of actions) {
    const list = groups.get(action.group) ?? [];
    list.push(action);
    groups.set(action.group, list);
  }
  const ranked = [...groups.entries()].map(
    ([group, items], order) => [group, items.toSorted((a, b) => rankOf(a) - rankOf(b)), order] as const,
  );
  const groupRank = (items: readonly PaletteAction[]) => Math.min(...items.map(rankOf));
  const best = (items: readonly PaletteAction[]) => (score ? Math.max(...items.map(score)) : 0);
  return ranked
    .toSorted(([, a, ao], [, b, bo]) => best(b) - best(a) || groupRank(a) - groupRank(b) || ao - bo)
    .map(([group, items]) => [group, items]);
}

/**
 * A text match at least this good (cmdk's scale: word starts score about 0.9, a letter here and
 * there well below 0.1) counts as "the same words": the page's command then ranks above the app's.
 */
export const PAGE_FIRST_MATCH = 0.5;

/**
 * The score cmdk sorts by, from its own text match (`match`, 0 = no match). Three tiers, cmdk's
 * order kept inside each: the page's own harmless commands that match well (Reports: 'pdf' →
 * Report PDF; Logs: 'log' → Get Logs), then every other harmless command (navigation, help, log
 * out), then writes, which need a search of WRITE_MIN_SEARCH characters.
 */
export function effectScore(
  effect: PaletteEffect | undefined,
  match: number,
  search: string,
  scope: PaletteScope = 'page',
): number {
  if (match <= 0) return 0;
  // cmdk's match scores lie in (0, 1]; each tier takes a third of that.
  const tier = (n: number) => (n + match * 0.999) / 3;
  if (effect === 'write') return search.trim().length < WRITE_MIN_SEARCH ? 0 : tier(0);
  if (scope === 'page' && effect !== 'navigate' && match >= PAGE_FIRST_MATCH) return tier(2);
  return tier(1);
}

/** The score cmdk sorts by and the groups are ordered by: cmdk's text match, then effectScore. */
export const paletteScore = (action: PaletteAction, search: string): number =>
  // The whole name typed is a deliberate choice, a write too (which still asks before it runs).
  search.trim().toLowerCase() === action.label.toLowerCase()
    ? 1
    : effectScore(
        action.effect,
        defaultFilter(action.label, search, action.keywords ? action.keywords.map((k) => k.trim()) : []),
        search,
        action.scope,
      );
