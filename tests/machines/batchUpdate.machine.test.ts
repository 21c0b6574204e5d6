// Model-based and scenario tests of the batch update machine (docs/dev/product-rules.md#behaviour Batch updates). The system
// under test is a real actor with fake load/update calls and snackbar, observed as the Limits page
// sees it: the fields' text, the changed marks, the messages, the Update button, and what was sent.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { limitBatch, type BatchKind } from '../../src/domain/configBatch';
import type { Limit } from '../../src/domain/entities/limit';
import {
  batchUpdateMachine,
  canUpdate,
  isBusy,
  type BatchChange,
  type BatchResult,
  type BatchUpdateMachine,
  type NotifyParams,
} from '../../src/machines/batchUpdate.machine';
import { explored, toTestModelMachine } from './model';

type Snapshot = SnapshotFrom<BatchUpdateMachine>;
type Effect = 'load' | 'update';

const limit = (name: string, min: string, max: string, version = 1): Limit => ({
  id: name === 'pol' ? 1 : 2,
  name,
  info: `${name} info`,
  lastModified: '2025-10-01 06:00:00',
  min,
  max,
  version,
});
const ROWS: Limit[] = [limit('pol', '0', '30'), limit('nat', '0', '10')];
const KIND = limitBatch as BatchKind<unknown>;
const ALL_OK: BatchResult = { updated: [limit('pol', '1', '30', 2), limit('nat', '0', '12', 2)], failed: [] };
const NAT_FAILED: BatchResult = { updated: [limit('pol', '1', '30', 2)], failed: ['nat'] };
const BROKEN = new Error('Server down');

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function createSut() {
  const calls: Array<{ effect: Effect; input: unknown }> = [];
  const notifications: NotifyParams[] = [];
  const pending = new Map<Effect, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const fake = (effect: Effect) =>
    fromPromise<never, never>(({ input }) => {
      calls.push({ effect, input });
      return new Promise<never>((resolve, reject) => {
        pending.set(effect, { resolve: resolve as (v: unknown) => void, reject });
      });
    });
  const machine = batchUpdateMachine.provide({
    actors: { load: fake('load') as never, update: fake('update') as never },
    actions: { notify: (_, params) => notifications.push(params) },
  });
  const actor = createActor(machine, { input: { kind: KIND } });
  actor.start();
  const settle = async (effect: Effect, how: 'resolve' | 'reject', value: unknown) => {
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
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
    resolve: (effect: Effect, value: unknown) => settle(effect, 'resolve', value),
    reject: (effect: Effect, error: unknown) => settle(effect, 'reject', error),
  };
}
type Sut = ReturnType<typeof createSut>;

const visited = new Set<string>();

// One sample per class: a valid change, an invalid one, a change back to the loaded text, a change
// of a second row, and each answer of each call (an update where all pass, one where a row fails).
const SAMPLE_EVENTS = [
  { type: 'CHANGE', id: 'pol', field: 'min', value: '1' },
  { type: 'CHANGE', id: 'pol', field: 'min', value: '1,5' },
  { type: 'CHANGE', id: 'pol', field: 'min', value: '0' },
  { type: 'CHANGE', id: 'nat', field: 'max', value: '12' },
  { type: 'UPDATE' },
  { type: 'RELOAD' },
  { type: 'REFRESH' },
  { type: 'xstate.done.actor.load', output: ROWS },
  { type: 'xstate.error.actor.load', error: BROKEN },
  { type: 'xstate.done.actor.reload', output: ROWS },
  { type: 'xstate.error.actor.reload', error: BROKEN },
  { type: 'xstate.done.actor.refresh', output: ROWS },
  { type: 'xstate.error.actor.refresh', error: BROKEN },
  { type: 'xstate.done.actor.update', output: ALL_OK },
  { type: 'xstate.done.actor.update', output: NAT_FAILED },
  { type: 'xstate.error.actor.update', error: BROKEN },
];

describe('batch update machine model', () => {
  const model = createTestModel(toTestModelMachine(batchUpdateMachine), {
    events: SAMPLE_EVENTS as never,
    input: { kind: KIND },
    serializeState: (state) =>
      JSON.stringify({
        value: state.value,
        drafts: state.context.drafts,
        changed: state.context.changed,
        rows: (state.context.rows as Limit[]).map((r) => `${r.min}/${r.max}/${r.version}`),
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
    let before: Snapshot | null = null;
    let answered: BatchResult | null = null;
    const update = settle('update');
    await path.test({
      events: {
        CHANGE: (e: { event: { type: string } }) => {
          answered = null;
          send(e);
        },
        UPDATE: (e: { event: { type: string } }) => {
          before = sut.snapshot();
          send(e);
        },
        RELOAD: send,
        REFRESH: send,
        'xstate.done.actor.load': settle('load'),
        'xstate.error.actor.load': settle('load'),
        'xstate.done.actor.reload': settle('load'),
        'xstate.error.actor.reload': settle('load'),
        'xstate.done.actor.refresh': settle('load'),
        'xstate.error.actor.refresh': settle('load'),
        'xstate.done.actor.update': async (e: { event: { type: string; output?: unknown } }) => {
          answered = e.event.output as BatchResult;
          await update(e);
        },
        'xstate.error.actor.update': update,
      } as never,
      states: {
        '#batchUpdate': (state: Snapshot) => {
          const real = sut.snapshot();
          visited.add(String(real.value));
          expect(real.value).toEqual(state.value);
          expect(real.context.drafts).toEqual(state.context.drafts);
          expect(real.context.changed).toEqual(state.context.changed);
          // A row is marked changed exactly when its text differs from the row as loaded.
          for (const row of real.context.rows as Limit[]) {
            const differs =
              JSON.stringify(real.context.drafts[row.name]) !== JSON.stringify(KIND.draftOf(row));
            expect(real.context.changed.includes(row.name)).toBe(differs);
          }
          // Update is possible only with changes and without any invalid field.
          const invalid = Object.values(real.context.drafts).some((d) => d.min === '1,5');
          expect(canUpdate(real)).toBe(real.matches('ready') && real.context.changed.length > 0 && !invalid);
        },
        loading: () => {
          expect(isBusy(sut.snapshot())).toBe(true);
          const last = sut.notifications.at(-1);
          // Reached after an Update where everything passed: said so, and nothing is marked any more.
          if (last?.kind === 'success') {
            expect(last.message).toMatch(/^Successfully updated (pol|nat)(, (pol|nat))*!$/);
            expect(sut.context().changed).toEqual([]);
          }
        },
        updating: () => {
          const sent = sut.calls.findLast((c) => c.effect === 'update')?.input as { changes: BatchChange[] };
          // Only the changed rows are sent, each without an error.
          expect(sent.changes.map((c) => c.id)).toEqual(before?.context.changed);
          for (const c of sent.changes) expect(KIND.errorsOf(c.id, c.draft)).toEqual({});
          expect(isBusy(sut.snapshot())).toBe(true);
        },
        ready: () => {
          const result = answered as BatchResult | null;
          const sent = (before as Snapshot | null)?.context;
          if (result && result.failed.length > 0 && sent) {
            expect(sut.notifications.at(-1)).toEqual({
              kind: 'error',
              message: 'Error occurred! nat not updated!',
            });
            // A failed row that was sent stays changed with the user's text.
            if (sent.changed.includes('nat')) {
              expect(sut.context().drafts.nat).toEqual(sent.drafts.nat);
              expect(sut.context().changed).toContain('nat');
            }
            // A row that went through shows what was stored, unmarked.
            expect(sut.context().drafts.pol).toEqual({ info: 'pol info', min: '1', max: '30' });
            expect(sut.context().changed).not.toContain('pol');
          }
        },
        reloading: () => {
          expect(sut.calls.at(-1)?.effect).toBe('load');
        },
        refreshing: () => {
          expect(sut.calls.at(-1)?.effect).toBe('load');
        },
        loadFailed: () => {
          expect(sut.notifications.at(-1)).toEqual({
            kind: 'error',
            message: 'Server timeout occurred! Please reload the Page!',
          });
        },
      } as never,
    });
  });

  it('visited every state of the machine', () => {
    expect([...visited].sort()).toEqual(Object.keys(batchUpdateMachine.root.states).sort());
  });
});

async function loaded(): Promise<Sut> {
  const sut = createSut();
  await sut.resolve('load', ROWS);
  return sut;
}

describe('batch update', () => {
  it('sends only the changed rows and, when all succeed, lists them, clears the marks and reloads', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'min', value: '1' });
    sut.actor.send({ type: 'CHANGE', id: 'nat', field: 'max', value: '12' });
    expect(canUpdate(sut.snapshot())).toBe(true);
    sut.actor.send({ type: 'UPDATE' });
    expect(sut.calls.at(-1)).toEqual({
      effect: 'update',
      input: {
        changes: [
          { id: 'pol', row: ROWS[0], draft: { info: 'pol info', min: '1', max: '30' } },
          { id: 'nat', row: ROWS[1], draft: { info: 'nat info', min: '0', max: '12' } },
        ],
      },
    });
    await sut.resolve('update', ALL_OK);
    expect(sut.notifications).toEqual([{ kind: 'success', message: 'Successfully updated pol, nat!' }]);
    expect(sut.context().changed).toEqual([]);
    expect(sut.calls.at(-1)?.effect).toBe('load');
    await sut.resolve('load', ALL_OK.updated);
    expect(sut.context().drafts.nat).toEqual({ info: 'nat info', min: '0', max: '12' });
  });

  it('a failed row stays changed with its text; the stored one takes its new version', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'min', value: '1' });
    sut.actor.send({ type: 'CHANGE', id: 'nat', field: 'max', value: '12' });
    sut.actor.send({ type: 'UPDATE' });
    await sut.resolve('update', NAT_FAILED);
    expect(sut.notifications.at(-1)).toEqual({ kind: 'error', message: 'Error occurred! nat not updated!' });
    expect(sut.context().changed).toEqual(['nat']);
    expect(sut.context().drafts.nat?.max).toBe('12');
    expect((sut.context().rows as Limit[]).find((r) => r.name === 'pol')?.version).toBe(2);
    sut.actor.send({ type: 'UPDATE' });
    expect((sut.calls.at(-1)?.input as { changes: BatchChange[] }).changes.map((c) => c.id)).toEqual(['nat']);
  });

  it('Update is disabled while a field is invalid, with the field its message', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'min', value: '40' });
    expect(sut.context().errors).toEqual({
      pol: { min: 'Must be less than maximum value!', max: 'Must be grater than minimum value!' },
    });
    expect(canUpdate(sut.snapshot())).toBe(false);
    sut.actor.send({ type: 'UPDATE' });
    expect(sut.calls.filter((c) => c.effect === 'update')).toEqual([]);
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'min', value: '5' });
    expect(canUpdate(sut.snapshot())).toBe(true);
  });

  it('field messages are collected and shown in the snackbar, none once all are valid (docs/dev/product-rules.md#field-rules, issue 27)', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'min', value: '40' });
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'pol: Must be less than maximum value! pol: Must be grater than minimum value!' },
    ]);
    sut.actor.send({ type: 'CHANGE', id: 'nat', field: 'max', value: '1,5' });
    expect(sut.notifications.at(-1)).toEqual({
      kind: 'error',
      message:
        'pol: Must be less than maximum value! pol: Must be grater than minimum value! nat: Only numerical values and a dot as separator are allowed!',
    });
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'min', value: '5' });
    sut.actor.send({ type: 'CHANGE', id: 'nat', field: 'max', value: '12' });
    expect(sut.notifications).toHaveLength(3);
  });

  it("Reload drops the changes and says 'Limits reloaded'", async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'info', value: '' });
    expect(sut.context().errors).toEqual({ pol: { info: 'Info must be set!' } });
    sut.actor.send({ type: 'RELOAD' });
    await sut.resolve('load', ROWS);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'pol: Info must be set!' },
      { kind: 'info', message: 'Limits reloaded' },
    ]);
    expect(sut.context()).toMatchObject({ changed: [], errors: {} });
  });

  it('a silent refresh keeps the changes and shows the new values of the other rows', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'max', value: '31' });
    sut.actor.send({ type: 'REFRESH' });
    await sut.resolve('load', [ROWS[0], limit('nat', '0', '11', 2)]);
    expect(sut.notifications).toEqual([]);
    expect(sut.context().changed).toEqual(['pol']);
    expect(sut.context().drafts).toEqual({
      pol: { info: 'pol info', min: '0', max: '31' },
      nat: { info: 'nat info', min: '0', max: '11' },
    });
  });
});
