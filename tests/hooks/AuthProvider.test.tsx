// AuthProvider with its machine and the real storage against a fake API: a stored session is
// verified before it counts, a sign-in stores the user, a
// refused sign-in shows the server's message, and logging out forgets the user.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { AppProviders } from '../../src/ui/state/AppProviders';
import { useAuth } from '../../src/ui/state/AuthProvider';
import { fakeApi } from './fakeApi';

const ADMIN = { accessToken: 'token', email: 'lead@lab.example', roles: ['ROLE_ADMIN'], loggedIn: true };
const wrapper = ({ children }: { children: ReactNode }) => <AppProviders>{children}</AppProviders>;
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('location', { ...window.location, reload: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthProvider', () => {
  it('verifies a stored session before it counts, and sends its token', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
    const api = fakeApi({ 'POST /api/auth/verify': { json: { email: ADMIN.email, roles: ADMIN.roles } } });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('checking');
    await waitFor(() => expect(result.current.status).toBe('loggedIn'));
    expect(api.calls('POST', '/api/auth/verify')[0]!.body).toBe('token');
    expect(result.current.isAdmin).toBe(true);
    expect(result.current.user?.email).toBe(ADMIN.email);
  });

  it('a stored session the server refuses is forgotten', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
    fakeApi({ 'POST /api/auth/verify': { status: 401, json: { message: 'Unauthorized' } } });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('loggedOut'));
    expect(result.current.user).toBeNull();
    expect(stored()?.loggedIn ?? false).toBe(false);
  });

  it('signs in: stores the user and a reader is no admin; logout forgets it', async () => {
    const api = fakeApi({
      'POST /api/auth/signin': { json: { accessToken: 'fresh', email: ADMIN.email, roles: ['ROLE_READER'] } },
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('loggedOut'));
    act(() => result.current.login({ email: ADMIN.email, password: 'secret-password' }));
    await waitFor(() => expect([result.current.status, result.current.error]).toEqual(['loggedIn', null]));
    expect(api.calls('POST', '/api/auth/signin')[0]!.body).toEqual({
      email: ADMIN.email,
      password: 'secret-password',
    });
    expect(stored()).toMatchObject({ accessToken: 'fresh', email: ADMIN.email, loggedIn: true });
    expect(result.current.isAdmin).toBe(false);
    act(() => result.current.logout());
    await waitFor(() => expect(result.current.status).toBe('loggedOut'));
    expect(stored()?.loggedIn ?? false).toBe(false);
  });

  it("a refused sign-in shows the server's message and stores nothing", async () => {
    const message = 'Bad credentials';
    fakeApi({ 'POST /api/auth/signin': { status: 401, json: { message } } });
    const { result } = renderHook(() => useAuth(), { wrapper });
    act(() => result.current.login({ email: ADMIN.email, password: 'wrong-password' }));
    await waitFor(() => expect(result.current.error).toBe(message));
    expect(result.current.status).toBe('loggedOut');
    expect(stored()).toBeNull();
  });
});
