// The Selection card's items in local storage, one key per screen (spec §3 "Saved browser
// preferences": Analysis selection by aId, Samples selection by ID), so a selection survives a
// reload and each screen can fetch the other's. Anything unreadable counts as an empty selection.
import { z } from 'zod';
import { MAX_SELECTION, STORAGE_KEYS } from '../../../domain/constants';
import type { SelectionItem } from '../../../domain/selectionItem';
import type { ListEntity } from './types';

export const SELECTION_STORAGE_KEY: Record<ListEntity, string> = {
  analysis: STORAGE_KEYS.analysisSelection,
  samples: STORAGE_KEYS.samplesSelection,
};

const storedItemsSchema = z
  .array(z.object({ key: z.string().min(1), sId: z.string().regex(/^\d{1,13}$/), sStamp: z.string().min(1) }))
  .max(MAX_SELECTION);

export const loadSelection = (entity: ListEntity, storage: Storage = window.localStorage): SelectionItem[] => {
  try {
    const raw = storage.getItem(SELECTION_STORAGE_KEY[entity]);
    if (raw === null) return [];
    const parsed = storedItemsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

export const saveSelection = (
  entity: ListEntity,
  items: readonly SelectionItem[],
  storage: Storage = window.localStorage,
): void => {
  try {
    // Only the three fields: what the card needs after a reload, nothing the row carried besides.
    const stored = items.map(({ key, sId, sStamp }) => ({ key, sId, sStamp }));
    storage.setItem(SELECTION_STORAGE_KEY[entity], JSON.stringify(stored));
  } catch {
    // A full or disabled storage only costs the selection after a reload, not the session.
  }
};
