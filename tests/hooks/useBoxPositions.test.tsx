// useBoxPositions with its machine and the real providers against a fake API: choosing a box loads
// its positions, Update sends the list in its order, Clear and Reload asks the server again, and a
// refused write keeps the rows marked with the server's reason in the snackbar.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import type { BoxPosition } from '../../src/domain/entities/boxPosition';
import { canClearReload, canUpdate, positionKey } from '../../src/machines/boxPositions.machine';
import { useBoxPositions } from '../../src/ui/pages/boxes/useBoxPositions';
import { AppProviders } from '../../src/ui/state/AppProviders';
import { useNotifications } from '../../src/ui/state/NotificationProvider';
import { fakeApi } from './fakeApi';

const ADMIN = { accessToken: 'token', email: 'lead@lab.example', roles: ['ROLE_ADMIN'], loggedIn: true };
const verified = { 'POST /api/auth/verify': { json: { email: ADMIN.email, roles: ADMIN.roles } } };
const wrapper = ({ children }: { children: ReactNode }) => <AppProviders>{children}</AppProviders>;

const pos = (n: number, sId: string): BoxPosition => ({
  boxposId: { box: 'A1', boxPosId: n },
  dateExported: null,
  sample: { sampleId: { sId, sStamp: '2025-10-02 07:00:00' } },
});
const LIST = [pos(1, '4006381000011'), pos(2, '4006381000028')];
const BOX = { bId: 'A1', numMax: 3 };

const render = () =>
  renderHook(() => ({ page: useBoxPositions(), snackbar: useNotifications() }), { wrapper });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useBoxPositions', () => {
  it('loads the chosen box, sends the reordered and renumbered list on Update and says which were updated', async () => {
    const stored = [pos(1, '4006381000028'), pos(2, '4006381000011')];
    const api = fakeApi({
      ...verified,
      'GET /api/boxes/A1/boxpos': { json: { boxpos: LIST, version: 1 } },
      'PUT /api/boxes/A1/boxpos': { json: { message: 'ok', boxpos: stored, version: 2 } },
    });
    const { result } = render();
    act(() => result.current.page.actor.send({ type: 'SELECT', box: BOX }));
    await waitFor(() => expect(result.current.page.snapshot.matches('ready')).toBe(true));
    expect(result.current.page.snapshot.context.positions).toEqual(LIST);

    act(() => result.current.page.actor.send({ type: 'MOVE', keys: [positionKey(LIST[0]!)], to: 2 }));
    act(() => result.current.page.actor.send({ type: 'REORGANIZE' }));
    expect(result.current.page.dirty).toBe(true);
    expect(canUpdate(result.current.page.snapshot)).toBe(true);
    act(() => result.current.page.actor.send({ type: 'UPDATE' }));
    await waitFor(() => expect(api.calls('PUT', '/api/boxes/A1/boxpos')).toHaveLength(1));
    const body = api.calls('PUT', '/api/boxes/A1/boxpos')[0]!.body as { version: number; boxpos: BoxPosition[] };
    // The list goes with the version it was read at (a stale one is refused with 409).
    expect(body.version).toBe(1);
    expect(body.boxpos.map((p) => [p.boxposId.boxPosId, p.sample.sampleId.sId])).toEqual([
      [1, '4006381000028'],
      [2, '4006381000011'],
    ]);
    await waitFor(() =>
      expect(result.current.snackbar.current).toMatchObject({
        kind: 'success',
        message: 'Successfully updated A1/1, A1/2!',
      }),
    );
    expect(result.current.page.dirty).toBe(false);
  });

  it('Clear and Reload asks first, then asks the server again and shows its list unmarked', async () => {
    const api = fakeApi({ ...verified, 'GET /api/boxes/A1/boxpos': { json: { boxpos: LIST, version: 1 } } });
    const { result } = render();
    act(() => result.current.page.actor.send({ type: 'SELECT', box: BOX }));
    await waitFor(() => expect(result.current.page.snapshot.matches('ready')).toBe(true));
    act(() => result.current.page.actor.send({ type: 'MOVE', keys: [positionKey(LIST[0]!)], to: 2 }));
    expect(canClearReload(result.current.page.snapshot)).toBe(true);
    act(() => result.current.page.actor.send({ type: 'CLEAR_RELOAD' }));
    // Unsaved changes are not thrown away without asking.
    expect(result.current.page.snapshot.matches('confirming')).toBe(true);
    expect(api.calls('GET', '/api/boxes/A1/boxpos')).toHaveLength(1);
    act(() => result.current.page.actor.send({ type: 'CONFIRM' }));
    await waitFor(() => expect(api.calls('GET', '/api/boxes/A1/boxpos')).toHaveLength(2));
    await waitFor(() => expect(result.current.page.snapshot.matches('ready')).toBe(true));
    expect(result.current.page.snapshot.context.positions).toEqual(LIST);
    expect(result.current.page.dirty).toBe(false);
  });

  it("a refused delete keeps the list and shows the server's reason", async () => {
    const reason = 'Error occurred, boxPosition#A1/2 was not deleted!';
    fakeApi({
      ...verified,
      'GET /api/boxes/A1/boxpos': { json: { boxpos: LIST, version: 1 } },
      'DELETE /api/boxes/A1/boxpos/2': { status: 409, json: { message: reason } },
    });
    const { result } = render();
    act(() => result.current.page.actor.send({ type: 'SELECT', box: BOX }));
    await waitFor(() => expect(result.current.page.snapshot.matches('ready')).toBe(true));
    act(() => result.current.page.actor.send({ type: 'DELETE', boxPosId: 2 }));
    await waitFor(() => expect(result.current.snackbar.current?.kind).toBe('error'));
    expect(result.current.snackbar.current?.message).toContain('boxPosition#A1/2 was not deleted!');
    expect(result.current.page.snapshot.context.positions).toEqual(LIST);
  });
});
