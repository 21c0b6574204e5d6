// useRowEdit with its machine, the analysis resource and the real providers against a fake API: a
// double-click loads the record and the save sends the edited fields with the version they were
// read at; a value outside the server's limits is refused before anything is sent; a 409 says so,
// reloads the list and the row; a delete asks, sends and drops the row from the selection; readers
// get no edit at all. A delete elsewhere of the row in edit, told by the change stream, ends the edit
// once the server answers 404 for the row: said, the list reloaded, the table told to move the focus.
import { act, renderHook, waitFor } from '@testing-library/react';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/constants';
import type { ChangeEvent } from '../../src/domain/events';
import { CHANGED_MEANWHILE, changedWhileEditing, deletedWhileEditing } from '../../src/domain/messages';
import { DeleteDialog } from '../../src/ui/components/RowEdit/DeleteDialog';
import { useRowEdit } from '../../src/ui/components/RowEdit/useRowEdit';
import { ANALYSIS_ROW_EDIT } from '../../src/ui/pages/analysis/rowEdit';
import { AppProviders } from '../../src/ui/state/AppProviders';
import { useNotifications } from '../../src/ui/state/NotificationProvider';
import { fakeApi } from './fakeApi';

const ADMIN = { accessToken: 'token', email: 'lead@lab.example', roles: ['ROLE_ADMIN'], loggedIn: true };
const READER = { ...ADMIN, email: 'reader@lab.example', roles: ['ROLE_READER'] };
const verifiedAs = (user: typeof ADMIN) => ({
  'POST /api/auth/verify': { json: { email: user.email, roles: user.roles } },
});
const LIMITS = {
  'GET /api/config/limits': {
    json: {
      limits: [{ id: 1, name: 'pol', info: null, lastModified: null, min: '0', max: '30', version: 1 }],
    },
  },
};
const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <AppProviders>{children}</AppProviders>
  </MemoryRouter>
);

const analysis = (pol: number, version: number) => ({
  aId: 17,
  sample: {
    sampleId: { sId: '4006381000011', sStamp: '2025-10-02 07:00:00' },
    weightNet: 12.5,
    weightBru: 13,
    name: null,
    boxPos: null,
  },
  aFlags: '-----',
  dateIn: '2025-10-02 07:10:00',
  dateOut: null,
  pol,
  nat: null,
  kal: null,
  an: null,
  glu: null,
  dry: null,
  weightMea: null,
  weightNrm: null,
  weightCur: null,
  weightDif: null,
  density: null,
  lane: 1,
  comment: null,
  dateExported: null,
  version,
});
const WRITTEN = { json: { message: 'ok', aId: 17 } };
/** A step that crosses the change stream and a request: more than waitFor's 1 s on a busy machine. */
const STREAMED = { timeout: 5_000 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const NOT_FOUND = () => Promise.resolve(json({ message: 'Error occurred, aId#17 was not found!' }, 404));

/** GET /api/events as the server streams it, held open; `send` writes one change frame. */
const changeStream = () => {
  let sink: ReadableStreamDefaultController<Uint8Array> | null = null;
  let id = 0;
  const body = () =>
    new ReadableStream<Uint8Array>({
      start: (controller) => {
        sink = controller;
      },
    });
  return {
    route: () => Promise.resolve(new Response(body(), { headers: { 'content-type': 'text/event-stream' } })),
    open: () => sink !== null,
    send: (change: Pick<ChangeEvent, 'keys' | 'version'>) => {
      id += 1;
      const event: ChangeEvent = {
        id: String(id),
        resource: 'analysis',
        count: change.keys.length,
        by: { kind: 'user', name: 'other@lab.example' },
        at: '2025-10-02 08:00:00',
        ...change,
      };
      const frame = `id: ${id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`;
      sink?.enqueue(new TextEncoder().encode(frame));
    },
  };
};

const render = () => {
  const onChanged = vi.fn();
  const onDeleted = vi.fn();
  const hook = renderHook(
    () => ({
      edit: useRowEdit('analysis', ANALYSIS_ROW_EDIT, { onChanged, onDeleted }),
      snackbar: useNotifications(),
    }),
    { wrapper },
  );
  return { ...hook, onChanged, onDeleted };
};

/** The delete confirmation among the hook's dialogs. */
const deleteDialog = (dialogs: ReactNode) => {
  const children = isValidElement(dialogs) ? (dialogs.props as { children: ReactNode[] }).children : [];
  const found = children.find((c): c is ReactElement => isValidElement(c) && c.type === DeleteDialog);
  return found?.props as { isOpen: boolean; onConfirm(): void };
};

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

/** An admin edits analysis 17 (loaded at version 4) with the change stream open; `look` answers its next read. */
const asAdmin = () => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));

const editWithLook = async (look: () => ReturnType<typeof NOT_FOUND>) => {
  asAdmin();
  const stream = changeStream();
  let reads = 0;
  const api = fakeApi({
    ...verifiedAs(ADMIN),
    ...LIMITS,
    'GET /api/events': stream.route,
    'GET /api/analysis/17': () => (++reads === 1 ? Promise.resolve(json(analysis(16.5, 4))) : look()),
    'PUT /api/analysis/17': WRITTEN,
  });
  const rendered = render();
  await waitFor(() => expect(stream.open()).toBe(true), STREAMED);
  act(() => rendered.result.current.edit.tableProps.onEditRow!('17', 'pol'));
  return { stream, api, ...rendered };
};

describe('useRowEdit', () => {
  it('a double-click loads the row; Save sends the changed field with the version read, and reloads the list', async () => {
    asAdmin();
    const api = fakeApi({
      ...verifiedAs(ADMIN),
      ...LIMITS,
      'GET /api/analysis/17': { json: analysis(16.5, 4) },
      'PUT /api/analysis/17': WRITTEN,
    });
    const { result, onChanged } = render();
    await waitFor(() => expect(result.current.edit.tableProps.onEditRow).toBeDefined());
    act(() => result.current.edit.tableProps.onEditRow!('17', 'pol'));
    await waitFor(() => expect(result.current.edit.tableProps.editing?.rowId).toBe('17'));
    const editing = result.current.edit.tableProps.editing!;
    expect(editing.focusColumn).toBe('pol');
    expect(editing.values.pol).toBe('16.5');

    act(() => result.current.edit.tableProps.editing!.onChange('pol', '17.5'));
    act(() => result.current.edit.tableProps.editing!.onSave());
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    const [put] = api.calls('PUT', '/api/analysis/17');
    expect(put?.body).toMatchObject({
      pol: 17.5,
      lane: 1,
      version: 4,
      sample: { sampleId: { sId: '4006381000011', sStamp: '2025-10-02 07:00:00' } },
    });
    expect(result.current.snackbar.current).toMatchObject({
      kind: 'success',
      message: 'aId#17 was updated successfully!',
    });
    expect(result.current.edit.tableProps.editing).toBeNull();
  });

  it("a value outside the server's limit stays in the row with its message, and nothing is sent", async () => {
    asAdmin();
    const api = fakeApi({
      ...verifiedAs(ADMIN),
      ...LIMITS,
      'GET /api/analysis/17': { json: analysis(16.5, 4) },
      'PUT /api/analysis/17': WRITTEN,
    });
    const { result } = render();
    await waitFor(() => expect(api.calls('GET', '/api/config/limits')).toHaveLength(1));
    act(() => result.current.edit.tableProps.onEditRow!('17', 'pol'));
    await waitFor(() => expect(result.current.edit.tableProps.editing?.rowId).toBe('17'));
    act(() => result.current.edit.tableProps.editing!.onChange('pol', '45'));
    act(() => result.current.edit.tableProps.editing!.onSave());
    const editing = result.current.edit.tableProps.editing!;
    expect(editing.errors).toEqual(['pol has to be between 0 and 30']);
    expect(editing.fieldErrors.pol).toBe('pol has to be between 0 and 30');
    expect(result.current.snackbar.current).toMatchObject({
      kind: 'error',
      message: 'pol has to be between 0 and 30',
    });
    expect(api.calls('PUT', '/api/analysis/17')).toEqual([]);
  });

  it('a save refused with 409 says so, reloads the list and shows the row as stored now', async () => {
    asAdmin();
    let reads = 0;
    const api = fakeApi({
      ...verifiedAs(ADMIN),
      ...LIMITS,
      'GET /api/analysis/17': async () => {
        reads += 1;
        const body = reads === 1 ? analysis(16.5, 4) : analysis(19, 5);
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      },
      'PUT /api/analysis/17': {
        status: 409,
        json: { message: 'Error occurred, aId#17 was not modified!', errors: [CHANGED_MEANWHILE] },
      },
    });
    const { result, onChanged } = render();
    await waitFor(() => expect(result.current.edit.tableProps.onEditRow).toBeDefined());
    act(() => result.current.edit.tableProps.onEditRow!('17'));
    await waitFor(() => expect(result.current.edit.tableProps.editing?.rowId).toBe('17'));
    act(() => result.current.edit.tableProps.editing!.onChange('pol', '17.5'));
    act(() => result.current.edit.tableProps.editing!.onSave());
    await waitFor(() => expect(result.current.edit.tableProps.editing?.values.pol).toBe('19'));
    expect(api.calls('GET', '/api/analysis/17')).toHaveLength(2);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(result.current.edit.tableProps.editing?.errors).toEqual([CHANGED_MEANWHILE]);
    expect(result.current.snackbar.current).toMatchObject({
      kind: 'error',
      message: `Error occurred, aId#17 was not modified! ${CHANGED_MEANWHILE}`,
    });
  });

  it('a delete asks first, then sends, reloads the list and drops the row from the selection', async () => {
    asAdmin();
    const api = fakeApi({ ...verifiedAs(ADMIN), ...LIMITS, 'DELETE /api/analysis/17': WRITTEN });
    const { result, onChanged, onDeleted } = render();
    await waitFor(() => expect(result.current.edit.tableProps.onDeleteRow).toBeDefined());
    expect(deleteDialog(result.current.edit.dialogs).isOpen).toBe(false);
    act(() => result.current.edit.tableProps.onDeleteRow!('17'));
    expect(deleteDialog(result.current.edit.dialogs).isOpen).toBe(true);
    expect(api.calls('DELETE', '/api/analysis/17')).toEqual([]);
    act(() => deleteDialog(result.current.edit.dialogs).onConfirm());
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('17'));
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(api.calls('DELETE', '/api/analysis/17')).toHaveLength(1);
    expect(result.current.snackbar.current).toMatchObject({
      kind: 'success',
      message: 'aId#17 was deleted successfully!',
    });
  });

  it('the row in edit deleted elsewhere: the 404 to its look ends the edit, says so, reloads the list and moves the focus off the row', async () => {
    // The edit's load finds the row; the look after the delete does not.
    const { stream, api, result, onChanged, onDeleted, unmount } = await editWithLook(NOT_FOUND);
    await waitFor(() => expect(result.current.edit.tableProps.editing?.rowId).toBe('17'));
    act(() => result.current.edit.tableProps.editing!.onChange('pol', '17.5'));
    expect(result.current.edit.tableProps.editGone).toBeNull();

    act(() => stream.send({ keys: ['17'], version: null }));
    await waitFor(() => expect(result.current.edit.tableProps.editing).toBeNull(), STREAMED);
    expect(api.calls('GET', '/api/analysis/17')).toHaveLength(2);
    expect(api.calls('PUT', '/api/analysis/17')).toEqual([]);
    expect(result.current.snackbar.current).toMatchObject({
      kind: 'error',
      message: deletedWhileEditing('aId', '17'),
    });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(result.current.edit.tableProps.editGone).toEqual({ rowId: '17' });
    // Its stream stays open otherwise, and would reconnect through the next test's fake.
    unmount();
  });

  it('a write of several records without a version, the row still there, leaves the edit with its notice', async () => {
    // The write changed the row: the look finds it at a newer version.
    const { stream, api, result, onChanged, unmount } = await editWithLook(() =>
      Promise.resolve(json(analysis(16.5, 5))),
    );
    await waitFor(() => expect(result.current.edit.tableProps.editing?.rowId).toBe('17'));
    act(() => result.current.edit.tableProps.editing!.onChange('pol', '17.5'));

    act(() => stream.send({ keys: ['16', '17', '18'], version: null }));
    await waitFor(() => expect(api.calls('GET', '/api/analysis/17')).toHaveLength(2), STREAMED);
    await waitFor(
      () => expect(result.current.edit.tableProps.editing?.notice).toBe(changedWhileEditing('aId', '17')),
      STREAMED,
    );
    // The look has answered: the edit, its draft and the focus stay.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current.edit.tableProps.editing?.values.pol).toBe('17.5');
    expect(result.current.edit.tableProps.editGone).toBeNull();
    expect(result.current.snackbar.current).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
    unmount();
  });

  it('a reader gets no edit, no create, no delete and no dialogs', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(READER));
    const api = fakeApi({ ...verifiedAs(READER), ...LIMITS });
    const { result } = render();
    await waitFor(() => expect(api.calls('POST', '/api/auth/verify')).toHaveLength(1));
    expect(result.current.edit.tableProps).toEqual({});
    expect(result.current.edit.openCreate).toBeUndefined();
    expect(result.current.edit.dialogs).toBeNull();
    act(() => result.current.edit.openEdit('17'));
    expect(api.calls('GET', '/api/analysis/17')).toEqual([]);
  });
});
