// The Selection card's items in local storage, one key per screen (spec §3 "Saved browser
// preferences": Analysis selection by aId, Samples selection by ID), so a selection survives a
// reload and each screen can fetch the other's. Anything unreadable counts as an empty selection.
import { z } from 'zod';
import { MAX_SELECTION, STORAGE_KEYS } from '../../../domain/constants';
import type { SelectionItem } from '../../../domain/selectionItem';
import { readStored, writeStored } from '../../state/storage';
import type { ListEntity } from './types';

const SELECTION_STORAGE_KEY: Record<ListEntity, string> = {
  analysis: STORAGE_KEYS.analysisSelection,
  samples: STORAGE_KEYS.samplesSelection,
};

const storedItemsSchema = z
  .array(z.object({ key: z.string().min(1), sId: z.string().regex(/^\d{1,13}$/), sStamp: z.string().min(1) }))
  .max(MAX_SELECTION);

export const loadSelection = (entity: ListEntity): SelectionItem[] =>
  readStored(SELECTION_STORAGE_KEY[entity], storedItemsSchema) ?? [];

/** Only the three fields: what the card needs after a reload, nothing the row carried besides. */
export const saveSelection = (entity: ListEntity, items: readonly SelectionItem[]): void =>
  writeStored(
    SELECTION_STORAGE_KEY[entity],
    items.map(({ key, sId, sStamp }) => ({ key, sId, sStamp })),
  );
