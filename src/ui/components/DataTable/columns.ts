// Column order and visibility: pure helpers, and local-storage persistence per table.
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { tableFields, type ColumnRegistry } from '../../../domain/columns/registry';
import type { ColumnPrefs, DataColumn } from './types';

/** Moves `id` one visible place to the left (-1) or right (+1) within the full order. */
export const moveVisible = (
  order: readonly string[],
  hidden: ReadonlySet<string>,
  id: string,
  by: -1 | 1,
): string[] => {
  const visible = order.filter((c) => !hidden.has(c));
  const at = visible.indexOf(id);
  const neighbour = visible[at + by];
  if (at < 0 || neighbour === undefined) return [...order];
  const next = [...order];
  const i = next.indexOf(id);
  const j = next.indexOf(neighbour);
  next[i] = neighbour;
  next[j] = id;
  return next;
};

/** Moves `id` to where `target` is (drag and drop onto a header). */
export const moveTo = (order: readonly string[], id: string, target: string): string[] => {
  if (id === target) return [...order];
  const next = order.filter((c) => c !== id);
  const j = next.indexOf(target);
  const from = order.indexOf(id);
  const to = order.indexOf(target);
  // Dropping to the right of its place puts it after the target, to the left before it.
  next.splice(from < to ? j + 1 : j, 0, id);
  return next;
};

const prefsSchema = z.object({ order: z.array(z.string()), hidden: z.array(z.string()) });

/** Stored prefs made to fit the current columns: unknown ids dropped, new ones appended. */
export const fitPrefs = (stored: unknown, ids: readonly string[]): ColumnPrefs => {
  const parsed = prefsSchema.safeParse(stored);
  if (!parsed.success) return { order: [...ids], hidden: [] };
  const known = new Set(ids);
  const order = parsed.data.order.filter((id, i, all) => known.has(id) && all.indexOf(id) === i);
  for (const id of ids) if (!order.includes(id)) order.push(id);
  const hidden = parsed.data.hidden.filter((id) => known.has(id));
  return { order, hidden: hidden.length >= ids.length ? [] : hidden };
};

const read = (key: string): unknown => {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
};

/** Column order and visibility kept in local storage under `storageKey` (e.g. 'analysis.headers'). */
export function useColumnPrefs(
  storageKey: string,
  ids: readonly string[],
): [ColumnPrefs, (next: ColumnPrefs) => void] {
  const [prefs, setPrefs] = useState<ColumnPrefs>(() => fitPrefs(read(storageKey), ids));
  const update = useCallback(
    (next: ColumnPrefs) => {
      setPrefs(next);
      try {
        localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the order still applies for this visit.
      }
    },
    [storageKey],
  );
  return [prefs, update];
}

/** A registry's table columns (src/domain/columns) as the table's column model. */
export const registryColumns = <Row>(registry: ColumnRegistry<Row>): DataColumn<Row>[] =>
  tableFields(registry).map((f) => ({
    id: f.id,
    header: f.label,
    accessor: f.get,
    ...(f.format === 'int' || f.format === 'dec' ? { numeric: true } : {}),
    ...(f.decimals === undefined ? {} : { decimals: f.decimals }),
    ...(f.grouping === undefined ? {} : { grouping: f.grouping }),
    ...(f.editable ? { editable: true } : {}),
    width: f.width,
  }));
