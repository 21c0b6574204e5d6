// The stored session (local storage 'user'): what the auth machine starts from.
import { describe, expect, it } from 'vitest';
import { clearStoredUser, loadStoredUser, saveStoredUser } from '../../src/ui/state/storage';

const memoryStorage = (): Storage => {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
};

const USER = { accessToken: 't', email: 'a@lab.test', roles: ['ROLE_ADMIN' as const], loggedIn: true };

describe('stored user', () => {
  it('round-trips under the key user', () => {
    const storage = memoryStorage();
    saveStoredUser(USER, storage);
    expect(JSON.parse(storage.getItem('user') ?? '')).toEqual(USER);
    expect(loadStoredUser(storage)).toEqual(USER);
    clearStoredUser(storage);
    expect(loadStoredUser(storage)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['an unknown role', JSON.stringify({ ...USER, roles: ['ROLE_ROOT'] })],
    ['no token', JSON.stringify({ email: 'a@lab.test', roles: [], loggedIn: true })],
  ])('treats %s as no session', (_, raw) => {
    const storage = memoryStorage();
    storage.setItem('user', raw);
    expect(loadStoredUser(storage)).toBeNull();
  });
});
