// useSelection with its machine and the real providers against a fake API: 'Select All filtered
// Elements' fetches the view's first 1000 rows of the query shown, and 'Fetch from Analysis' takes
// the other screen's stored items, as the resource descriptor says.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_SELECTION, STORAGE_KEYS } from '../../src/domain/constants';
import type { SelectionQuery } from '../../src/domain/query';
import { useSelection, type FetchSelectionItems } from '../../src/ui/components/SelectionCard/useSelection';
import { SAMPLES_RESOURCE } from '../../src/ui/pages/samples/resource';
import { AppProviders } from '../../src/ui/state/AppProviders';
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

const fetchItems: FetchSelectionItems = (http, query, signal) =>
  SAMPLES_RESOURCE.fetchPage(http, query, signal).then((page) => page.rows.map(SAMPLES_RESOURCE.toItem));

const VIEW_QUERY: SelectionQuery = {
  page: 2,
  size: 25,
  sort: ['sStamp,asc'],
  filter: ['lane,1'],
  selection: [],
  selectionSId: [],
  exclusion: [],
};

const render = () =>
  renderHook(() => useSelection({ entity: 'samples', resource: SAMPLES_RESOURCE.selection, fetchItems }), {
    wrapper,
  });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
});
afterEach(() => vi.unstubAllGlobals());

describe('useSelection', () => {
  it('selects all filtered items: asks, then fetches page 0 of 1000 of the shown query and stores them', async () => {
    const api = fakeApi({
      ...verified,
      'GET /api/samples/view': { json: { samples: ROWS, totalItems: 2, totalPages: 1 } },
    });
    const { result } = render();
    act(() => result.current.selectAllFiltered(2, VIEW_QUERY));
    expect(result.current.status).toBe('confirmingSelectAll');
    expect(result.current.selectAllTotal).toBe(2);
    expect(api.calls('GET', '/api/samples/view')).toHaveLength(0);
    act(() => result.current.confirmSelectAll());
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    const sent = api.calls('GET', '/api/samples/view')[0]!.search;
    expect([sent.get('page'), sent.get('size'), sent.getAll('filter'), sent.getAll('sort')]).toEqual([
      '0',
      String(MAX_SELECTION),
      ['lane,1'],
      ['sStamp,asc'],
    ]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.samplesSelection) ?? '[]')).toHaveLength(2);
  });

  it("fetches from Analysis: the analysis items' samples, without a request", async () => {
    localStorage.setItem(
      STORAGE_KEYS.analysisSelection,
      JSON.stringify([{ key: '17', sId: '4006381000011', sStamp: '2025-10-02 07:00:00' }]),
    );
    const api = fakeApi(verified);
    const { result } = render();
    act(() => result.current.fetchFromOther());
    await waitFor(() =>
      expect(result.current.items.map((i) => i.key)).toEqual(['4006381000011|2025-10-02 07:00:00']),
    );
    expect(api.seen.filter((r) => r.path !== '/api/auth/verify' && r.path !== '/api/events')).toEqual([]);
  });
});
