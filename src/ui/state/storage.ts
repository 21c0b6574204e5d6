// The stored session in local storage under 'user' (docs/dev/product-rules.md#records). Anything unreadable counts as
// no session, so a tampered or outdated entry simply leads to the login page.
import type { z } from 'zod';
import { storedUserSchema, type StoredUser } from '../../domain/auth';
import { STORAGE_KEYS } from '../../domain/constants';

export const loadStoredUser = (storage: Storage = window.localStorage): StoredUser | null => {
  try {
    const raw = storage.getItem(STORAGE_KEYS.user);
    if (raw === null) return null;
    const parsed = storedUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const saveStoredUser = (user: StoredUser, storage: Storage = window.localStorage): void => {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
};

export const clearStoredUser = (storage: Storage = window.localStorage): void => {
  storage.removeItem(STORAGE_KEYS.user);
};

/**
 * The JSON stored under `key` when it matches `schema`; undefined when it is missing, unreadable or
 * outdated, or when the browser disables storage (a preference then falls back to its default).
 */
export const readStored = <T>(key: string, schema: z.ZodType<T>): T | undefined => {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/** Stores `value` as JSON under `key`; a full or disabled storage only loses it after a reload. */
export const writeStored = (key: string, value: unknown): void => {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value still applies for this visit.
  }
};
