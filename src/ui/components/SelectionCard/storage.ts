// The Selection card's items in local storage, one key per screen (docs/dev/product-rules.md#records "Saved browser
// preferences": Analysis selection by aId, Samples selection by ID), so a selection survives a
// reload and each screen can fetch the other's. Anything unreadable counts as an empty selection.
import { z } from 'zod';
import { MAX_SELECTION } from '../../../domain/constants';
import type { SelectionItem } from '../../../domain/selectionItem';
import { readStored, writeStored } from '../../state/storage';

const storedItemsSchema = z
  .array(z.object({ key: z.string().min(1), sId: z.string().regex(/^\d{1,13}$/), sStamp: z.string().min(1) }))
  .max(MAX_SELECTION);

/** The items stored under a screen's key (its resource's `selection.storageKey`). */
export const loadSelection = (storageKey: string): SelectionItem[] =>
  readStored(storageKey, storedItemsSchema) ?? [];

/** Only the three fields: what the card needs after a reload, nothing the row carried besides. */
export const saveSelection = (storageKey: string, items: readonly SelectionItem[]): void =>
  writeStored(
    storageKey,
    items.map(({ key, sId, sStamp }) => ({ key, sId, sStamp })),
  );
