// Model-based test of the box-positions machine (docs/dev/product-rules.md#screens Boxes page, docs/dev/product-rules.md#behaviour Box positions). The model
// (the machine itself) proposes the paths through load, reorder, edit, Reorganize, Update, Clear
// and Reload, create, delete, a scan's placement, changing box and leaving; each path is replayed
// on a real actor whose network actors are deferred promises, then every event is tried once more
// at its end. The judge is the oracle below: the spec's rules on what the page shows (rows and
// their marks, which buttons are enabled, the question before changes are dropped), what is sent
// and what is said, checked on every step without asking the machine what it meant to do.
// Equivalent mutants (StrykerJS, 2026-11-27, the whole file in seven line ranges; each judged
// against the four box-position files and load.test.ts): the not-provided names of load and stamps
// (a missing load fails as a failed load does, said as SERVER_ERROR; a missing lookup as 'not
// found': neither says the reason), `types` emptied (it declares types only), the machine's `id`;
// the event-type checks of canDelete, isSameBox and isSampleId (each runs on its own event only);
// the box checks of canCreate and createRefusal, `context.box?.` made
// `context.box.` in isSameBox, pendingSameBox and load's input, and that input's `?? ''` (they run
// in 'ready', 'loading', 'failed' or 'confirming', where a box is always loaded); the `pending?.`
// of the confirming guards made `pending.` (confirming is entered with a pending change only); the
// start's `moved` and `modified` given an element (noBox shows no mark nor button, and its one way
// to a list, SELECT, clears them); Deselect's pending change emptied or its kind '' (Confirm's last
// branch, taken for it, reads no kind); MOVE's `dragged.length === 0` made false (with nothing
// dragged the list is rebuilt as it was and nothing is marked); EDIT's rename made to rename
// nothing (the old key names no row any more, and the edited row shows 'modified' whatever `moved`
// holds); Reorganize's guard '' (xstate reads no guard, and Reorganize of a list in order changes
// nothing); in 'scanning', `context.box?.` made `context.box.` and the `?? ''` after the box and
// the scanned id (5, never reached: a scan is looked up with a box loaded and its id kept); in
// 'confirming', the select branch's `pending?.kind === 'select'` made true or `pending.` (the
// branch is taken only when it holds), and `pending: null` left out after Confirm of leaving or of
// a reload, or after Cancel (pending is read in 'confirming' only, which every question enters with
// its own); in 'saving', `context.box?.` made `context.box.` and the `?? ''` fallbacks of its
// input, of the 409's message and of the 'saved' event's bId, which that `??` made `&&` empties too
// (nothing reads that bId: the page listens to 'left' alone); in 'creating', `context.box?.` and
// `context.creating?.` made `.` and the `?? ''` and `: ''` fallbacks of its input, of the placed
// position's key and name, and of the refusal's message (a create runs with a box loaded and its
// position set, and its answer holds it); in 'deleting', the same fallbacks and `context.box?.` (a
// delete runs with a box loaded), and `deleting: null` left out after the answer (read in
// 'deleting' only, which every Delete enters with its own number); 'left' made no final state (''
// as its type: it has no transition, so every later event is ignored as in a final one, and the
// page goes by the 'left' event); and canCreatePosition's box check made true (it follows
// `s.matches('ready')`, where a box is loaded).
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, type Actor, type SnapshotFrom } from 'xstate';
import type { BoxPosition, BoxPositionList } from '../../src/domain/entities/boxPosition';
import {
  batchFailed,
  batchSucceeded,
  CHANGED_MEANWHILE,
  changedMeanwhile,
  created,
  deleted,
  NO_BOX_SELECTED,
  sampleNotFound,
  samplePlaced,
  SERVER_ERROR,
  writeFailed,
} from '../../src/domain/messages';
import {
  boxPositionsMachine,
  canClearReload,
  canCreatePosition,
  canReorganize,
  canUpdate,
  createDisabledReason,
  nextNumber,
  positionKey,
  rowMark,
  type BoxPositionsEvent,
  type BoxPositionsMachine,
  type NotifyParams,
} from '../../src/machines/boxPositions.machine';
import { activePaths, restingStateNodes, explored, flush, toTestModelMachine } from './model';
import { added, checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

type Snapshot = SnapshotFrom<BoxPositionsMachine>;

const STAMP = '2025-10-02 07:00:00';
const pos = (box: string, n: number, sId: string): BoxPosition => ({
  boxposId: { box, boxPosId: n },
  dateExported: null,
  sample: { sampleId: { sId, sStamp: STAMP } },
});
const BOX = { bId: 'A1', numMax: 3 };
const OTHER = { bId: 'A2', numMax: 3 };
/** What the server holds for A1 at the start, and its list after one more position. */
const LOADED = [pos('A1', 1, '4006381000011'), pos('A1', 2, '4006381000028')];
const NEW = pos('A1', 3, '4006381000035');
const EDITED = pos('A1', 1, '4006381000042');
/** Samples the box does not hold yet: a create, a scan or an edit puts one of them in. */
const POOL = ['4006381000035', '4006381000042', '4006381000059'];
const freeSample = (list: BoxPosition[], n: number, box = 'A1'): BoxPosition =>
  pos(box, n, POOL.find((sId) => !list.some((p) => p.sample.sampleId.sId === sId)) ?? POOL[0]!);
const errorOf = new Error(
  'Error occurred, SampleId#4006381000035|2025-10-02 07:00:00 is already in box position A7/3!',
);
/** The server's 409: the list changed since it was read (another admin, a box sync file). */
const conflict = Object.assign(new Error('Conflict'), { status: 409 });
/** What a scanner reads that is no sample id. */
const NOT_A_CODE = 'not-a-code';

/** The stored list after a successful write: the sent list renumbered, as the server does. */
const stored = (list: BoxPosition[]) =>
  list.map((p, i) => ({ ...p, boxposId: { ...p.boxposId, boxPosId: i + 1 } }));

type Call = { name: string; input: unknown };
/** Lets a settled promise actor deliver its answer: a few microtask turns (setTimeout costs 1 ms each). */
const settled = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
/** A list for load, save, create and remove; the stamps of a scanned id for stamps. */
type Output = BoxPosition[] | string[];
type Pending = { name: string; resolve: (v: Output) => void; reject: (e: unknown) => void };
/** An answer as the machine gets it: a list comes with its version. */
type Answer = {
  type: `xstate.${'done' | 'error'}.actor.${string}`;
  output?: BoxPositionList | string[];
  error?: unknown;
};
/** The list a done answer carries. */
const listOf = (event: unknown): BoxPosition[] => ((event as Answer).output as BoxPositionList).boxpos;
type Event = BoxPositionsEvent | Answer;

/** The network and the snackbar of the test under way: the machine is provided once (provide builds a machine). */
let world: { calls: Call[]; notes: NotifyParams[]; pending: Pending | null };
// The server answers a list with its version (issue 29); the oracle follows the list alone.
const deferred = <I>(name: string) =>
  fromPromise<BoxPositionList, I>(({ input }) => {
    const here = world;
    here.calls.push({ name, input });
    return new Promise<BoxPositionList>((resolve, reject) => {
      here.pending = {
        name,
        resolve: (boxpos) => resolve({ boxpos: boxpos as BoxPosition[], version: 1 }),
        reject,
      };
    });
  });
const machine = boxPositionsMachine.provide({
  actors: {
    load: deferred('load'),
    save: deferred('save'),
    create: deferred('create'),
    remove: deferred('remove'),
    stamps: fromPromise<string[], { sId: string }>(({ input }) => {
      const here = world;
      here.calls.push({ name: 'stamps', input });
      return new Promise<string[]>((resolve, reject) => {
        here.pending = { name: 'stamps', resolve: (stamps) => resolve(stamps as string[]), reject };
      });
    }),
  },
  actions: { notify: (_, params) => world.notes.push(params) },
});

/** A fresh page, or (from) a copy of one in the same state: its list, its call under way, what was sent and said. */
function createSut(from?: Copied) {
  const here: typeof world = { calls: [], notes: [], pending: null };
  world = here;
  const emitted: string[] = [...(from?.emitted ?? [])];
  let started = from?.started ?? null;
  const snapshot = from?.actor.getPersistedSnapshot();
  const actor = createActor(machine, snapshot ? { snapshot } : {}).start();
  // A restored call under way starts again (the copy's pending answer); it was sent once.
  if (from) {
    here.calls.splice(0, here.calls.length, ...from.calls);
    here.notes.push(...from.notes);
  }
  actor.on('*', (e) => emitted.push(e.type));
  return {
    actor,
    calls: here.calls,
    notes: here.notes,
    emitted,
    /** The user's last action that sent a request (a scan goes on to create). */
    get started(): BoxPositionsEvent | null {
      return started;
    },
    send(event: BoxPositionsEvent) {
      const sent = here.calls.length;
      actor.send(event);
      if (here.calls.length > sent) started = event;
    },
    async settle(output: Output | Error) {
      const current = here.pending;
      expect(current, 'a call is under way').not.toBeNull();
      here.pending = null;
      if (!Array.isArray(output)) current!.reject(output);
      else current!.resolve(output);
      await settled();
    },
    /** An answer arrives only for the call under way, and only once. */
    async answer(event: Answer) {
      const [, outcome, , name] = event.type.split('.');
      if (here.pending?.name !== name) return;
      const output = event.output;
      const done = output === undefined || Array.isArray(output) ? output : output.boxpos;
      await this.settle(outcome === 'done' ? done! : ((event.error as Error | undefined) ?? errorOf));
    },
  };
}
type Sut = ReturnType<typeof createSut>;
type Copied = {
  actor: Actor<typeof machine>;
  calls: Call[];
  notes: NotifyParams[];
  emitted: string[];
  started: BoxPositionsEvent | null;
};

// ---- what the user sees, and the oracle ---------------------------------------------------------

type View = 'no box' | 'loading' | 'list' | 'failed' | 'question' | 'busy' | 'left';
interface Row {
  n: number;
  sample: string;
  mark: 'modified' | 'moved' | null;
}
interface Seen {
  view: View;
  box: { bId: string; numMax: number } | null;
  rows: Row[];
  buttons: { update: boolean; clearReload: boolean; reorganize: boolean; create: boolean };
  createReason: string | null;
  next: number;
  /** The user's action the question on screen is about (the user remembers what they asked). */
  asked: BoxPositionsEvent | null;
  /** The user's last action that sent something (what the page is busy with). */
  started: BoxPositionsEvent | null;
  requests: Call[];
  messages: NotifyParams[];
  emitted: string[];
}

const viewOf = (s: Snapshot): View => {
  if (s.matches('noBox')) return 'no box';
  if (s.matches('ready')) return 'list';
  if (s.matches('confirming')) return 'question';
  if (s.matches('saving') || s.matches('creating') || s.matches('deleting') || s.matches('scanning'))
    return 'busy';
  return s.value as View;
};

const look = (sut: Sut, asked: BoxPositionsEvent | null = null): Seen => {
  const s = sut.actor.getSnapshot();
  return {
    view: viewOf(s),
    box: s.context.box,
    rows: s.context.positions.map((p) => ({
      n: p.boxposId.boxPosId,
      sample: p.sample.sampleId.sId,
      mark: rowMark(s, p),
    })),
    buttons: {
      update: canUpdate(s),
      clearReload: canClearReload(s),
      reorganize: canReorganize(s),
      create: canCreatePosition(s),
    },
    createReason: createDisabledReason(s),
    next: nextNumber(s),
    asked,
    started: sut.started,
    requests: [...sut.calls],
    messages: [...sut.notes],
    emitted: [...sut.emitted],
  };
};

const rowsOf = (list: BoxPosition[]) =>
  list.map((p) => ({ n: p.boxposId.boxPosId, sample: p.sample.sampleId.sId }));
const plain = (rows: Row[]) => rows.map(({ n, sample }) => ({ n, sample }));
const unsaved = (s: Seen) => s.rows.some((r) => r.mark !== null);
const modifiedNames = (s: Seen) =>
  s.rows.filter((r) => r.mark === 'modified').map((r) => `${s.box?.bId}/${r.n}`);
const sentIn = (step: { before: Seen; after: Seen }) => added(step.before.requests, step.after.requests);
const saidIn = (step: { before: Seen; after: Seen }) => added(step.before.messages, step.after.messages);
const sendsNothing = (step: { before: Seen; after: Seen }) =>
  expect(sentIn(step), 'nothing is sent').toEqual([]);
const keepsAll = ({ before, after }: { before: Seen; after: Seen }) => {
  expect(after.view, 'the page stays as it was').toBe(before.view);
  expect(after.rows, 'the rows and their marks stay').toEqual(before.rows);
  expect(after.box).toEqual(before.box);
};
const isUser = (e: Event) => !e.type.startsWith('xstate.');
/** [outcome, 'actor', name] of an answer to the call under way; null for a user's event or a stray answer. */
const answerOf = (e: Event, before: Seen) => {
  if (!e.type.startsWith('xstate.')) return null;
  const answer = e.type.split('.').slice(1);
  const waiting = before.view === 'busy' || before.view === 'loading';
  return waiting && before.requests.at(-1)?.name === answer[2] ? answer : null;
};

export const rules: Rules<Seen, Event> = {
  // Spec docs/dev/product-rules.md#behaviour, on every state a path reaches.
  'Update Box Positions is enabled only when modified rows exist': ({ after }) =>
    expect(after.buttons.update).toBe(after.view === 'list' && after.rows.some((r) => r.mark === 'modified')),
  'Clear and Reload is enabled when modified or moved rows exist': ({ after }) =>
    expect(after.buttons.clearReload).toBe(after.view === 'list' && unsaved(after)),
  'Reorganize is offered when a number differs from its order': ({ after }) =>
    expect(after.buttons.reorganize).toBe(after.view === 'list' && after.rows.some((r, i) => r.n !== i + 1)),
  'Create new Box Position is disabled at numMax and while changes are unsaved, and says why': ({
    after,
  }) => {
    const room = after.box !== null && after.rows.length < after.box.numMax;
    expect(after.buttons.create).toBe(after.view === 'list' && room && !unsaved(after));
    if (after.view !== 'list' || after.box === null) return expect(after.createReason).toBeNull();
    if (!room) return expect(after.createReason).toBe(`The box is full (${after.box.numMax} positions).`);
    expect(after.createReason).toBe(
      unsaved(after) ? 'Update or Clear and Reload the changed positions first.' : null,
    );
  },
  'A new position gets the next number after the last, 1 for an empty box': ({ after }) =>
    expect(after.next).toBe(after.rows.length === 0 ? 1 : Math.max(...after.rows.map((r) => r.n)) + 1),
  'Without a box, no rows show': ({ after }) => {
    if (after.view === 'no box') expect([after.box, after.rows]).toEqual([null, []]);
  },
  'Only an action that writes or loads sends, and one request at a time': (step) =>
    expect(sentIn(step).length).toBeLessThanOrEqual(1),
  'A message is said only when an answer arrives, or when a scan is refused': (step) => {
    if (!answerOf(step.event, step.before) && step.event.type !== 'SCAN') expect(saidIn(step)).toEqual([]);
  },
  'An answer to no call under way changes nothing': (step) => {
    if (isUser(step.event) || answerOf(step.event, step.before)) return;
    sendsNothing(step);
    keepsAll(step);
  },

  // Waiting: while a request is under way, the user's actions change nothing.
  'While a write is under way, the buttons do nothing': (step) => {
    if (step.before.view !== 'busy' || !isUser(step.event)) return;
    sendsNothing(step);
    keepsAll(step);
  },

  // Update.
  'Update sends the list as shown, and only with modified rows': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'UPDATE' || before.view !== 'list') return;
    if (!before.rows.some((r) => r.mark === 'modified')) {
      sendsNothing(step);
      return keepsAll(step);
    }
    expect(sentIn(step)).toEqual([
      // The version the list was read at (this server answers version 1).
      { name: 'save', input: { bId: before.box?.bId, positions: expect.any(Array), version: 1 } },
    ]);
    const sent = (sentIn(step)[0]!.input as { positions: BoxPosition[] }).positions;
    expect(rowsOf(sent), 'the whole list in its order').toEqual(plain(before.rows));
    expect(after.view).toBe('busy');
  },
  'Saved: the success message lists the updated positions, the server list shows, nothing marked': (step) => {
    const { before, event, after } = step;
    const answer = answerOf(event, before);
    if (!answer || answer[2] !== 'save' || before.view !== 'busy') return;
    if (answer[0] === 'done') {
      expect(saidIn(step)).toEqual([{ kind: 'success', message: batchSucceeded(modifiedNames(before)) }]);
      expect(plain(after.rows)).toEqual(rowsOf(listOf(event)));
      expect(unsaved(after)).toBe(false);
      expect(added(before.emitted, after.emitted)).toEqual(['saved']);
    } else if ((event as Answer).error === conflict) {
      // Changed meanwhile: said, and the box loaded again (the refused changes are not applied over it).
      expect(saidIn(step)).toEqual([{ kind: 'error', message: changedMeanwhile('bId', before.box!.bId) }]);
      expect(sentIn(step)).toEqual([{ name: 'load', input: { bId: before.box?.bId } }]);
      return expect(after.view).toBe('loading');
    } else {
      expect(saidIn(step)).toEqual([
        { kind: 'error', message: `${batchFailed(modifiedNames(before))} ${errorOf.message}` },
      ]);
      expect(after.rows, 'a refused Update keeps the rows and their marks').toEqual(before.rows);
    }
    expect(after.view).toBe('list');
  },

  // Clear and Reload.
  'Clear and Reload asks first with changed rows (only then), and reloads at once after a failed load': (
    step,
  ) => {
    const { before, event, after } = step;
    if (event.type !== 'CLEAR_RELOAD' || (before.view !== 'list' && before.view !== 'failed')) return;
    if (before.view === 'failed') {
      expect(sentIn(step)).toEqual([{ name: 'load', input: { bId: before.box?.bId } }]);
      return expect(after.view).toBe('loading');
    }
    sendsNothing(step);
    if (!unsaved(before)) return keepsAll(step);
    expect(after.view).toBe('question');
    expect(after.asked).toEqual(event);
    expect(after.rows).toEqual(before.rows);
    expect(after.box).toEqual(before.box);
  },
  'A loaded list is the server list, nothing marked': (step) => {
    const { before, event, after } = step;
    const answer = answerOf(event, before);
    if (!answer || answer[2] !== 'load' || before.view !== 'loading') return;
    if (answer[0] === 'done') {
      expect(after.view).toBe('list');
      expect(after.rows).toEqual(rowsOf(listOf(event)).map((r) => ({ ...r, mark: null })));
    } else {
      expect(after.view).toBe('failed');
      expect(saidIn(step)).toEqual([{ kind: 'error', message: SERVER_ERROR }]);
    }
  },

  // Create and delete: on a saved list only.
  'Create sends the new position only on a saved list with room': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'CREATE' || before.view !== 'list') return;
    if (unsaved(before) || before.box === null || before.rows.length >= before.box.numMax) {
      sendsNothing(step);
      return keepsAll(step);
    }
    expect(sentIn(step)).toEqual([
      { name: 'create', input: { bId: before.box.bId, position: event.position } },
    ]);
    expect(after.view).toBe('busy');
  },
  'Created: the message names where it landed, the server list shows': (step) => {
    const { before, event, after } = step;
    const answer = answerOf(event, before);
    if (!answer || answer[2] !== 'create' || before.view !== 'busy') return;
    const asked = before.requests.at(-1)!.input as { position: BoxPosition };
    const sId = asked.position.sample.sampleId.sId;
    const scanned = before.started?.type === 'SCAN';
    if (answer[0] === 'done') {
      const list = listOf(event);
      const landed = list.find((p) => p.sample.sampleId.sId === sId);
      const id = landed ? `${before.box?.bId}/${landed.boxposId.boxPosId}` : '';
      expect(saidIn(step)).toEqual([
        { kind: 'success', message: scanned ? samplePlaced(sId, id) : created('boxPosition', id) },
      ]);
      expect(after.rows).toEqual(rowsOf(list).map((r) => ({ ...r, mark: null })));
    } else {
      const id = `${before.box?.bId}/${asked.position.boxposId.boxPosId}`;
      // A scan says the server's reason alone (the sample is boxed elsewhere, the box is full).
      expect(saidIn(step)).toEqual([
        {
          kind: 'error',
          message: scanned
            ? errorOf.message
            : `${writeFailed('boxPosition', id, 'created')} ${errorOf.message}`,
        },
      ]);
      expect(after.rows).toEqual(before.rows);
    }
    expect(after.view).toBe('list');
  },
  'Delete sends the position only on a saved list that holds it': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'DELETE' || before.view !== 'list') return;
    if (unsaved(before) || !before.rows.some((r) => r.n === event.boxPosId)) {
      sendsNothing(step);
      return keepsAll(step);
    }
    expect(sentIn(step)).toEqual([
      { name: 'remove', input: { bId: before.box?.bId, boxPosId: event.boxPosId, version: 1 } },
    ]);
    expect(after.view).toBe('busy');
  },
  'Deleted: the message names the position, the server list shows': (step) => {
    const { before, event, after } = step;
    const answer = answerOf(event, before);
    if (!answer || answer[2] !== 'remove' || before.view !== 'busy') return;
    const asked = before.requests.at(-1)!.input as { boxPosId: number };
    const id = `${before.box?.bId}/${asked.boxPosId}`;
    if (answer[0] === 'done') {
      expect(saidIn(step)).toEqual([{ kind: 'success', message: deleted('boxPosition', id) }]);
      expect(plain(after.rows)).toEqual(rowsOf(listOf(event)));
    } else if ((event as Answer).error === conflict) {
      // The number may name another sample now: said, and the box loaded again.
      expect(saidIn(step)).toEqual([
        { kind: 'error', message: `${writeFailed('boxPosition', id, 'deleted')} ${CHANGED_MEANWHILE}` },
      ]);
      expect(sentIn(step)).toEqual([{ name: 'load', input: { bId: before.box?.bId } }]);
      return expect(after.view).toBe('loading');
    } else {
      expect(saidIn(step)).toEqual([
        { kind: 'error', message: `${writeFailed('boxPosition', id, 'deleted')} ${errorOf.message}` },
      ]);
      expect(after.rows).toEqual(before.rows);
    }
    expect(after.view).toBe('list');
  },

  // Local changes.
  'Moving rows keeps them, in the new order, marked moved': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'MOVE') return;
    sendsNothing(step);
    if (before.view !== 'list') return keepsAll(step);
    expect([...after.rows].map((r) => r.sample).sort()).toEqual([...before.rows].map((r) => r.sample).sort());
    const changed = after.rows.some((r, i) => r.sample !== before.rows[i]!.sample);
    if (!changed) return expect(after.rows).toEqual(before.rows);
    for (const r of after.rows) {
      const was = before.rows.find((b) => b.sample === r.sample)!;
      const dragged = event.keys.some((k) => k.startsWith(`${r.sample}|`));
      if (dragged) expect(r.mark, `row ${r.sample} was dragged`).not.toBeNull();
      else expect(r.mark).toBe(was.mark);
    }
  },
  'Editing a row shows it changed, marked modified, the others as they were': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'EDIT') return;
    sendsNothing(step);
    const at = before.rows.findIndex((r) => event.key.startsWith(`${r.sample}|`));
    if (before.view !== 'list' || at < 0) return keepsAll(step);
    expect(after.rows[at]).toEqual({
      n: event.position.boxposId.boxPosId,
      sample: event.position.sample.sampleId.sId,
      mark: 'modified',
    });
    // The others as they were (a row holding the edited row's old or new sample, which the walks'
    // pool runs out to, shares its key and so its mark: a sample sits in one position only).
    const shared = [before.rows[at]!.sample, event.position.sample.sampleId.sId];
    const others = (rows: Row[]) => rows.filter((r, i) => i !== at && !shared.includes(r.sample));
    expect(others(after.rows), 'the other rows and their marks stay').toEqual(others(before.rows));
    const notAt = (rows: Row[]) => plain(rows.filter((_, i) => i !== at));
    expect(notAt(after.rows), 'the other rows stay').toEqual(notAt(before.rows));
  },
  'Reorganize renumbers 1..n and marks the renumbered rows modified': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'REORGANIZE') return;
    sendsNothing(step);
    if (before.view !== 'list') return keepsAll(step);
    expect(after.rows.map((r) => r.sample)).toEqual(before.rows.map((r) => r.sample));
    after.rows.forEach((r, i) => {
      expect(r.n).toBe(i + 1);
      expect(r.mark).toBe(before.rows[i]!.n !== i + 1 ? 'modified' : before.rows[i]!.mark);
    });
  },
  "A scan asks for the scanned id's stamps on a saved list with room; otherwise it says why": (step) => {
    const { before, event, after } = step;
    if (event.type !== 'SCAN') return;
    if (before.view === 'no box' || before.view === 'failed') {
      sendsNothing(step);
      keepsAll(step);
      return expect(saidIn(step)).toEqual([{ kind: 'error', message: NO_BOX_SELECTED }]);
    }
    if (before.view !== 'list') {
      sendsNothing(step);
      keepsAll(step);
      return expect(saidIn(step)).toEqual([]);
    }
    const room = before.box !== null && before.rows.length < before.box.numMax;
    if (!room || unsaved(before)) {
      sendsNothing(step);
      keepsAll(step);
      // As Create's description says.
      return expect(saidIn(step)).toEqual([{ kind: 'error', message: before.createReason }]);
    }
    if (!/^\d{13}$/.test(event.code)) {
      sendsNothing(step);
      keepsAll(step);
      return expect(saidIn(step)).toEqual([{ kind: 'error', message: sampleNotFound(event.code) }]);
    }
    expect(sentIn(step)).toEqual([{ name: 'stamps', input: { sId: event.code } }]);
    expect(saidIn(step)).toEqual([]);
    expect(after.view).toBe('busy');
  },
  'A scanned id with stamps is created with its newest stamp in the next free position; none: not found': (
    step,
  ) => {
    const { before, event, after } = step;
    const answer = answerOf(event, before);
    if (!answer || answer[2] !== 'stamps' || before.view !== 'busy') return;
    const { sId } = before.requests.at(-1)!.input as { sId: string };
    const stamps = answer[0] === 'done' ? ((event as Answer).output as string[]) : [];
    if (stamps.length > 0) {
      const next = before.rows.length === 0 ? 1 : Math.max(...before.rows.map((r) => r.n)) + 1;
      expect(sentIn(step)).toEqual([
        {
          name: 'create',
          input: {
            bId: before.box?.bId,
            position: {
              boxposId: { box: before.box?.bId, boxPosId: next },
              dateExported: null,
              sample: { sampleId: { sId, sStamp: stamps.at(-1) } },
            },
          },
        },
      ]);
      expect(saidIn(step)).toEqual([]);
      return expect(after.view).toBe('busy');
    }
    sendsNothing(step);
    expect(saidIn(step)).toEqual([{ kind: 'error', message: sampleNotFound(sId) }]);
    expect(after.view).toBe('list');
    expect(after.rows).toEqual(before.rows);
  },
  'A changed box row updates numMax, nothing else': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'BOX_CHANGED') return;
    sendsNothing(step);
    if (before.view !== 'list') return keepsAll(step);
    expect(after.box).toEqual(event.box);
    expect(after.rows).toEqual(before.rows);
  },

  // Changing box, deselecting, leaving: nothing lost silently (docs/dev/product-rules.md#behaviour).
  'With unsaved changes, selecting a box, deselecting or leaving asks first and keeps the rows': (step) => {
    const { before, event, after } = step;
    if (!['SELECT', 'DESELECT', 'LEAVE'].includes(event.type) || before.view !== 'list' || !unsaved(before))
      return;
    sendsNothing(step);
    expect(after.view).toBe('question');
    expect(after.asked).toEqual(event);
    expect(after.rows).toEqual(before.rows);
    expect(after.box).toEqual(before.box);
  },
  'Without unsaved changes: the same box again deselects it, another loads, Deselect shows no box, leaving leaves':
    (step) => {
      const { before, event, after } = step;
      if (
        !['no box', 'loading', 'list', 'failed'].includes(before.view) ||
        (before.view === 'list' && unsaved(before))
      )
        return;
      if (event.type === 'LEAVE') {
        sendsNothing(step);
        expect(after.view).toBe('left');
        expect(added(before.emitted, after.emitted)).toEqual(['left']);
      } else if (event.type === 'DESELECT' && before.view !== 'no box') {
        sendsNothing(step);
        expect(after.view).toBe('no box');
      } else if (event.type === 'SELECT' && before.box?.bId === event.box.bId) {
        sendsNothing(step);
        expect(after.view).toBe('no box');
      } else if (event.type === 'SELECT') {
        expect(sentIn(step)).toEqual([{ name: 'load', input: { bId: event.box.bId } }]);
        expect(after.view).toBe('loading');
        expect(after.rows).toEqual([]);
      }
    },
  'The question: Cancel goes back with every change kept, Confirm drops them and does what was asked': (
    step,
  ) => {
    const { before, event, after } = step;
    if (before.view !== 'question') return;
    if (event.type === 'CANCEL') {
      sendsNothing(step);
      expect(after.view).toBe('list');
      expect(after.rows).toEqual(before.rows);
    } else if (event.type === 'CONFIRM') {
      const asked = before.asked!;
      const other = asked.type === 'SELECT' && asked.box.bId !== before.box?.bId ? asked.box : null;
      if (asked.type === 'CLEAR_RELOAD') {
        // The changes dropped: the same box loaded again.
        expect(sentIn(step)).toEqual([{ name: 'load', input: { bId: before.box?.bId } }]);
        return expect([after.view, after.box]).toEqual(['loading', before.box]);
      }
      if (other) {
        expect(sentIn(step)).toEqual([{ name: 'load', input: { bId: other.bId } }]);
        expect([after.view, after.box]).toEqual(['loading', other]);
      } else sendsNothing(step);
      if (asked.type === 'LEAVE') {
        expect(after.view).toBe('left');
        expect(added(before.emitted, after.emitted)).toEqual(['left']);
      } else if (!other) expect([after.view, after.box]).toEqual(['no box', null]);
      if (after.view !== 'left') expect(after.rows).toEqual([]);
    } else if (isUser(event)) {
      sendsNothing(step);
      keepsAll(step);
    }
  },
};

const visited = new Set<string>();
const driver = (sut = createSut(), asked: BoxPositionsEvent | null = null): Driver<Seen, Event> => ({
  async send(event) {
    if (sut.actor.getSnapshot().status !== 'active') return;
    const wasAsking = sut.actor.getSnapshot().matches('confirming');
    if (isUser(event)) sut.send(event as BoxPositionsEvent);
    else await sut.answer(event as Answer);
    const asking = sut.actor.getSnapshot().matches('confirming');
    if (!asking) asked = null;
    else if (!wasAsking) asked = event as BoxPositionsEvent;
    for (const path of activePaths(sut.actor.getSnapshot().value)) visited.add(path);
  },
  seen: () => look(sut, asked),
  fork: () => driver(createSut(sut), asked),
});

/** The output each done event carries, computed from the state it leaves (as the server would). */
const doneOutput = (state: Snapshot, actorId: string): BoxPositionList | string[] =>
  // The scanned id's stamps, oldest first: the newest is the delivery being filed.
  actorId === 'stamps' ? ['2025-09-30 06:00:00', STAMP] : { boxpos: storedList(state, actorId), version: 1 };
const storedList = (state: Snapshot, actorId: string): BoxPosition[] => {
  const c = state.context;
  switch (actorId) {
    case 'load':
      return c.box?.bId === 'A1' ? LOADED : [];
    case 'save':
      return stored(c.positions);
    case 'create':
      return c.creating ? stored([...c.positions, c.creating]) : [];
    default:
      return stored(c.positions.filter((p) => p.boxposId.boxPosId !== c.deleting));
  }
};

/**
 * The shape of a state that matters, not every list: which box, the rows (sample and number), how
 * many are marked, what waits. The graph merges states of one shape.
 */
const shape = (state: Snapshot): string => {
  const c = state.context;
  return JSON.stringify({
    value: state.value,
    box: c.box ? `${c.box.bId}/${c.box.numMax}` : null,
    rows: c.positions.length,
    inOrder: c.positions.every((p, i) => p.boxposId.boxPosId === i + 1),
    moved: c.moved.length > 0,
    modified: c.modified.length > 0,
    pending: c.pending ? `${c.pending.kind}:${c.pending.kind === 'select' ? c.pending.box.bId : ''}` : null,
  });
};

const eventsOf = (state: Snapshot): Event[] => {
  const c = state.context;
  const bId = c.box?.bId ?? 'A1';
  const first = c.positions[0];
  const events: unknown[] = [
    { type: 'SELECT', box: BOX },
    { type: 'SELECT', box: OTHER },
    { type: 'DESELECT' },
    { type: 'LEAVE' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'REORGANIZE' },
    { type: 'UPDATE' },
    { type: 'CLEAR_RELOAD' },
    { type: 'CREATE', position: freeSample(c.positions, nextBoxNumber(c.positions), bId) },
    // The box's numMax edited down to its count: Create turns off.
    { type: 'BOX_CHANGED', box: { bId: c.box?.bId ?? 'A1', numMax: Math.max(1, c.positions.length) } },
  ];
  // A scan of a sample the box does not hold yet, and of something that is no sample id.
  events.push({ type: 'SCAN', code: freeSample(c.positions, 0, bId).sample.sampleId.sId });
  events.push({ type: 'SCAN', code: NOT_A_CODE });
  // On an empty list they name a row that is not there, which the page ignores.
  const key = first ? positionKey(first) : 'none';
  events.push({ type: 'MOVE', keys: [key], to: c.positions.length });
  events.push({
    type: 'EDIT',
    key,
    position: { ...freeSample(c.positions, 0, bId), boxposId: first?.boxposId ?? { box: bId, boxPosId: 1 } },
  });
  events.push({ type: 'DELETE', boxPosId: first?.boxposId.boxPosId ?? 1 });
  // A number the list does not hold (a stale row): refused.
  events.push({ type: 'DELETE', boxPosId: c.positions.length + 5 });
  for (const id of ['load', 'save', 'create', 'remove', 'stamps']) {
    events.push({ type: `xstate.done.actor.${id}`, output: doneOutput(state, id) });
    events.push({ type: `xstate.error.actor.${id}`, error: errorOf });
  }
  // The list changed since it was read: the server refuses a write with 409.
  for (const id of ['save', 'remove']) events.push({ type: `xstate.error.actor.${id}`, error: conflict });
  // A scanned id with no sample: no stamps.
  events.push({ type: 'xstate.done.actor.stamps', output: [] });
  return events as Event[];
};
// Built inside `explored` (a function): a configuration the model refuses fails a test, not the
// file's collection, which StrykerJS's vitest runner counts as no failure.
const buildModel = () =>
  createTestModel(toTestModelMachine(boxPositionsMachine.provide({ actions: { notify: () => undefined } })), {
    events: (state) => eventsOf(state) as never,
    serializeState: (state) => shape(state),
  });
const nextBoxNumber = (list: BoxPosition[]) =>
  list.length === 0 ? 1 : Math.max(...list.map((p) => p.boxposId.boxPosId)) + 1;

describe('box positions: every transition judged by the spec rules', () => {
  const walks = explored(() => transitionWalks(buildModel(), eventsOf as never) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, () => driver(), rules);
  });

  it('visited every state', () => {
    expect([...visited].sort()).toEqual(restingStateNodes(boxPositionsMachine).sort());
  });
});

describe('box positions scenarios', () => {
  const loaded = async () => {
    const sut = createSut();
    sut.actor.send({ type: 'SELECT', box: BOX });
    await sut.settle(LOADED);
    return sut;
  };

  it('move, Reorganize, Update: sends the new order and says which positions were updated', async () => {
    const sut = await loaded();
    const [a, b] = LOADED;
    sut.actor.send({ type: 'MOVE', keys: [positionKey(a!)], to: 2 });
    let s = sut.actor.getSnapshot();
    expect(s.context.positions.map(positionKey)).toEqual([positionKey(b!), positionKey(a!)]);
    expect(rowMark(s, a!)).toBe('moved');
    expect(canUpdate(s)).toBe(false);
    expect(canClearReload(s)).toBe(true);
    sut.actor.send({ type: 'REORGANIZE' });
    s = sut.actor.getSnapshot();
    expect(s.context.positions.map((p) => p.boxposId.boxPosId)).toEqual([1, 2]);
    expect(canUpdate(s)).toBe(true);
    sut.actor.send({ type: 'UPDATE' });
    await sut.settle(stored(s.context.positions));
    expect(sut.notes.at(-1)).toEqual({ kind: 'success', message: 'Successfully updated A1/1, A1/2!' });
    expect(sut.emitted).toContain('saved');
    expect(canClearReload(sut.actor.getSnapshot())).toBe(false);
  });

  it('a refused Update keeps the rows marked and lists them with the reason', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'EDIT', key: positionKey(LOADED[0]!), position: EDITED });
    sut.actor.send({ type: 'UPDATE' });
    await sut.settle(errorOf);
    expect(sut.notes.at(-1)).toEqual({
      kind: 'error',
      message: `Error occurred! A1/1 not updated! ${errorOf.message}`,
    });
    expect(rowMark(sut.actor.getSnapshot(), EDITED)).toBe('modified');
  });

  it('selecting the same box again deselects it, after asking when changes are unsaved', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SELECT', box: BOX });
    expect(sut.actor.getSnapshot().value).toBe('noBox');
    sut.actor.send({ type: 'SELECT', box: BOX });
    await sut.settle(LOADED);
    sut.actor.send({ type: 'MOVE', keys: [positionKey(LOADED[0]!)], to: 2 });
    sut.actor.send({ type: 'SELECT', box: BOX });
    expect(sut.actor.getSnapshot().value).toBe('confirming');
    sut.actor.send({ type: 'CONFIRM' });
    expect(sut.actor.getSnapshot().value).toBe('noBox');
  });

  it('Create is refused at numMax and a new position gets the next number', async () => {
    const sut = await loaded();
    expect(nextNumber(sut.actor.getSnapshot())).toBe(3);
    sut.actor.send({ type: 'CREATE', position: NEW });
    await sut.settle(stored([...LOADED, NEW]));
    expect(sut.notes.at(-1)).toEqual({
      kind: 'success',
      message: 'boxPosition#A1/3 was created successfully!',
    });
    const s = sut.actor.getSnapshot();
    expect(canCreatePosition(s)).toBe(false);
    sut.actor.send({ type: 'CREATE', position: pos('A1', 4, '4006381000059') });
    expect(sut.actor.getSnapshot().value).toBe('ready');
    expect(sut.calls.filter((c) => c.name === 'create')).toHaveLength(1);
  });
});

// Each of these bugs survived the earlier suite; each test fails with its bug planted.
describe('box positions: the guards that keep changes safe', () => {
  const loadedWithMove = async () => {
    const sut = createSut();
    sut.actor.send({ type: 'SELECT', box: BOX });
    await sut.settle(LOADED);
    sut.actor.send({ type: 'MOVE', keys: [positionKey(LOADED[0]!)], to: 2 });
    return sut;
  };

  it('Update with moved but no modified rows sends nothing (the Update guard)', async () => {
    const sut = await loadedWithMove();
    sut.actor.send({ type: 'UPDATE' });
    expect(sut.calls.map((c) => c.name)).toEqual(['load']);
    expect(sut.actor.getSnapshot().value).toBe('ready');
  });

  it('Clear and Reload asks, Cancel keeps the changes, Confirm drops them: reloads the box and shows its list unmarked', async () => {
    const sut = await loadedWithMove();
    sut.actor.send({ type: 'EDIT', key: positionKey(LOADED[1]!), position: EDITED });
    sut.actor.send({ type: 'CLEAR_RELOAD' });
    expect(sut.actor.getSnapshot().value).toBe('confirming');
    sut.actor.send({ type: 'CANCEL' });
    expect(rowMark(sut.actor.getSnapshot(), EDITED)).toBe('modified');
    expect(sut.calls.map((c) => c.name)).toEqual(['load']);
    sut.actor.send({ type: 'CLEAR_RELOAD' });
    sut.actor.send({ type: 'CONFIRM' });
    expect(sut.calls.map((c) => c.name)).toEqual(['load', 'load']);
    await sut.settle(LOADED);
    const s = sut.actor.getSnapshot();
    expect(s.context.positions).toEqual(LOADED);
    expect(LOADED.map((p) => rowMark(s, p))).toEqual([null, null]);
    expect([canUpdate(s), canClearReload(s), canCreatePosition(s)]).toEqual([false, false, true]);
  });

  it('Create is refused while rows are moved, not only while modified (saved list only)', async () => {
    const sut = await loadedWithMove();
    expect(canCreatePosition(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'CREATE', position: NEW });
    expect(sut.calls.map((c) => c.name)).toEqual(['load']);
    expect(sut.actor.getSnapshot().value).toBe('ready');
  });

  it('Deselect with unsaved changes asks first; Cancel keeps the moved rows', async () => {
    const sut = await loadedWithMove();
    sut.actor.send({ type: 'DESELECT' });
    expect(sut.actor.getSnapshot().value).toBe('confirming');
    sut.actor.send({ type: 'CANCEL' });
    const s = sut.actor.getSnapshot();
    expect(s.context.box).toEqual(BOX);
    expect(rowMark(s, LOADED[0]!)).toBe('moved');
  });
});

// A refusal's reason follows the message only when there is one: a network error without a message,
// or something thrown that is no Error, adds nothing after it.
describe('box positions: a refused write without a reason', () => {
  const loaded = async () => {
    const sut = createSut();
    sut.actor.send({ type: 'SELECT', box: BOX });
    await sut.settle(LOADED);
    return sut;
  };
  const noReasons: Array<[string, unknown]> = [
    ['an Error without a message', new Error('')],
    ['a thrown value that is no Error', { status: 500, message: 'not an Error' }],
  ];

  it.each(noReasons)(
    'Update refused with %s says which positions were not updated, nothing more',
    async (_n, error) => {
      const sut = await loaded();
      sut.actor.send({ type: 'EDIT', key: positionKey(LOADED[0]!), position: EDITED });
      sut.actor.send({ type: 'UPDATE' });
      await sut.settle(error as Error);
      expect(sut.notes.at(-1)).toEqual({ kind: 'error', message: batchFailed(['A1/1']) });
      expect(rowMark(sut.actor.getSnapshot(), EDITED)).toBe('modified');
    },
  );

  it.each(noReasons)('delete refused with %s names the position, nothing more', async (_n, error) => {
    const sut = await loaded();
    sut.actor.send({ type: 'DELETE', boxPosId: 2 });
    await sut.settle(error as Error);
    expect(sut.notes.at(-1)).toEqual({
      kind: 'error',
      message: writeFailed('boxPosition', 'A1/2', 'deleted'),
    });
    expect(sut.actor.getSnapshot().context.positions).toEqual(LOADED);
  });

  it.each(noReasons)('a scan refused with %s names the position it was to take', async (_n, error) => {
    const sut = await loaded();
    sut.actor.send({ type: 'SCAN', code: NEW.sample.sampleId.sId });
    await sut.settle([STAMP]);
    await sut.settle(error as Error);
    expect(sut.notes.at(-1)).toEqual({
      kind: 'error',
      message: writeFailed('boxPosition', 'A1/3', 'created'),
    });
  });

  // A promise rejected with nothing (`Promise.reject()`) as well as with null.
  it.each([
    ['null', null],
    ['undefined', undefined],
  ])('a refusal that is no value at all (%s) is a refusal, not a conflict', async (_n, nothing) => {
    const sut = await loaded();
    sut.actor.send({ type: 'DELETE', boxPosId: 2 });
    await sut.settle(nothing as unknown as Error);
    expect(sut.notes.at(-1)).toEqual({
      kind: 'error',
      message: writeFailed('boxPosition', 'A1/2', 'deleted'),
    });
    expect(sut.calls.map((c) => c.name)).toEqual(['load', 'remove']);
  });
});

// Drag and drop: the dragged rows, in their list order, land at the drop point (the index among the
// rows as shown, clamped to the list); the other rows keep their order; a drop where they already
// are changes nothing and marks nothing.
describe('box positions: where dragged rows land', () => {
  const THREE = [...LOADED, NEW];
  const [a, b, c] = THREE.map((p) => p.sample.sampleId.sId);
  const keyOf = (sId: string) => positionKey(THREE.find((p) => p.sample.sampleId.sId === sId)!);
  const dropped = async (sIds: string[], to: number) => {
    const sut = createSut();
    sut.actor.send({ type: 'SELECT', box: BOX });
    await sut.settle(THREE);
    sut.actor.send({ type: 'MOVE', keys: sIds.map(keyOf), to });
    const s = sut.actor.getSnapshot();
    return {
      order: s.context.positions.map((p) => p.sample.sampleId.sId),
      marks: s.context.positions.map((p) => rowMark(s, p)),
    };
  };

  it.each([
    ['the first row one down', [a!], 2, [b, a, c], [null, 'moved', null]],
    ['the first row to the end', [a!], 3, [b, c, a], [null, null, 'moved']],
    ['the last row to the top', [c!], 0, [c, a, b], ['moved', null, null]],
    ['the last row above the top (clamped)', [c!], -1, [c, a, b], ['moved', null, null]],
    ['the first row past the end (clamped)', [a!], 99, [b, c, a], [null, null, 'moved']],
    ['two rows at once, in their list order', [c!, a!], 2, [b, a, c], [null, 'moved', 'moved']],
  ] as const)('%s', async (_name, sIds, to, order, marks) => {
    const seen = await dropped([...sIds], to);
    expect(seen.order).toEqual(order);
    expect(seen.marks).toEqual(marks);
  });

  it('a drop where the rows already are changes nothing and marks nothing', async () => {
    for (const [sIds, to] of [
      [[a!], 0],
      [[a!], 1],
      [[b!], 1],
      [[c!], 3],
    ] as const) {
      const seen = await dropped([...sIds], to);
      expect(seen.order, `${sIds.join()} to ${to}`).toEqual([a, b, c]);
      expect(seen.marks).toEqual([null, null, null]);
    }
  });
});

// StrykerJS survivors of the walks' transition cover (each kind of step judged once), each planted by
// hand first: an edit beside marked rows, a Confirm or a Delete that took a step of a judged kind.
describe('box positions: what the walks did not judge', () => {
  const loaded = async () => {
    const sut = createSut();
    sut.actor.send({ type: 'SELECT', box: BOX });
    await sut.settle(LOADED);
    return sut;
  };
  const marks = (sut: Sut) => {
    const s = sut.actor.getSnapshot();
    return s.context.positions.map((p) => [p.sample.sampleId.sId, rowMark(s, p)]);
  };

  // The walks judge one Confirm that ends in 'no box' (Deselect's) and one Delete that is sent; a
  // Confirm of another kind or a Delete of an edited list took the same step and went unjudged.
  it('Confirm does what the question was about: another box is loaded, leaving leaves', async () => {
    const select = await loaded();
    select.actor.send({ type: 'MOVE', keys: [positionKey(LOADED[0]!)], to: 2 });
    select.actor.send({ type: 'SELECT', box: OTHER });
    select.actor.send({ type: 'CONFIRM' });
    expect(select.calls.at(-1)).toEqual({ name: 'load', input: { bId: OTHER.bId } });
    expect(select.actor.getSnapshot().context.box).toEqual(OTHER);
    const leave = await loaded();
    leave.actor.send({ type: 'EDIT', key: positionKey(LOADED[0]!), position: EDITED });
    leave.actor.send({ type: 'LEAVE' });
    leave.actor.send({ type: 'CONFIRM' });
    expect(leave.emitted).toEqual(['left']);
    // Left: a later choice of box loads nothing.
    leave.actor.send({ type: 'SELECT', box: OTHER });
    expect(leave.calls.map((c) => c.name)).toEqual(['load']);
  });

  it('Delete is refused while rows are modified, not only while moved', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'EDIT', key: positionKey(LOADED[0]!), position: EDITED });
    sut.actor.send({ type: 'DELETE', boxPosId: 2 });
    expect(sut.calls.map((c) => c.name)).toEqual(['load']);
    expect(sut.actor.getSnapshot().value).toBe('ready');
  });

  it("editing a row keeps the other rows' marks, moved or modified", async () => {
    const [a, b] = LOADED;
    const sut = await loaded();
    sut.actor.send({ type: 'MOVE', keys: [positionKey(a!)], to: 2 });
    sut.actor.send({ type: 'EDIT', key: positionKey(b!), position: { ...EDITED, boxposId: b!.boxposId } });
    expect(marks(sut)).toEqual([
      [EDITED.sample.sampleId.sId, 'modified'],
      [a!.sample.sampleId.sId, 'moved'],
    ]);
    sut.actor.send({ type: 'REORGANIZE' });
    const edited = pos('A1', 1, '4006381000059');
    sut.actor.send({ type: 'EDIT', key: positionKey(EDITED), position: edited });
    expect(marks(sut)).toEqual([
      [edited.sample.sampleId.sId, 'modified'],
      [a!.sample.sampleId.sId, 'modified'],
    ]);
  });
});

describe('without its effects provided', () => {
  it('the machine says which one is missing', async () => {
    const said = (name: string) => `box positions machine: '${name}' must be provided`;
    const notes: NotifyParams[] = [];
    const loadOnly = boxPositionsMachine.provide({
      actors: { load: fromPromise(async () => ({ boxpos: LOADED, version: 1 })) },
    });
    const run = async (machine: BoxPositionsMachine, ...events: BoxPositionsEvent[]) => {
      const errors: unknown[] = [];
      const actor = createActor(machine);
      actor.subscribe({ error: (e) => errors.push(e) });
      actor.start();
      for (const e of [{ type: 'SELECT', box: BOX } as const, ...events]) {
        actor.send(e);
        await flush();
      }
      return errors.map(String);
    };
    // A write left out fails as a refused one does, and its reason names it.
    const told = loadOnly.provide({ actions: { notify: (_, p) => notes.push(p) } });
    expect(await run(told, { type: 'CREATE', position: NEW })).toEqual([]);
    expect(notes.at(-1)?.message).toBe(`${writeFailed('boxPosition', 'A1/3', 'created')} ${said('create')}`);
    expect(await run(told, { type: 'DELETE', boxPosId: 1 })).toEqual([]);
    expect(notes.at(-1)?.message).toBe(`${writeFailed('boxPosition', 'A1/1', 'deleted')} ${said('remove')}`);
    const edit = { type: 'EDIT', key: positionKey(LOADED[0]!), position: EDITED } as const;
    expect(await run(told, edit, { type: 'UPDATE' })).toEqual([]);
    expect(notes.at(-1)?.message).toBe(`${batchFailed(['A1/1'])} ${said('save')}`);
    // Without a snackbar, the first thing to say stops the machine with its name.
    expect(await run(loadOnly, { type: 'CREATE', position: NEW })).toEqual([`Error: ${said('notify')}`]);
  });
});
