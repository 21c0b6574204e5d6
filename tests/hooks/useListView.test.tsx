// useListView with its machine and the real providers against a fake API: the first page is
// asked with the default size, a page change and a sort each ask again with their query, and a
// filter that does not parse is refused with the spec's message before anything is sent.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, STORAGE_KEYS } from '../../src/domain/constants';
import { FILTER_MISMATCH } from '../../src/domain/messages';
import { useListView } from '../../src/ui/components/ListScreen/useListView';
import { SAMPLES_RESOURCE } from '../../src/ui/pages/samples/resource';
import { AppProviders } from '../../src/ui/state/AppProviders';
import { useNotifications } from '../../src/ui/state/NotificationProvider';
import { fakeApi } from './fakeApi';

const ADMIN = { accessToken: 'token', email: 'lead@lab.example', roles: ['ROLE_ADMIN'], loggedIn: true };
const verified = { 'POST /api/auth/verify': { json: { email: ADMIN.email, roles: ADMIN.roles } } };
const wrapper = ({ children }: { children: ReactNode }) => <AppProviders>{children}</AppProviders>;

const sample = (sId: string, sStamp: string) => ({
  ID: `${sId}|${sStamp}`,
  sampleId: { sId, sStamp },
  name: null,
  weightNet: 12.5,
  weightBru: 13,
  weightTar: 0.5,
  quantity: 1,
  distance: null,
  dateCrumbled: null,
  sFlags: '-----',
  lane: 1,
  comment: null,
  dateExported: null,
  boxPos: null,
  version: 1,
});
const ROWS = [sample('4006381000011', '2025-10-02 07:00:00'), sample('4006381000028', '2025-10-02 07:05:00')];

const render = () =>
  renderHook(
    () => ({
      list: useListView({ entity: 'samples', fetchPage: SAMPLES_RESOURCE.fetchPage }),
      snackbar: useNotifications(),
    }),
    { wrapper },
  );

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
});
afterEach(() => vi.unstubAllGlobals());

describe('useListView', () => {
  it('shows the first page, then asks again for another page and another sort', async () => {
    const api = fakeApi({
      ...verified,
      'GET /api/samples/view': { json: { samples: ROWS, totalItems: 60, totalPages: 3 } },
    });
    const { result } = render();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(2));
    expect(result.current.list.totalItems).toBe(60);
    const first = api.calls('GET', '/api/samples/view')[0]!.search;
    expect([first.get('page'), first.get('size')]).toEqual(['0', String(DEFAULT_PAGE_SIZE.samples)]);

    act(() => result.current.list.setPage(2));
    await waitFor(() => expect(api.calls('GET', '/api/samples/view')).toHaveLength(2));
    expect(api.calls('GET', '/api/samples/view')[1]!.search.get('page')).toBe('2');

    act(() => result.current.list.setSorting([{ id: 'lane', desc: true }]));
    await waitFor(() => expect(api.calls('GET', '/api/samples/view')).toHaveLength(3));
    expect(api.calls('GET', '/api/samples/view')[2]!.search.getAll('sort')).toEqual(['lane,desc']);
  });

  it("'Show them' lifts the campaign: asked again with campaign=all, kept for the next visit, put back on request", async () => {
    const api = fakeApi({
      ...verified,
      'GET /api/samples/view': { json: { samples: ROWS, totalItems: 2, totalPages: 1 } },
    });
    const { result, unmount } = render();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(2));
    expect(api.calls('GET', '/api/samples/view')[0]!.search.has('campaign')).toBe(false);

    act(() => result.current.list.setAllCampaigns(true));
    await waitFor(() => expect(api.calls('GET', '/api/samples/view')).toHaveLength(2));
    expect(api.calls('GET', '/api/samples/view')[1]!.search.get('campaign')).toBe('all');
    expect(result.current.list.allCampaigns).toBe(true);
    expect(result.current.list.allCampaignsPressed).toBe(true);
    expect(result.current.list.query.campaign).toBe('all');
    unmount();

    // The next visit still shows them (not pressed there: nothing takes the focus).
    const again = render();
    await waitFor(() => expect(api.calls('GET', '/api/samples/view')).toHaveLength(3));
    expect(api.calls('GET', '/api/samples/view')[2]!.search.get('campaign')).toBe('all');
    expect(again.result.current.list.allCampaignsPressed).toBe(false);

    act(() => again.result.current.list.setAllCampaigns(false));
    await waitFor(() => expect(api.calls('GET', '/api/samples/view')).toHaveLength(4));
    expect(api.calls('GET', '/api/samples/view')[3]!.search.has('campaign')).toBe(false);
  });

  it("refuses a filter that does not parse with the spec's message and sends nothing", async () => {
    const api = fakeApi({
      ...verified,
      'GET /api/samples/view': { json: { samples: ROWS, totalItems: 2, totalPages: 1 } },
    });
    const { result } = render();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(2));
    act(() => result.current.list.setFilters(['lane,']));
    await waitFor(() =>
      expect(result.current.snackbar.current).toMatchObject({ kind: 'error', message: FILTER_MISMATCH }),
    );
    expect(api.calls('GET', '/api/samples/view')).toHaveLength(1);
  });
});
