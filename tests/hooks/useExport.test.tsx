// useExport with its machine and the real providers against a fake API: the resume after a reload
// and the request that a start carries, caught here in milliseconds rather than only by the browser
// suite.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { useExport } from '../../src/ui/components/ExportPanel/useExport';
import { AppProviders } from '../../src/ui/state/AppProviders';
import { fakeApi } from './fakeApi';

const ADMIN = { accessToken: 'token', email: 'lead@lab.example', roles: ['ROLE_ADMIN'], loggedIn: true };
const JOB = 'analysis_20261124_101010_1a2b3c4d.csv';
const READY = { fileName: JOB, totalItems: 3, skippedExported: 0 };

const wrapper = ({ children }: { children: ReactNode }) => <AppProviders>{children}</AppProviders>;
const VIEW = () => ({
  query: { filter: ['lane,1'], sort: ['aId,desc'] },
  attributes: ['aId', 'pol'],
  total: 3,
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const verified = { 'POST /api/auth/verify': { json: { email: ADMIN.email, roles: ADMIN.roles } } };

describe('useExport', () => {
  it("resumes the server's job after a reload and offers Download when it is ready", async () => {
    const api = fakeApi({
      ...verified,
      'GET /api/analysis/exportfilename': { text: JOB },
      'GET /api/export/check/csv': { json: READY },
    });
    const { result } = renderHook(() => useExport('analysis', VIEW), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.type).toBe('csv');
    expect(api.calls('GET', '/api/export/check/csv')[0]?.search.get('file')).toBe(JOB);
  });

  it('does not resume a job that already ended here', async () => {
    localStorage.setItem('analysis.exportSettled', JOB);
    const api = fakeApi({ ...verified, 'GET /api/analysis/exportfilename': { text: JOB } });
    const { result } = renderHook(() => useExport('analysis', VIEW), { wrapper });
    await waitFor(() => expect(api.calls('GET', '/api/analysis/exportfilename')).toHaveLength(1));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(api.calls('GET', '/api/export/check/csv')).toHaveLength(0);
    expect(result.current.status).toBe('idle');
  });

  it('falls back to the saved name when the server cannot be asked', async () => {
    localStorage.setItem('analysis.export', JSON.stringify({ type: 'csv', fileName: JOB }));
    fakeApi({
      ...verified,
      'GET /api/analysis/exportfilename': { status: 500, json: { message: 'Internal Server Error' } },
      'GET /api/export/check/csv': { json: READY },
    });
    const { result } = renderHook(() => useExport('analysis', VIEW), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it('starts with the query and visible columns of the moment it was asked', async () => {
    const api = fakeApi({
      ...verified,
      'GET /api/analysis/exportfilename': { status: 204 },
      'GET /api/analysis/export/csv': { text: JOB },
    });
    const { result } = renderHook(() => useExport('analysis', VIEW), { wrapper });
    await waitFor(() => expect(api.calls('GET', '/api/analysis/exportfilename')).toHaveLength(1));
    act(() => result.current.start('csv'));
    await waitFor(() => expect(api.calls('GET', '/api/analysis/export/csv')).toHaveLength(1));
    const sent = api.calls('GET', '/api/analysis/export/csv')[0]!.search;
    expect(sent.getAll('filter')).toEqual(['lane,1']);
    expect(sent.getAll('sort')).toEqual(['aId,desc']);
    expect(sent.get('attributes')).toBe('aId,pol');
    expect(result.current.status).toBe('pending');
    expect(JSON.parse(localStorage.getItem('analysis.export') ?? 'null')).toEqual({
      type: 'csv',
      fileName: JOB,
    });
  });
});
