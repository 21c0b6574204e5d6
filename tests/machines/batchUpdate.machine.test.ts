// Model-based and scenario tests of the batch update machine (docs/dev/product-rules.md#behaviour
// Batch updates). The model (the machine itself) only proposes the paths; each is replayed on a real
// actor with fake load/update calls and snackbar, then every event is tried once more at its end, and
// the oracle below judges each step by the spec's rules on what the Limits page shows (the fields'
// text, the changed marks, the Update button, the messages) and what is sent, without asking the
// machine what it meant to do. Scenarios follow for the sentences the rules abbreviate.
// Equivalent mutants (StrykerJS, 2026-11-26; each also planted by hand, the whole file passes;
// nothing the page shows, says or sends tells them apart): `types` emptied (compile time only);
// `actors` emptied (only the defaults that say they are not provided; every page provides both);
// the event-type checks in `change` and `noteRefresh` made true (each runs on its own event only);
// `!before` or `row === undefined` in `change` made false, or their `||` made `&&` (the drafts are
// built from the rows, so an unknown id has neither and the other check refuses it); the empty
// in-flight keys after a marking answer given a made-up key (every load takes the pending keys at
// its start, replacing them, before its answer reads them); sameDraft's key count made true (a
// draft has the keys of its row's loaded text: a change needs an existing field); takeRows'
// `ctx.drafts[id] !== undefined` made true (every loaded row has a draft); the empty list of rows
// kept by a load, a reload and a successful update given a made-up id (takeRows keeps only the ids
// of loaded rows); 'load' and 'update' emptied in their not-provided message (their failures are
// said as 'Server timeout' and 'Error occurred! … not updated!', never with the error's text).
// Lines 173–339 (the configuration, StrykerJS 2026-11-27, each planted by hand, the whole file
// passes): the machine's `id` emptied (no target names it; nothing shows it); the start's `stale`
// made true and its in-flight keys given a made-up key (the first load's entry takes the pending
// keys and clears `stale` before anything reads them); the start's `changed` given a made-up id
// (the Changed dot is drawn per row, and no row is loaded while it lasts: the first load's answer
// replaces it); the start's `marked` given a made-up id (the page marks rows only once an answer
// counted them, `markSeq` > 0, and that answer replaces the list); REFRESH in 'ready' made
// targetless (its noteRefresh sets `stale`, and ready's `always` goes on to 'refreshing' at once).
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
import { SERVER_TIMEOUT } from '../../src/domain/messages';
import { explored, toTestModelMachine } from './model';
import { added, checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

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

/**
 * A real actor with a fake server and snackbar. From a copy (`from`): the same state, with what was
 * sent and said so far; a call under way starts again on the copy, and counts as sent once.
 */
function createSut(from?: Sut): Sut {
  const calls: Array<{ effect: Effect; input: unknown }> = [];
  const notifications: NotifyParams[] = [...(from?.notifications ?? [])];
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
  const snapshot = from?.actor.getPersistedSnapshot() as Snapshot | undefined;
  const actor = createActor(
    machine,
    snapshot ? { input: { kind: KIND }, snapshot } : { input: { kind: KIND } },
  );
  actor.start();
  if (from) calls.splice(0, calls.length, ...from.calls);
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
    /** Whether a call of this kind waits for its answer. */
    pending: (effect: Effect) => pending.has(effect),
    context: () => actor.getSnapshot().context,
    resolve: (effect: Effect, value: unknown) => settle(effect, 'resolve', value),
    reject: (effect: Effect, error: unknown) => settle(effect, 'reject', error),
  };
}
interface Sut {
  actor: ReturnType<typeof createActor<BatchUpdateMachine>>;
  calls: Array<{ effect: Effect; input: unknown }>;
  notifications: NotifyParams[];
  snapshot(): Snapshot;
  pending(effect: Effect): boolean;
  context(): Snapshot['context'];
  resolve(effect: Effect, value: unknown): Promise<void>;
  reject(effect: Effect, error: unknown): Promise<void>;
}

// ---- the oracle: what the Limits page shows and what is sent ------------------------------------

type Event = { type: string; [key: string]: unknown };
/** Where the page is: which call it waits for, or the fields open for editing. */
type View = 'loading' | 'reloading' | 'refreshing' | 'loadFailed' | 'ready' | 'updating';
interface Seen {
  view: View;
  busy: boolean;
  /** The fields' text by row id. */
  drafts: Record<string, Record<string, string>>;
  /** The rows marked changed. */
  changed: string[];
  canUpdate: boolean;
  /** The rows as the server last answered them (a load, or an update's stored rows), by id. */
  stored: Record<string, Limit>;
  requests: Array<{ effect: Effect; input: unknown }>;
  messages: NotifyParams[];
  /** The rows marked 'Updated' (changed elsewhere), and how many answers marked rows so far. */
  marked: string[];
  markSeq: number;
  /** The oracle's own notes: a change event not yet followed by a load, and the rows it named. */
  owed: boolean;
  pendingKeys: string[];
  /** The rows named before the load under way was sent (its answer marks them). */
  askedKeys: string[];
}

/** A page with the machine and its fake server, or a copy of one (with what the server answered). */
interface Owed {
  owed: boolean;
  pendingKeys: string[];
  askedKeys: string[];
}
const NOTHING_OWED: Owed = { owed: false, pendingKeys: [], askedKeys: [] };

const oracleDriver = (
  sut: Sut = createSut(),
  stored: Record<string, Limit> = {},
  owed: Owed = NOTHING_OWED,
): Driver<Seen, Event> => ({
  async send(event) {
    const sentBefore = sut.calls.length;
    if (event.type === 'REFRESH')
      owed = {
        ...owed,
        owed: true,
        pendingKeys: [...new Set([...owed.pendingKeys, ...((event.keys as string[] | undefined) ?? [])])],
      };
    if (!event.type.startsWith('xstate.')) sut.actor.send(event as never);
    else {
      const effect: Effect = event.type.endsWith('.update') ? 'update' : 'load';
      // An answer arrives only for a call under way.
      if (sut.pending(effect)) {
        if (event.type.startsWith('xstate.done.')) {
          if (effect === 'load')
            stored = Object.fromEntries((event.output as Limit[]).map((r) => [r.name, r]));
          else
            for (const r of (event.output as BatchResult).updated as Limit[])
              stored = { ...stored, [r.name]: r };
          await sut.resolve(effect, event.output);
        } else await sut.reject(effect, event.error);
      }
    }
    // A load sent from now on brings what was named so far.
    if (sut.calls.slice(sentBefore).some((c) => c.effect === 'load'))
      owed = { owed: false, pendingKeys: [], askedKeys: owed.pendingKeys };
    visitedByOracle.add(String(sut.snapshot().value));
  },
  seen() {
    const snapshot = sut.snapshot();
    return {
      view: snapshot.value as View,
      busy: isBusy(snapshot),
      drafts: structuredClone(snapshot.context.drafts) as Seen['drafts'],
      changed: [...snapshot.context.changed],
      canUpdate: canUpdate(snapshot),
      stored,
      requests: [...sut.calls],
      messages: [...sut.notifications],
      marked: [...snapshot.context.marked],
      markSeq: snapshot.context.markSeq,
      ...owed,
    };
  },
  fork: () => oracleDriver(createSut(sut), stored, owed),
});

const isUser = (e: Event) => !e.type.startsWith('xstate.');
const sentIn = (s: { before: Seen; after: Seen }) => added(s.before.requests, s.after.requests);
const saidIn = (s: { before: Seen; after: Seen }) => added(s.before.messages, s.after.messages);
const loadedText = (row: Limit | undefined) => (row ? KIND.draftOf(row) : undefined);
const fieldMessagesOf = (drafts: Seen['drafts']) =>
  Object.entries(drafts).flatMap(([id, d]) => Object.values(KIND.errorsOf(id, d)).map((m) => `${id}: ${m}`));
const keeps = ({ before, after }: { before: Seen; after: Seen }) => {
  expect(after.view, 'the page stays as it was').toBe(before.view);
  expect([after.drafts, after.changed]).toEqual([before.drafts, before.changed]);
};
const WAITS_FOR: Partial<Record<View, Effect>> = {
  loading: 'load',
  reloading: 'load',
  refreshing: 'load',
  updating: 'update',
};
/** Whether the event is the answer to the call the page waits for. */
const answers = (event: Event, before: Seen): boolean =>
  !isUser(event) && WAITS_FOR[before.view] === (event.type.endsWith('.update') ? 'update' : 'load');
const loadAnswerIn = (step: { before: Seen; event: Event }) =>
  answers(step.event, step.before) && step.before.view !== 'updating';

const batchRules: Rules<Seen, Event> = {
  'A change elsewhere is never lost: the page is not left at rest before a load that started after it': ({
    after,
  }) => {
    if (after.view === 'ready') expect(after.owed).toBe(false);
  },
  'The load answer after a change event marks the rows it named, and only then': (step) => {
    const { before, event, after } = step;
    if (loadAnswerIn(step) && event.type.startsWith('xstate.done.') && before.askedKeys.length > 0) {
      expect(after.marked).toEqual(before.askedKeys);
      expect(after.markSeq).toBe(before.markSeq + 1);
    } else expect([after.marked, after.markSeq]).toEqual([before.marked, before.markSeq]);
  },
  'One request at a time': (step) => expect(sentIn(step).length).toBeLessThanOrEqual(1),
  'A row is marked changed exactly when its text differs from what is stored': ({ after }) => {
    if (after.busy || after.view === 'loadFailed') return;
    const differ = Object.keys(after.drafts).filter(
      (id) => JSON.stringify(after.drafts[id]) !== JSON.stringify(loadedText(after.stored[id])),
    );
    expect([...after.changed].sort()).toEqual(differ.sort());
  },
  'Update is enabled with changes and without any invalid field, never while busy': ({ after }) =>
    expect(after.canUpdate).toBe(
      after.view === 'ready' && after.changed.length > 0 && fieldMessagesOf(after.drafts).length === 0,
    ),
  'While loading or saving, the fields and buttons do nothing': (step) => {
    if (!step.before.busy || !isUser(step.event)) return;
    expect(sentIn(step)).toEqual([]);
    expect(saidIn(step)).toEqual([]);
    keeps(step);
  },
  'An answer to no call under way changes nothing': (step) => {
    if (isUser(step.event) || answers(step.event, step.before)) return;
    expect(sentIn(step)).toEqual([]);
    expect(saidIn(step)).toEqual([]);
    keeps(step);
  },
  'A change shows the text, and every field message is said while any field is invalid': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'CHANGE' || before.busy || before.view === 'loadFailed') return;
    expect(sentIn(step)).toEqual([]);
    const id = event.id as string;
    expect(after.drafts).toEqual({
      ...before.drafts,
      [id]: { ...before.drafts[id], [event.field as string]: event.value },
    });
    const expected = fieldMessagesOf(after.drafts);
    const said = saidIn(step);
    if (expected.length === 0) return expect(said).toEqual([]);
    expect(said).toHaveLength(1);
    expect(said[0]?.kind).toBe('error');
    for (const m of expected) expect(said[0]?.message).toContain(m);
    expect(said[0]?.message.length).toBe(expected.join(' ').length);
  },
  'Update sends the changed rows as stored with their text, only when enabled': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'UPDATE' || before.busy) return;
    if (!before.canUpdate) {
      expect(sentIn(step)).toEqual([]);
      return keeps(step);
    }
    expect(sentIn(step)).toEqual([
      {
        effect: 'update',
        input: {
          changes: before.changed.map((id) => ({ id, row: before.stored[id], draft: before.drafts[id] })),
        },
      },
    ]);
    expect(after.busy).toBe(true);
  },
  'Reload and refresh load the rows again; nothing is said until the answer': (step) => {
    const { before, event, after } = step;
    if ((event.type !== 'RELOAD' && event.type !== 'REFRESH') || before.busy) return;
    if (before.view === 'refreshing') {
      expect(sentIn(step)).toEqual([]);
      return keeps(step);
    }
    expect(sentIn(step)).toEqual([{ effect: 'load', input: undefined }]);
    expect(saidIn(step)).toEqual([]);
    // A refresh keeps the fields editable with the user's text.
    if (event.type === 'REFRESH' && before.view === 'ready') {
      expect(after.busy).toBe(false);
      expect([after.drafts, after.changed]).toEqual([before.drafts, before.changed]);
    } else expect(after.busy).toBe(true);
  },
  "A load shows the rows as stored; a reload says so; a refresh keeps the changes; a failed load says 'Server timeout'":
    (step) => {
      const { before, event, after } = step;
      if (!loadAnswerIn(step)) return;
      // A change event during the load is owed one more silent refresh (unless the load failed outright).
      expect(sentIn(step)).toEqual(
        before.owed && after.view !== 'loadFailed' ? [{ effect: 'load', input: undefined }] : [],
      );
      if (event.type.startsWith('xstate.error.')) {
        if (before.view === 'refreshing') {
          expect(saidIn(step)).toEqual([]);
          expect([after.drafts, after.changed, after.view]).toEqual([
            before.drafts,
            before.changed,
            before.owed ? 'refreshing' : 'ready',
          ]);
        } else {
          expect(saidIn(step)).toEqual([{ kind: 'error', message: SERVER_TIMEOUT }]);
          expect(after.canUpdate).toBe(false);
          // Not left waiting for an answer that will not come: Reload can try again.
          expect(after.busy).toBe(false);
        }
        return;
      }
      const rows = event.output as Limit[];
      const kept = before.view === 'refreshing' ? before.changed : [];
      expect(after.drafts).toEqual(
        Object.fromEntries(
          rows.map((r) => [r.name, kept.includes(r.name) ? before.drafts[r.name] : KIND.draftOf(r)]),
        ),
      );
      expect(after.busy).toBe(false);
      expect(saidIn(step)).toEqual(
        before.view === 'reloading' ? [{ kind: 'info', message: 'Limits reloaded' }] : [],
      );
    },
  "Update's answer: all stored says so and reloads; a refused row stays changed with its text; a broken call keeps every change":
    (step) => {
      const { before, event, after } = step;
      if (!answers(event, before) || before.view !== 'updating') return;
      const sent = (before.requests.at(-1)?.input as { changes: BatchChange[] }).changes;
      const names = sent.map((c) => c.id);
      if (event.type.startsWith('xstate.error.')) {
        expect(saidIn(step)).toEqual([
          { kind: 'error', message: `Error occurred! ${names.join(', ')} not updated!` },
        ]);
        expect(sentIn(step)).toEqual(before.owed ? [{ effect: 'load', input: undefined }] : []);
        return expect([after.drafts, after.changed, after.busy]).toEqual([
          before.drafts,
          before.changed,
          false,
        ]);
      }
      const result = event.output as BatchResult;
      for (const row of result.updated as Limit[]) expect(after.drafts[row.name]).toEqual(KIND.draftOf(row));
      if (result.failed.length === 0) {
        expect(saidIn(step)).toEqual([
          { kind: 'success', message: `Successfully updated ${names.join(', ')}!` },
        ]);
        expect(sentIn(step)).toEqual([{ effect: 'load', input: undefined }]);
        return expect(after.changed).toEqual([]);
      }
      expect(saidIn(step)).toEqual([
        { kind: 'error', message: `Error occurred! ${result.failed.join(', ')} not updated!` },
      ]);
      // A change event during the update is owed a silent refresh.
      expect(sentIn(step)).toEqual(before.owed ? [{ effect: 'load', input: undefined }] : []);
      expect(after.busy).toBe(false);
      for (const id of result.failed)
        if (names.includes(id)) {
          expect(after.drafts[id]).toEqual(before.drafts[id]);
          expect(after.changed).toContain(id);
        }
    },
};

const visitedByOracle = new Set<string>();

// One sample per class: a valid change, an invalid one, a change back to the loaded text, a change
// of a second row, and each answer of each call (an update where all pass, one where a row fails).
const SAMPLE_EVENTS: Event[] = [
  { type: 'CHANGE', id: 'pol', field: 'min', value: '1' },
  { type: 'CHANGE', id: 'pol', field: 'min', value: '1,5' },
  { type: 'CHANGE', id: 'pol', field: 'min', value: '0' },
  { type: 'CHANGE', id: 'nat', field: 'max', value: '12' },
  { type: 'UPDATE' },
  { type: 'RELOAD' },
  { type: 'REFRESH' },
  { type: 'REFRESH', keys: ['nat'] },
  { type: 'xstate.done.actor.load', output: ROWS },
  { type: 'xstate.error.actor.load', error: BROKEN },
  { type: 'xstate.done.actor.reload', output: ROWS },
  { type: 'xstate.error.actor.reload', error: BROKEN },
  { type: 'xstate.done.actor.refresh', output: [ROWS[0], limit('nat', '0', '11', 2)] },
  { type: 'xstate.error.actor.refresh', error: BROKEN },
  { type: 'xstate.done.actor.update', output: ALL_OK },
  { type: 'xstate.done.actor.update', output: NAT_FAILED },
  { type: 'xstate.error.actor.update', error: BROKEN },
];

describe('batch update: every transition judged by the spec rules', () => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () =>
    createTestModel(
      toTestModelMachine(batchUpdateMachine.provide({ actions: { notify: () => undefined } })),
      {
        events: SAMPLE_EVENTS as never,
        input: { kind: KIND },
        serializeState: (state) =>
          JSON.stringify({
            value: state.value,
            drafts: state.context.drafts,
            changed: state.context.changed,
            rows: (state.context.rows as Limit[]).map((r) => `${r.min}/${r.max}/${r.version}`),
            // A refresh owed, and rows named by a change event (one sample row names them all).
            owed: [
              state.context.stale,
              state.context.pendingKeys.length > 0,
              state.context.inflightKeys.length > 0,
            ],
          }),
      },
    );
  const walks = explored(() => transitionWalks(buildModel() as never, () => SAMPLE_EVENTS) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, () => oracleDriver(), batchRules);
  });

  it('visited every state of the machine', () => {
    expect([...visitedByOracle].sort()).toEqual(Object.keys(batchUpdateMachine.root.states).sort());
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
      {
        kind: 'error',
        message: 'pol: Must be less than maximum value! pol: Must be grater than minimum value!',
      },
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

  it('a change event refreshes silently and marks the rows it named; one during an update is refreshed after it', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'max', value: '31' });
    sut.actor.send({ type: 'REFRESH', keys: ['nat'] });
    await sut.resolve('load', [ROWS[0], limit('nat', '0', '11', 2)]);
    expect(sut.context()).toMatchObject({ marked: ['nat'], markSeq: 1, changed: ['pol'] });
    // During the update another admin changes nat again: the update's answer is followed by a refresh.
    sut.actor.send({ type: 'UPDATE' });
    sut.actor.send({ type: 'REFRESH', keys: ['nat'] });
    await sut.resolve('update', NAT_FAILED);
    expect(sut.snapshot().value).toBe('refreshing');
    await sut.resolve('load', [ROWS[0], limit('nat', '0', '12', 3)]);
    expect(sut.context()).toMatchObject({ marked: ['nat'], markSeq: 2 });
    expect(sut.context().drafts.nat).toEqual({ info: 'nat info', min: '0', max: '12' });
  });
});

describe('batch update: what the transition cover does not follow', () => {
  it('a change of a row or field the page does not have is ignored: nothing marked, nothing said, Update stays off', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'sac', field: 'min', value: '1' });
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'unit', value: '%' });
    expect(sut.context().drafts).toEqual({ pol: KIND.draftOf(ROWS[0]), nat: KIND.draftOf(ROWS[1]) });
    expect(sut.context().changed).toEqual([]);
    expect(canUpdate(sut.snapshot())).toBe(false);
    expect(sut.notifications).toEqual([]);
  });

  it('a changed row removed elsewhere leaves the page with the silent refresh; the other change stays', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'max', value: '31' });
    sut.actor.send({ type: 'CHANGE', id: 'nat', field: 'max', value: '12' });
    sut.actor.send({ type: 'REFRESH' });
    await sut.resolve('load', [ROWS[1]]);
    expect(sut.context().drafts).toEqual({ nat: { info: 'nat info', min: '0', max: '12' } });
    expect(sut.context().changed).toEqual(['nat']);
    sut.actor.send({ type: 'UPDATE' });
    expect((sut.calls.at(-1)?.input as { changes: BatchChange[] }).changes.map((c) => c.id)).toEqual(['nat']);
  });

  it('a silent refresh that brings the text the user typed (stored elsewhere) unmarks the row', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CHANGE', id: 'pol', field: 'max', value: '31' });
    sut.actor.send({ type: 'REFRESH' });
    await sut.resolve('load', [limit('pol', '0', '31', 2), ROWS[1]]);
    expect(sut.context().drafts.pol).toEqual({ info: 'pol info', min: '0', max: '31' });
    expect(sut.context().changed).toEqual([]);
    expect(canUpdate(sut.snapshot())).toBe(false);
  });

  it("a failed first load shows no rows, says 'Server timeout' once, and Reload tries again", async () => {
    const sut = createSut();
    expect(sut.context().rows).toEqual([]);
    await sut.reject('load', BROKEN);
    expect(sut.context().rows).toEqual([]);
    expect(isBusy(sut.snapshot())).toBe(false);
    expect(sut.notifications).toEqual([{ kind: 'error', message: SERVER_TIMEOUT }]);
    sut.actor.send({ type: 'RELOAD' });
    expect(sut.calls.map((c) => c.effect)).toEqual(['load', 'load']);
    await sut.resolve('load', ROWS);
    expect(sut.context().drafts).toEqual({ pol: KIND.draftOf(ROWS[0]), nat: KIND.draftOf(ROWS[1]) });
  });

  it('a change elsewhere while the load failed loads again and marks the rows it named', async () => {
    const sut = createSut();
    await sut.reject('load', BROKEN);
    sut.actor.send({ type: 'REFRESH', keys: ['nat'] });
    expect(sut.calls.map((c) => c.effect)).toEqual(['load', 'load']);
    await sut.resolve('load', [ROWS[0], limit('nat', '0', '11', 2)]);
    expect(sut.context()).toMatchObject({ marked: ['nat'], markSeq: 1 });
  });

  it('without its notify provided, the machine says which effect is missing', async () => {
    const errors: unknown[] = [];
    const machine = batchUpdateMachine.provide({
      actors: { load: fromPromise<readonly unknown[], void>(() => Promise.reject(BROKEN)) },
    });
    const actor = createActor(machine, { input: { kind: KIND } });
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    await flush();
    expect(errors.map(String)).toEqual(["Error: batch update machine: 'notify' must be provided"]);
  });
});
