// The filter panel's editing state over the list view: the fields as typed, the per-field errors,
// and the four actions of docs/dev/product-rules.md#screens (Reprocess All Filters, Apply Default Filters, Clear All
// Filters, a typed expression). Only a valid set of fields reaches the list view; an invalid one
// marks its fields and shows 'Filter mismatch - Please check your input!' until corrected.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { labNow } from '../../../domain/datetime';
import { parseFilters } from '../../../domain/filter';
import {
  filtersFromPanelValues,
  panelValuesFromFilters,
  type FilterPanelField,
  type FilterPanelSpec,
  type FilterPanelValues,
} from '../../../domain/filterPanel';
import { FILTER_MISMATCH } from '../../../domain/messages';
import { defaultDateFilter } from '../../../domain/windows';
import { Temporal } from 'temporal-polyfill';
import { useAuth } from '../../state/AuthProvider';
import { useNotifications } from '../../state/NotificationProvider';
import type { ListView } from './useListView';

/**
 * The fields as typed, outside React state: a key typed into a filter field re-renders the filter
 * panel (which subscribes, useFilterValues) and nothing else — not the page, not the table. The
 * filter applies on Enter or Reprocess (docs/dev/product-rules.md#screens), which read the store.
 */
export interface FilterValuesStore {
  get(): FilterPanelValues;
  set(values: FilterPanelValues): void;
  subscribe(listener: () => void): () => void;
}

const createValuesStore = (initial: FilterPanelValues): FilterValuesStore => {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (values) => {
      current = values;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/** One part of the typed fields (a field's text), for the component that shows it: a key typed
 *  into one field re-renders that field only. */
export const useFilterValue = <T>(store: FilterValuesStore, pick: (values: FilterPanelValues) => T): T => {
  const read = () => pick(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
};

export interface ListFilters {
  spec: FilterPanelSpec;
  values: FilterValuesStore;
  errors: Partial<Record<FilterPanelField, string>>;
  setValues(update: (values: FilterPanelValues) => FilterPanelValues): void;
  /** Applies the fields as they are (or shows the mismatch); `override` applies given values. */
  apply(override?: FilterPanelValues): boolean;
  /** The role's default window on the first date column, every other field cleared. */
  applyDefaults(): void;
  clear(): void;
  /** Typed terms (command palette): replaces the filter when every term is valid. */
  applyTerms(terms: string[]): boolean;
}

export function useListFilters(view: ListView<unknown>, spec: FilterPanelSpec): ListFilters {
  const { user } = useAuth();
  const { notify, clearValidation } = useNotifications();
  const [values] = useState(() => createValuesStore(panelValuesFromFilters(spec, view.filters)));
  const [errors, setErrors] = useState<Partial<Record<FilterPanelField, string>>>({});

  // Whatever the list view accepted (palette, defaults, clear, another tab's preference on mount)
  // is what the fields show.
  const applied = view.filters.join('\n');
  useEffect(() => {
    values.set(panelValuesFromFilters(spec, applied === '' ? [] : applied.split('\n')));
  }, [spec, applied, values]);

  const mismatch = useCallback(
    () => notify('error', FILTER_MISMATCH, { page: view.entity, persistent: true }),
    [notify, view.entity],
  );

  const accept = (filters: string[]) => {
    // Set here too: re-applying the same filter must still reset what was typed over it.
    values.set(panelValuesFromFilters(spec, filters));
    setErrors({});
    clearValidation();
    view.setFilters(filters);
  };

  const apply = (override?: FilterPanelValues): boolean => {
    const result = filtersFromPanelValues(spec, override ?? values.get());
    if (!result.ok) {
      setErrors(result.errors);
      mismatch();
      return false;
    }
    accept(result.filters);
    return true;
  };

  return {
    spec,
    values,
    errors,
    setValues: (update) => values.set(update(values.get())),
    apply,
    applyDefaults: () => {
      const now = labNow(() => Temporal.Now.instant());
      accept([defaultDateFilter(user?.roles ?? [], now, spec.dates[0])]);
    },
    clear: () => accept([]),
    applyTerms: (terms) => {
      if (!parseFilters(terms).ok) {
        mismatch();
        return false;
      }
      accept(terms);
      return true;
    },
  };
}
