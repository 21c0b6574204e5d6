// Model-based and scenario tests of the row edit machine. The system under test is a real actor with
// fake load/update/remove/create calls and snackbar, observed as the table row and the create dialog
// see it: what was sent to the server (the loaded version included), the draft and its errors, the
// messages and emitted events — and a save refused because the record changed meanwhile (409).
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import { CHANGED_MEANWHILE, LANE_MESSAGE } from '../../src/domain/messages';
import { rowErrors, type RowDraft } from '../../src/domain/rowRules';
import type { LimitBounds } from '../../src/domain/rules/measurement';
import {
  canCreate,
  rowEditMachine,
  rowEditStatus,
  type LoadedRow,
  type NotifyParams,
  type RowEditEmitted,
  type RowEditInput,
  type RowEditMachine,
} from '../../src/machines/rowEdit.machine';
import { flush, explored, toTestModelMachine } from './model';

type Snapshot = SnapshotFrom<RowEditMachine>;
type Effect = 'load' | 'update' | 'remove' | 'create';

const LIMITS: LimitBounds[] = [
  { name: 'pol', min: '0', max: '30' },
  { name: 'nat', min: '0', max: '10' },
];
const ROW: RowDraft = {
  aId: 17,
  sId: '1234567800004',
  sStamp: '2025-10-01 06:00:00',
  aFlags: '-----',
  lane: 1,
  pol: 16.5,
  dateIn: '2025-10-01 06:10:00',
};
/** What the load answers for row 17: its fields and the version they were read at. */
const LOADED: LoadedRow = { draft: ROW, version: 4 };
const TEMPLATE: RowDraft = {
  sId: '8888888888888',
  sStamp: '2000-01-01 00:00:00',
  aFlags: '-----',
  lane: null,
  pol: null,
  dateIn: '2000-01-01 00:00:00',
};
const BAD_REQUEST = new ApiError({
  kind: 'http',
  status: 400,
  message: 'Bad Request',
  errors: [LANE_MESSAGE],
});
const BROKEN = new ApiError({ kind: 'http', status: 500, message: 'Internal Server Error' });
/** The server's answer to a save based on an outdated copy (docs/dev/architecture.md#api-contract). */
const CONFLICT = new ApiError({
  kind: 'http',
  status: 409,
  message: 'Error occurred, aId#17 was not modified!',
  errors: [CHANGED_MEANWHILE],
});

/** The server's limits, when a test answers them; by default they never arrive (the input's apply). */
function createSut(
  input: RowEditInput = { entity: 'analysis', limits: LIMITS },
  limits: Promise<LimitBounds[]> = new Promise<LimitBounds[]>(() => {}),
) {
  const calls: Array<{ effect: Effect; input: unknown }> = [];
  const notifications: NotifyParams[] = [];
  const emitted: RowEditEmitted[] = [];
  let clearedValidation = 0;
  const pending = new Map<Effect, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const fake = (effect: Effect) =>
    fromPromise<never, never>(({ input: callInput }) => {
      calls.push({ effect, input: callInput });
      return new Promise<never>((resolve, reject) => {
        pending.set(effect, { resolve: resolve as (v: unknown) => void, reject });
      });
    });
  const machine = rowEditMachine.provide({
    actors: {
      load: fake('load') as never,
      update: fake('update') as never,
      remove: fake('remove') as never,
      create: fake('create') as never,
      loadLimits: fromPromise(() => limits),
    },
    actions: {
      notify: (_, params) => notifications.push(params),
      clearValidation: () => {
        clearedValidation += 1;
      },
    },
  });
  const actor = createActor(machine, { input });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  let lastSettled: { effect: Effect; how: 'resolve' | 'reject'; value: unknown } | null = null;
  const settle = async (effect: Effect, how: 'resolve' | 'reject', value: unknown) => {
    lastSettled = { effect, how, value };
    const p = pending.get(effect);
    expect(p, `${effect} is in flight`).toBeDefined();
    pending.delete(effect);
    if (how === 'resolve') p?.resolve(value);
    else p?.reject(value);
    await flush();
  };
  return {
    actor,
    calls,
    notifications,
    emitted,
    cleared: () => clearedValidation,
    /** The last call answered, and how. */
    lastSettled: () => lastSettled,
    count: (effect: Effect) => calls.filter((c) => c.effect === effect).length,
    context: () => actor.getSnapshot().context,
    status: () => rowEditStatus(actor.getSnapshot()),
    resolve: (effect: Effect, value: unknown = undefined) => settle(effect, 'resolve', value),
    reject: (effect: Effect, error: unknown) => settle(effect, 'reject', error),
  };
}
type Sut = ReturnType<typeof createSut>;

const allStateNodes = (): string[] => Object.keys(rowEditMachine.root.states);
const visited = new Set<string>();
let reloadsAfterConflict = 0;

// One sample per equivalence class: a valid and an invalid change of a ruled field, a measured
// value outside its limit, and each answer of each call.
const SAMPLE_EVENTS = [
  { type: 'EDIT', id: '17' },
  { type: 'EDIT', id: '18', column: 'pol' },
  // Opened from the Selection card: the edit shows in a dialog.
  { type: 'EDIT', id: '17', surface: 'dialog' },
  { type: 'CHANGE', field: 'lane', value: '7' },
  { type: 'CHANGE', field: 'lane', value: '2' },
  { type: 'CHANGE', field: 'pol', value: '45' },
  { type: 'SAVE' },
  { type: 'CANCEL' },
  { type: 'REQUEST_DELETE', id: '17' },
  { type: 'CONFIRM' },
  { type: 'OPEN_CREATE', template: TEMPLATE },
  { type: 'CREATE' },
  { type: 'xstate.done.actor.load', output: LOADED },
  { type: 'xstate.error.actor.load', error: BROKEN },
  { type: 'xstate.done.actor.update', output: undefined },
  { type: 'xstate.error.actor.update', error: BAD_REQUEST },
  { type: 'xstate.error.actor.update', error: CONFLICT },
  { type: 'xstate.done.actor.remove', output: undefined },
  { type: 'xstate.error.actor.remove', error: BROKEN },
  { type: 'xstate.done.actor.create', output: { id: '99' } },
  { type: 'xstate.error.actor.create', error: BROKEN },
];

describe('row edit machine model', () => {
  const model = createTestModel(toTestModelMachine(rowEditMachine), {
    events: SAMPLE_EVENTS as never,
    input: { entity: 'analysis', limits: LIMITS },
    // The row's values matter through the errors they cause (lane and pol are the ones changed).
    serializeState: (state) =>
      JSON.stringify({
        value: state.value,
        errors: state.context.errors,
        valid: state.context.errors.length === 0 && Object.keys(state.context.draft).length > 0,
        lane: state.context.draft.lane ?? null,
        pol: state.context.draft.pol ?? null,
        id: state.context.id,
        version: state.context.version,
      }),
  });
  const paths = explored(() => model.getShortestPaths());

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_description, path) => {
    const sut: Sut = createSut();
    const send = ({ event }: { event: { type: string } }) => {
      sut.actor.send(event as never);
    };
    const settle =
      (effect: Effect) =>
      async ({ event }: { event: { type: string; output?: unknown; error?: unknown } }) => {
        if (event.type.startsWith('xstate.done.actor.')) await sut.resolve(effect, event.output);
        else await sut.reject(effect, event.error);
      };
    await path.test({
      events: {
        EDIT: send,
        CHANGE: send,
        SAVE: send,
        CANCEL: send,
        REQUEST_DELETE: send,
        CONFIRM: send,
        OPEN_CREATE: send,
        CREATE: send,
        'xstate.done.actor.load': settle('load'),
        'xstate.error.actor.load': settle('load'),
        'xstate.done.actor.update': settle('update'),
        'xstate.error.actor.update': settle('update'),
        'xstate.done.actor.remove': settle('remove'),
        'xstate.error.actor.remove': settle('remove'),
        'xstate.done.actor.create': settle('create'),
        'xstate.error.actor.create': settle('create'),
      } as never,
      states: {
        '#rowEdit': (state: Snapshot) => {
          const real = sut.actor.getSnapshot();
          visited.add(String(real.value));
          expect(real.value).toEqual(state.value);
          expect(real.context.errors).toEqual(state.context.errors);
          expect(real.context.draft).toEqual(state.context.draft);
        },
        idle: () => {
          expect(sut.context()).toMatchObject({ id: null, draft: {}, errors: [] });
        },
        loading: (state: Snapshot) => {
          expect(sut.calls.findLast((c) => c.effect === 'load')?.input).toEqual({ id: state.context.id });
          // Nothing of an earlier copy is kept while the record (re)loads.
          expect(sut.context()).toMatchObject({ version: null, draft: {} });
          expect(sut.context().errors).toEqual(state.context.errors);
          const settled = sut.lastSettled();
          if (settled?.effect === 'update' && settled.value === CONFLICT) {
            reloadsAfterConflict += 1;
            // Reloading after a refused save: the user was told why, and the list reloads too.
            expect(sut.notifications.at(-1)).toEqual({
              kind: 'error',
              message: `Error occurred, aId#${state.context.id} was not modified! ${CHANGED_MEANWHILE}`,
            });
            expect(sut.emitted.at(-1)).toEqual({ type: 'conflict', id: state.context.id });
            expect(state.context.errors).toEqual([CHANGED_MEANWHILE]);
          } else {
            expect(state.context.errors).toEqual([]);
          }
        },
        editing: (state: Snapshot) => {
          if (state.context.errors.length > 0) {
            // Errors keep the row open and are in the snackbar, kept up while they apply.
            expect(sut.notifications.at(-1)?.kind).toBe('error');
          }
        },
        saving: (state: Snapshot) => {
          // Only a draft without errors is ever sent, with the version it was loaded at.
          const sent = sut.calls.findLast((c) => c.effect === 'update')?.input as {
            id: string;
            record: RowDraft;
            draft: RowDraft;
            version: number;
          };
          // ... over the record as it was loaded.
          expect(sent).toEqual({
            id: state.context.id,
            record: LOADED.draft,
            draft: state.context.draft,
            version: LOADED.version,
          });
          expect(rowErrors('analysis', sent.draft, LIMITS)).toEqual([]);
        },
        confirmingDelete: () => {
          expect(sut.count('remove')).toBe(0);
        },
        deleting: () => {
          expect(sut.calls.at(-1)).toEqual({ effect: 'remove', input: { id: '17' } });
        },
        creating: (state: Snapshot) => {
          expect(canCreate(sut.actor.getSnapshot())).toBe(state.context.errors.length === 0);
        },
        submitting: (state: Snapshot) => {
          expect(sut.calls.at(-1)).toEqual({ effect: 'create', input: { draft: state.context.draft } });
        },
      } as never,
    });
  });

  it('visited every state of the machine, and the reload after a conflict', () => {
    expect([...visited]).toEqual(expect.arrayContaining(allStateNodes()));
    expect(reloadsAfterConflict).toBeGreaterThan(0);
  });
});

/** EDIT, then the record loaded. */
async function editing(sut: Sut = createSut()): Promise<Sut> {
  sut.actor.send({ type: 'EDIT', id: '17', column: 'pol' });
  await sut.resolve('load', LOADED);
  expect(sut.status()).toBe('editing');
  return sut;
}

describe('row edit', () => {
  it('loads the record by id and edits a copy, remembering the clicked column', async () => {
    const sut = await editing();
    expect(sut.calls).toEqual([{ effect: 'load', input: { id: '17' } }]);
    expect(sut.context()).toMatchObject({ id: '17', column: 'pol', draft: ROW, errors: [], version: 4 });
  });

  it("lane 7 stays in editing with 'Lane has to be between 0 and 3' and calls no update", async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'lane', value: '7' });
    sut.actor.send({ type: 'SAVE' });
    expect(sut.status()).toBe('editing');
    expect(sut.context().errors).toEqual(['Lane has to be between 0 and 3']);
    expect(sut.count('update')).toBe(0);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'Lane has to be between 0 and 3', persistent: true },
    ]);
  });

  it('collects every message, measured values against the limits included', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'lane', value: 7 });
    sut.actor.send({ type: 'CHANGE', field: 'pol', value: '31' });
    sut.actor.send({ type: 'CHANGE', field: 'aFlags', value: 'Q' });
    sut.actor.send({ type: 'SAVE' });
    expect(sut.context().errors).toEqual([
      'aFlags starts with A,F,G,M,T,V,X or - and continuous with L,H and -',
      LANE_MESSAGE,
      'pol has to be between 0 and 30',
    ]);
  });

  it('errors follow the input once shown, and the snackbar is released when they are gone', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'lane', value: '7' });
    sut.actor.send({ type: 'SAVE' });
    sut.actor.send({ type: 'CHANGE', field: 'lane', value: '3' });
    expect(sut.context().errors).toEqual([]);
    expect(sut.cleared()).toBe(1);
    sut.actor.send({ type: 'SAVE' });
    expect(sut.calls.at(-1)).toEqual({
      effect: 'update',
      input: { id: '17', record: ROW, draft: { ...ROW, lane: '3' }, version: 4 },
    });
  });

  it("updates, says 'aId#17 was updated successfully!' and emits 'saved' so the list reloads", async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'pol', value: '17.2' });
    sut.actor.send({ type: 'SAVE' });
    await sut.resolve('update');
    expect(sut.status()).toBe('idle');
    expect(sut.notifications).toEqual([{ kind: 'success', message: 'aId#17 was updated successfully!' }]);
    expect(sut.emitted).toEqual([{ type: 'saved', id: '17' }]);
  });

  it("a refused update stays in the row with the server's messages", async () => {
    const sut = await editing();
    sut.actor.send({ type: 'SAVE' });
    await sut.reject('update', BAD_REQUEST);
    expect(sut.status()).toBe('editing');
    expect(sut.context().errors).toEqual([LANE_MESSAGE]);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: `Error occurred, aId#17 was not modified! ${LANE_MESSAGE}` },
    ]);
    expect(sut.emitted).toEqual([]);
  });

  it('a save refused because the record changed meanwhile says so and loads the record again', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'comment', value: 'mine' });
    sut.actor.send({ type: 'SAVE' });
    expect(sut.calls.at(-1)).toEqual({
      effect: 'update',
      input: { id: '17', record: ROW, draft: { ...ROW, comment: 'mine' }, version: 4 },
    });
    await sut.reject('update', CONFLICT);
    expect(sut.notifications).toEqual([
      {
        kind: 'error',
        message: 'Error occurred, aId#17 was not modified! It was changed by someone else in the meantime.',
      },
    ]);
    // The list reloads, and the row loads again to show the other change.
    expect(sut.emitted).toEqual([{ type: 'conflict', id: '17' }]);
    expect(sut.status()).toBe('loading');
    expect(sut.calls.at(-1)).toEqual({ effect: 'load', input: { id: '17' } });
    await sut.resolve('load', { draft: { ...ROW, pol: 19 }, version: 5 });
    expect(sut.context()).toMatchObject({
      id: '17',
      column: 'pol',
      draft: { ...ROW, pol: 19 },
      version: 5,
      // The row says why it shows other values than the user typed, until the next input.
      errors: [CHANGED_MEANWHILE],
    });
    sut.actor.send({ type: 'CHANGE', field: 'comment', value: 'mine again' });
    expect(sut.context().errors).toEqual([]);
    // The next save goes from the new copy.
    sut.actor.send({ type: 'SAVE' });
    expect(sut.calls.at(-1)).toEqual({
      effect: 'update',
      input: {
        id: '17',
        record: { ...ROW, pol: 19 },
        draft: { ...ROW, pol: 19, comment: 'mine again' },
        version: 5,
      },
    });
    await sut.resolve('update');
    expect(sut.emitted.at(-1)).toEqual({ type: 'saved', id: '17' });
  });

  it('CANCEL drops the draft and clears the errors', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'lane', value: '7' });
    sut.actor.send({ type: 'SAVE' });
    sut.actor.send({ type: 'CANCEL' });
    expect(sut.status()).toBe('idle');
    expect(sut.context()).toMatchObject({ id: null, draft: {}, errors: [] });
    expect(sut.cleared()).toBe(1);
    expect(sut.count('update')).toBe(0);
  });

  it('edits one row at a time: another row replaces the open one', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'pol', value: '20' });
    sut.actor.send({ type: 'EDIT', id: '18' });
    expect(sut.calls.at(-1)).toEqual({ effect: 'load', input: { id: '18' } });
    await sut.resolve('load', { draft: { ...ROW, aId: 18 }, version: 9 });
    expect(sut.context()).toMatchObject({ id: '18', draft: { aId: 18, pol: 16.5 }, version: 9 });
  });

  it('another cell of the same row only moves the focus', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'pol', value: '20' });
    sut.actor.send({ type: 'EDIT', id: '17', column: 'lane' });
    expect(sut.context()).toMatchObject({ column: 'lane', draft: { pol: '20' } });
    expect(sut.count('load')).toBe(1);
  });

  it("a failed load says 'ID#… could not be fetched!'", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'EDIT', id: '17' });
    await sut.reject('load', BROKEN);
    expect(sut.status()).toBe('idle');
    expect(sut.notifications).toEqual([{ kind: 'error', message: 'ID#17 could not be fetched!' }]);
  });

  it('names samples by sId|sStamp', async () => {
    const sut = createSut({ entity: 'samples', limits: LIMITS });
    const id = '1234567800004|2025-10-01 06:00:00';
    sut.actor.send({ type: 'EDIT', id });
    await sut.resolve('load', {
      draft: { sId: '1234567800004', sStamp: '2025-10-01 06:00:00', sFlags: '-----', lane: 1 },
      version: 2,
    });
    sut.actor.send({ type: 'SAVE' });
    await sut.resolve('update');
    expect(sut.notifications).toEqual([{ kind: 'success', message: `sId#${id} was updated successfully!` }]);
  });
});

describe('delete', () => {
  it('asks first; CANCEL deletes nothing', () => {
    const sut = createSut();
    sut.actor.send({ type: 'REQUEST_DELETE', id: '17' });
    expect(sut.status()).toBe('confirmingDelete');
    sut.actor.send({ type: 'CANCEL' });
    expect(sut.status()).toBe('idle');
    expect(sut.calls).toEqual([]);
  });

  it("deletes on CONFIRM, notifies and emits 'deleted' for the list and the selection", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'REQUEST_DELETE', id: '17' });
    sut.actor.send({ type: 'CONFIRM' });
    expect(sut.calls).toEqual([{ effect: 'remove', input: { id: '17' } }]);
    await sut.resolve('remove');
    expect(sut.notifications).toEqual([{ kind: 'success', message: 'aId#17 was deleted successfully!' }]);
    expect(sut.emitted).toEqual([{ type: 'deleted', id: '17' }]);
  });

  it('a failed delete says so and emits nothing', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'REQUEST_DELETE', id: '17' });
    sut.actor.send({ type: 'CONFIRM' });
    await sut.reject('remove', BROKEN);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'Error occurred, aId#17 was not deleted!' },
    ]);
    expect(sut.emitted).toEqual([]);
  });
});

describe('create', () => {
  it('opens with the template, and Create is enabled only while the form is valid', () => {
    const sut = createSut();
    sut.actor.send({ type: 'OPEN_CREATE', template: TEMPLATE });
    expect(sut.context().draft).toEqual(TEMPLATE);
    expect(canCreate(sut.actor.getSnapshot())).toBe(true);
    sut.actor.send({ type: 'CHANGE', field: 'sId', value: '12345678901234' });
    expect(canCreate(sut.actor.getSnapshot())).toBe(false);
    expect(sut.context().errors).toEqual(['sId must be a Number and not longer as 13 digits']);
    sut.actor.send({ type: 'CREATE' });
    expect(sut.calls).toEqual([]);
    sut.actor.send({ type: 'CHANGE', field: 'sId', value: '1234567800004' });
    sut.actor.send({ type: 'CREATE' });
    expect(sut.calls).toEqual([
      { effect: 'create', input: { draft: { ...TEMPLATE, sId: '1234567800004' } } },
    ]);
  });

  it("says 'aId#… was created successfully!' with the new id and emits 'created'", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'OPEN_CREATE', template: TEMPLATE });
    sut.actor.send({ type: 'CREATE' });
    await sut.resolve('create', { id: '4711' });
    expect(sut.status()).toBe('idle');
    expect(sut.notifications).toEqual([{ kind: 'success', message: 'aId#4711 was created successfully!' }]);
    expect(sut.emitted).toEqual([{ type: 'created', id: '4711' }]);
  });

  it('keeps the dialog open when the server refuses', async () => {
    const sut = createSut({ entity: 'samples' });
    sut.actor.send({ type: 'OPEN_CREATE', template: { ...TEMPLATE, aFlags: undefined, sFlags: '-----' } });
    sut.actor.send({ type: 'CREATE' });
    await sut.reject('create', BROKEN);
    expect(sut.status()).toBe('creating');
    // The server's reason follows the spec's sentence.
    expect(sut.notifications).toEqual([
      {
        kind: 'error',
        message: `Error occurred, sId#8888888888888|2000-01-01 00:00:00 was not created! ${BROKEN.message}`,
      },
    ]);
  });

  it('names a refused new analysis by its sample, not by an empty aId, with the reason', async () => {
    const sut = createSut({ entity: 'analysis' });
    sut.actor.send({ type: 'OPEN_CREATE', template: TEMPLATE });
    sut.actor.send({ type: 'CREATE' });
    expect(sut.status()).toBe('submitting');
    await sut.reject('create', new Error('Sample 8888888888888 does not exist'));
    expect(sut.notifications.at(-1)?.message).toMatch(
      /^Error occurred, the analysis of SampleId#\S+\|[^!]* was not created! Sample 8888888888888 does not exist$/,
    );
  });
});

describe('where the edit shows, and the record it saves over', () => {
  it('an edit opened from the Selection card shows in a dialog; a double-click on its row moves it there', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'EDIT', id: '17', surface: 'dialog' });
    await sut.resolve('load', { draft: { lane: 1 }, record: ROW, version: 4 });
    expect(sut.context()).toMatchObject({ surface: 'dialog', record: ROW, draft: { lane: 1 } });
    sut.actor.send({ type: 'EDIT', id: '17', column: 'pol' });
    expect(sut.context()).toMatchObject({ surface: 'row', column: 'pol' });
    sut.actor.send({ type: 'CANCEL' });
    expect(sut.context()).toMatchObject({ surface: 'row', record: {}, draft: {} });
  });
});

describe('the limits', () => {
  it('are loaded at start, and judge the measured values from then on', async () => {
    const sut = createSut({ entity: 'analysis' }, Promise.resolve(LIMITS));
    await flush();
    expect(sut.context().limits).toEqual(LIMITS);
  });

  it('that cannot be loaded leave the measured values unjudgeable, with no error of their own', async () => {
    const sut = createSut({ entity: 'analysis' }, Promise.reject(new Error('offline')));
    await flush();
    expect(sut.context().limits).toEqual([]);
    expect(sut.notifications).toEqual([]);
    expect(sut.status()).toBe('idle');
  });
});
