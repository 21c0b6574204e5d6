// The stored session in local storage under 'user' (spec §3). Anything unreadable counts as
// no session, so a tampered or outdated entry simply leads to the login page.
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
