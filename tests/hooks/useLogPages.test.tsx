// The Hardware Logs page's loads with the real machine, providers and api module against a fake
// API: a range arrives a page at a time, 'load more' asks for the lines below the last page's
// nextBefore and adds them, and a long range refused while the server is busy says the spec's
// busy message.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import type { Log, LogsPage } from '../../src/domain/entities/log';
import { SERVER_BUSY } from '../../src/domain/messages';
import { useLogPages } from '../../src/ui/pages/logs/useLogPages';
import { AppProviders } from '../../src/ui/state/AppProviders';
import { fakeApi } from './fakeApi';

const READER = { accessToken: 'token', email: 'reader@lab.example', roles: ['ROLE_READER'], loggedIn: true };
const wrapper = ({ children }: { children: ReactNode }) => <AppProviders>{children}</AppProviders>;
const verified = { 'POST /api/auth/verify': { json: { email: READER.email, roles: READER.roles } } };
const PATH = 'GET /api/logs/2026-11-20/2026-11-24';

const line = (logId: number): Log => ({ logId, dateCreated: '2026-11-21 10:00:00', level: 'INFO', info: `line ${logId}` });
const json = (body: LogsPage, status = 200) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(READER));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const today = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
};

describe('useLogPages', () => {
  it('loads the first page, then adds the next one below its nextBefore until none is left', async () => {
    today();
    const pages: LogsPage[] = [
      { logs: [line(9), line(8), line(7)], totalItems: 5, nextBefore: 7 },
      { logs: [line(6), line(5)], totalItems: 5, nextBefore: null },
    ];
    let call = 0;
    const api = fakeApi({ ...verified, [PATH]: () => json(pages[call++]!)() });
    const errors: string[] = [];
    const { result } = renderHook(() => useLogPages({ notifyError: (m) => errors.push(m), cleared: () => undefined }), {
      wrapper,
    });
    act(() => result.current.load('2026-11-20', '2026-11-24'));
    await waitFor(() => expect(result.current.result?.logs).toHaveLength(3));
    expect(result.current.hasMore).toBe(true);
    expect(result.current.result?.totalItems).toBe(5);
    expect(api.calls('GET', '/api/logs/2026-11-20/2026-11-24')[0]!.search.get('before')).toBeNull();
    act(() => result.current.more());
    await waitFor(() => expect(result.current.result?.logs.map((l) => l.logId)).toEqual([9, 8, 7, 6, 5]));
    expect(api.calls('GET', '/api/logs/2026-11-20/2026-11-24')[1]!.search.get('before')).toBe('7');
    expect(result.current.result?.haystacks).toHaveLength(5);
    expect(result.current.hasMore).toBe(false);
    act(() => result.current.more());
    expect(api.calls('GET', '/api/logs/2026-11-20/2026-11-24')).toHaveLength(2);
    expect(errors).toEqual([]);
    vi.useRealTimers();
  });

  it('a refresh (new lines elsewhere) puts the newer lines on top, marked, keeping the loaded pages', async () => {
    today();
    const pages: LogsPage[] = [
      { logs: [line(9), line(8), line(7)], totalItems: 5, nextBefore: 7 },
      { logs: [line(6), line(5)], totalItems: 5, nextBefore: null },
      { logs: [line(11), line(10), line(9)], totalItems: 7, nextBefore: 9 },
      { logs: [line(11), line(10), line(9)], totalItems: 7, nextBefore: 9 },
    ];
    let call = 0;
    fakeApi({ ...verified, [PATH]: () => json(pages[call++]!)() });
    const { result } = renderHook(() => useLogPages({ notifyError: () => undefined, cleared: () => undefined }), {
      wrapper,
    });
    act(() => result.current.load('2026-11-20', '2026-11-24'));
    await waitFor(() => expect(result.current.result?.logs).toHaveLength(3));
    act(() => result.current.more());
    await waitFor(() => expect(result.current.result?.logs).toHaveLength(5));
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.result?.logs.map((l) => l.logId)).toEqual([11, 10, 9, 8, 7, 6, 5]));
    expect(result.current.result).toMatchObject({ fresh: ['11', '10'], freshSeq: 1, totalItems: 7, more: false });
    expect(result.current.result?.haystacks).toHaveLength(7);
    // Nothing newer: nothing marked anew.
    act(() => result.current.refresh());
    await waitFor(() => expect(call).toBe(4));
    expect(result.current.result).toMatchObject({ fresh: ['11', '10'], freshSeq: 1 });
    expect(result.current.result?.logs).toHaveLength(7);
    vi.useRealTimers();
  });

  it('a long range refused while the server is busy says the spec busy message', async () => {
    today();
    fakeApi({ ...verified, [PATH]: { status: 503, json: { message: SERVER_BUSY } } });
    const errors: string[] = [];
    const { result } = renderHook(() => useLogPages({ notifyError: (m) => errors.push(m), cleared: () => undefined }), {
      wrapper,
    });
    act(() => result.current.load('2026-11-20', '2026-11-24'));
    await waitFor(() => expect(errors).toEqual([SERVER_BUSY]));
    vi.useRealTimers();
  });
});
