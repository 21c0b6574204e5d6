// Model-based and scenario tests of the row edit machine. The model (the machine itself) only
// proposes the paths through edit, save, a refused or conflicting save, delete and create; each is
// replayed on a real actor with a fake server and snackbar, then every event is tried once more at
// its end, and the oracle below judges each step by the spec's rules on what the row and the
// dialogs show, what is sent (the loaded version included), what is said and emitted, without
// asking the machine what it meant to do. Scenarios follow for the sentences the rules abbreviate.
// A row deleted elsewhere: a change without a version makes the machine look at the row (a second
// load, 'check'); only a 404 — to that look, to the save, or to a load a delete was announced
// during — ends the edit (the oracle's rule on a record gone).
// Equivalent mutants of lines 145–200, the actions and guards (StrykerJS, 2026-11-27, planted by
// hand in three plants: this file and tests/hooks/useRowEdit.test.tsx pass): the event-type checks
// made true in takeRow (its condition, and those of `column` and `surface`), change, announce,
// isOtherRow, isThisRow and isNewerChange (each runs on its own events only), and the first `&&` of
// isThisRow and of isNewerChange made `||` (the same, for the same reason); a REQUEST_DELETE's
// surface '' (read only while editing or saving, and an edit takes its own); `context.id !== null`
// made true in isThisRow and isNewerChange, alone or with the event-type check (loading and editing
// always have a row); `context.version === null` made false in isNewerChange (editing always has
// the loaded version).
// Equivalent mutants of lines 104–144, the helpers and actors (StrykerJS, 2026-11-27, planted by
// hand together, this file and the hook test pass): `types` emptied (compile time only); 'load',
// 'update', 'remove' and 'loadLimits' emptied in their not-provided messages (a call left out fails
// as a failed one does, said in the machine's own words without the error's: only create's
// refusal carries the reason, and its name is checked).
// Equivalent mutants of lines 201–487, the configuration (StrykerJS, 2026-11-27, planted by hand
// together: this file, load.test.ts and tests/hooks/useRowEdit.test.tsx pass): the machine's id emptied (no target names it); the starting `surface` '' and `errors`
// given an element (idle shows neither, and every opening sets both: takeRow, or OPEN_CREATE's
// check; the create dialog never reads the surface); the limits call's input made undefined
// (getLimits takes none); OPEN_CREATE's 'check' emptied (the create dialog shows each field's
// message from the draft itself, fieldErrorsOf, and lists only the errors that are no field
// message: the app's templates give none such); `context.announced !== null` made true in the
// load's answer (null > version is false, no stored version is below 1); the 409's 'clearValidation'
// emptied (the 409's message, sent just before it, already replaced any kept-up snackbar: the
// notifications' newest wins, and a timed one ignores the release); the 'reset' after a create
// emptied (idle shows nothing of the created draft, and the next opening sets every field it
// shows); the fourteen fallbacks no test reaches: the '' of `context.id ?? ''` in each call's input
// and message of loading, saving and deleting (each has its row), and the sample part of a refused
// create's name (read only when the new record has no label of its own, a new analysis, whose sId
// and sStamp the template always gives).
// Equivalent mutants of lines 131–272 after the deleted-elsewhere change (StrykerJS, 2026-11-27 06:49,
// docs/dev/mutation-scores.md): those above in their new places, and isUnversionedChange's event-type
// and `context.id` checks (as isThisRow's); isNewerChange's `event.version !== null` made true
// (`null > n` is false, and a change without a version is isUnversionedChange's first); the `?? ''`
// of the deleted notice and event (a record found gone always has its id).
// Equivalent mutants of lines 273–603, the configuration after that change (StrykerJS, 2026-11-27
// 10:26): those of lines 201–487 above in their new places but the machine's id (the look's
// '#rowEdit.idle' names it now); the look's (editing.checking) `id ?? ''`
// (as the other calls'); the target 'open' of the look's answer and of its unanswered fallback made
// '' (the edit stays in 'checking' with no call under way: nothing reads which of editing's children
// is active, and every event is editing's own); the unversioned change's `reenter: true` made false
// (a target below the transition's own state is left and entered again either way, so the look
// starts anew; 'editing' has no entry, exit nor call of its own).
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import { CHANGED_MEANWHILE, LANE_MESSAGE } from '../../src/domain/messages';
import { joinErrors, rowErrors, type RowDraft } from '../../src/domain/rowRules';
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
import { activePaths, explored, flush, restingStateNodes, toTestModelMachine } from './model';
import { added, checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

type Snapshot = SnapshotFrom<RowEditMachine>;
type Effect = 'load' | 'update' | 'remove' | 'create';
/** A call under way, by the machine's name for it: the load of an edit, or its look at the row ('check', a load too). */
type Call = Effect | 'check';

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
/** The server's answer to a load or save of a record that is no longer there. */
const NOT_FOUND = new ApiError({ kind: 'http', status: 404, message: 'Error occurred, aId#17 was not found!' });
/** The server's answer to a save based on an outdated copy (docs/dev/architecture.md#api-contract). */
const CONFLICT = new ApiError({
  kind: 'http',
  status: 409,
  message: 'Error occurred, aId#17 was not modified!',
  errors: [CHANGED_MEANWHILE],
});

/**
 * A real actor with a fake server. The server's limits arrive when a test answers them; by default
 * they never do (the input's apply). From a copy (`from`): the same state, with what was sent, said
 * and emitted so far; a call under way starts again on the copy, and counts as sent once.
 */
function createSut(
  input: RowEditInput = { entity: 'analysis', limits: LIMITS },
  limits: Promise<LimitBounds[]> = new Promise<LimitBounds[]>(() => {}),
  from?: Copied,
) {
  const calls: Array<{ effect: Effect; input: unknown }> = [];
  const notifications: NotifyParams[] = [...(from?.notifications ?? [])];
  const emitted: RowEditEmitted[] = [...(from?.emitted ?? [])];
  let clearedValidation = from?.cleared() ?? 0;
  const pending = new Map<Call, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  // Pending by the machine's name for the call (its invoke id): one effect, the load, serves two.
  const fake = (effect: Effect) =>
    fromPromise<never, never>(({ input: callInput, self, signal }) => {
      calls.push({ effect, input: callInput });
      const call = self.id as Call;
      return new Promise<never>((resolve, reject) => {
        const settle = { resolve: resolve as (v: unknown) => void, reject };
        pending.set(call, settle);
        // A call the machine gave up (it left the state) can no longer be answered.
        signal.addEventListener('abort', () => {
          if (pending.get(call) === settle) pending.delete(call);
        });
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
  const snapshot = from?.actor.getPersistedSnapshot() as Snapshot | undefined;
  const actor = createActor(machine, snapshot ? { input, snapshot } : { input });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  if (from) calls.splice(0, calls.length, ...from.calls);
  const settle = async (effect: Call, how: 'resolve' | 'reject', value: unknown) => {
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
    /** Whether a call of this kind waits for its answer. */
    pending: (call: Call) => pending.has(call),
    count: (effect: Effect) => calls.filter((c) => c.effect === effect).length,
    context: () => actor.getSnapshot().context,
    status: () => rowEditStatus(actor.getSnapshot()),
    resolve: (call: Call, value: unknown = undefined) => settle(call, 'resolve', value),
    reject: (call: Call, error: unknown) => settle(call, 'reject', error),
  };
}
type Sut = ReturnType<typeof createSut>;
/** What a copy takes over from the page it copies. */
interface Copied {
  actor: { getPersistedSnapshot(): unknown };
  calls: Array<{ effect: Effect; input: unknown }>;
  notifications: NotifyParams[];
  emitted: RowEditEmitted[];
  cleared(): number;
}

// ---- the oracle: what the row, the dialogs and the snackbar show, and what is sent ---------------

type Event = { type: string; [key: string]: unknown };
/** Where the user meets the edit: nothing open, the row or dialog loading/editing, the question, a write under way. */
type View =
  'none' | 'loading' | 'row' | 'dialog' | 'saving' | 'confirm' | 'deleting' | 'create' | 'submitting';
interface Seen {
  view: View;
  /** The row open in edit (or asked about); null without one. */
  rowId: string | null;
  column: string | null;
  /** Where the edit shows: in its table row or in a dialog. */
  surface: string;
  /** The fields as shown. */
  values: RowDraft;
  /** The messages shown with the row or in the dialog. */
  errors: string[];
  canCreate: boolean;
  /** The last record the server answered to a load (what a save goes over, with its version). */
  loaded: LoadedRow | null;
  requests: Array<{ effect: Effect; input: unknown }>;
  messages: NotifyParams[];
  emitted: RowEditEmitted[];
  released: number;
  /** 'Changed by someone else since you began editing it' shows with the row or in its dialog. */
  notice: boolean;
  /** The oracle's own note: versions of the row announced elsewhere while it was loading. */
  announced: number[];
  /** The oracle's own note: a load of the row sent while it was open in edit (a look whether it is still there) waits for its answer. */
  checking: boolean;
}

const viewOf = (snapshot: Snapshot): View => {
  const status = rowEditStatus(snapshot);
  if (status === 'idle') return 'none';
  if (status === 'editing') return snapshot.context.surface;
  if (status === 'confirmingDelete') return 'confirm';
  if (status === 'creating') return 'create';
  return status;
};

/** A page with the machine and its fake server, or a copy of one (with the record it loaded). */
const oracleDriver = (
  sut: Sut = createSut(),
  loaded: LoadedRow | null = null,
  announced: number[] = [],
  checking = false,
): Driver<Seen, Event> => {
  return {
    async send(event) {
      const before = sut.actor.getSnapshot();
      const sentBefore = sut.calls.length;
      if (
        event.type === 'CHANGED_ELSEWHERE' &&
        viewOf(before) === 'loading' &&
        (event.keys as string[]).includes(before.context.id ?? '')
      )
        // A delete or a write of several records (no version) is newer than any load.
        announced = [...announced, (event.version as number | null) ?? Number.POSITIVE_INFINITY];
      const [, outcome, , call] = event.type.split('.') as [string, string, string, Call];
      if (!event.type.startsWith('xstate.')) sut.actor.send(event as never);
      // An answer arrives only for a call under way.
      else if (sut.pending(call)) {
        if (outcome === 'done') {
          if (call === 'load') loaded = event.output as LoadedRow;
          await sut.resolve(call, event.output);
        } else await sut.reject(call, event.error);
        if (call === 'check') checking = false;
      }
      const after = sut.actor.getSnapshot();
      // A load sent while the row stays open in edit is a look at it; leaving the edit gives it up.
      if (!editView(viewOf(after))) checking = false;
      else if (sut.calls.slice(sentBefore).some((c) => c.effect === 'load')) checking = true;
      // A new load of a row starts with nothing announced.
      if (
        viewOf(after) === 'loading' &&
        (viewOf(before) !== 'loading' || after.context.id !== before.context.id)
      )
        announced = [];
      for (const path of activePaths(after.value)) visitedByOracle.add(path);
    },
    seen() {
      const snapshot = sut.actor.getSnapshot();
      const c = snapshot.context;
      return {
        view: viewOf(snapshot),
        rowId: c.id,
        column: c.column,
        surface: c.surface,
        values: { ...c.draft },
        errors: [...c.errors],
        canCreate: canCreate(snapshot),
        loaded,
        requests: [...sut.calls],
        messages: [...sut.notifications],
        emitted: [...sut.emitted],
        released: sut.cleared(),
        notice: c.changedElsewhere,
        announced: [...announced],
        checking,
      };
    },
    fork: () => oracleDriver(createSut(undefined, undefined, sut), loaded, announced, checking),
  };
};

const editView = (view: View) => view === 'row' || view === 'dialog';
const busy = (view: View) => view === 'saving' || view === 'deleting' || view === 'submitting';
const isUser = (e: Event) => !e.type.startsWith('xstate.');
const sentIn = (s: { before: Seen; after: Seen }) => added(s.before.requests, s.after.requests);
const saidIn = (s: { before: Seen; after: Seen }) => added(s.before.messages, s.after.messages);
const emittedIn = (s: { before: Seen; after: Seen }) => added(s.before.emitted, s.after.emitted);
const ruleErrors = (values: RowDraft) => rowErrors('analysis', values, LIMITS);
const keeps = ({ before, after }: { before: Seen; after: Seen }) => {
  expect(after.view, 'the page stays as it was').toBe(before.view);
  expect([after.rowId, after.values, after.errors]).toEqual([before.rowId, before.values, before.errors]);
};
/** The call an answer ends, when that call is the one under way. */
const answered = (event: Event, before: Seen): string | null => {
  if (isUser(event)) return null;
  const effect = event.type.split('.')[3]!;
  if (effect === 'check') return before.checking ? event.type : null;
  const waiting: Partial<Record<View, Effect>> = {
    loading: 'load',
    saving: 'update',
    deleting: 'remove',
    submitting: 'create',
  };
  return waiting[before.view] === effect ? event.type : null;
};

const inEdit = (view: View) => editView(view) || view === 'saving';
/** An answer saying the record is not there (404). */
const isGone = (event: Event): boolean =>
  event.type.includes('.error.') && (event.error as ApiError | undefined)?.status === 404;

const rowEditRules: Rules<Seen, Event> = {
  'A change elsewhere to the row in edit shows at once, before Save; nothing else moves, and one without a version (maybe a delete) only sends a look at the row': (
    step,
  ) => {
    const { before, event, after } = step;
    if (event.type !== 'CHANGED_ELSEWHERE') return;
    const version = event.version as number | null;
    const ofRow = (event.keys as string[]).includes(before.rowId ?? '');
    const looks = editView(before.view) && ofRow && version === null;
    expect(sentIn(step)).toEqual(looks ? [{ effect: 'load', input: { id: before.rowId } }] : []);
    expect(saidIn(step)).toEqual([]);
    keeps(step);
    expect(after.column).toBe(before.column);
    // One without a version is told by the look's answer (rule below), not at once.
    const newer = ofRow && version !== null && version > (before.loaded?.version ?? 0);
    if (editView(before.view)) expect(after.notice).toBe(before.notice || newer);
    else expect(after.notice).toBe(before.notice);
  },
  'The notice shows only with an edit, and stays while that edit does': (step) => {
    const { before, event, after } = step;
    if (!inEdit(after.view)) expect(after.notice).toBe(false);
    const told = event.type === 'CHANGED_ELSEWHERE' || answered(event, before)?.endsWith('.check');
    if (!told && inEdit(before.view) && inEdit(after.view)) expect(after.notice).toBe(before.notice);
  },
  'A load shows the notice only for a change announced meanwhile that is newer than what it loaded': (
    step,
  ) => {
    const { before, event, after } = step;
    if (before.view !== 'loading' || !answered(event, before) || !event.type.includes('.done.')) return;
    const { version } = event.output as LoadedRow;
    // A change without a version announced meanwhile is told by the look that follows.
    expect(after.notice).toBe(before.announced.some((v) => v !== Number.POSITIVE_INFINITY && v > version));
  },
  'One request at a time': (step) => expect(sentIn(step).length).toBeLessThanOrEqual(1),
  'Only a draft without errors is ever sent': (step) => {
    for (const { effect, input } of sentIn(step))
      if (effect === 'update' || effect === 'create')
        expect(ruleErrors((input as { draft: RowDraft }).draft)).toEqual([]);
  },
  'Nothing is said or emitted without an answer, except a refused save': (step) => {
    if (isUser(step.event) && step.event.type !== 'SAVE') expect(saidIn(step)).toEqual([]);
    if (!answered(step.event, step.before)) expect(emittedIn(step)).toEqual([]);
  },
  'An answer to no call under way changes nothing': (step) => {
    if (isUser(step.event) || answered(step.event, step.before)) return;
    expect(sentIn(step)).toEqual([]);
    keeps(step);
  },
  'While a write is under way, the buttons do nothing': (step) => {
    if (!busy(step.before.view) || !isUser(step.event)) return;
    expect(sentIn(step)).toEqual([]);
    keeps(step);
  },
  'Create is enabled only while the form is valid': ({ after }) =>
    expect(after.canCreate).toBe(after.view === 'create' && ruleErrors(after.values).length === 0),
  'The create form checks every change, and Create sends the form only when enabled': (step) => {
    const { before, event, after } = step;
    if (before.view !== 'create') return;
    if (event.type === 'CHANGE') {
      expect(after.values).toEqual({ ...before.values, [event.field as string]: event.value });
      expect(after.errors).toEqual(ruleErrors(after.values));
    } else if (event.type === 'CREATE') {
      if (before.canCreate) {
        expect(sentIn(step)).toEqual([{ effect: 'create', input: { draft: before.values } }]);
        expect(after.view).toBe('submitting');
      } else {
        expect(sentIn(step)).toEqual([]);
        keeps(step);
      }
    }
  },
  'Save: errors keep the row open with every message (kept up), and nothing is sent': (step) => {
    const { before, event, after } = step;
    if (!editView(before.view) || event.type !== 'SAVE') return;
    const errors = ruleErrors(before.values);
    if (errors.length > 0) {
      expect(sentIn(step)).toEqual([]);
      expect([after.view, after.values, after.errors]).toEqual([before.view, before.values, errors]);
      expect(saidIn(step)).toEqual([{ kind: 'error', message: joinErrors(errors), persistent: true }]);
    } else {
      // The record as loaded with the draft over it, and the version it was read at.
      expect(sentIn(step)).toEqual([
        {
          effect: 'update',
          input: {
            id: before.rowId,
            record: before.loaded?.record ?? before.loaded?.draft,
            draft: before.values,
            version: before.loaded?.version,
          },
        },
      ]);
      expect(after.view).toBe('saving');
    }
  },
  'Once shown, errors follow the input, and the snackbar is released when they are gone': (step) => {
    const { before, event, after } = step;
    if (!editView(before.view) || event.type !== 'CHANGE') return;
    expect(sentIn(step)).toEqual([]);
    expect(after.values).toEqual({ ...before.values, [event.field as string]: event.value });
    if (before.errors.length === 0) {
      expect(after.errors).toEqual([]);
      expect(after.released).toBe(before.released);
    } else {
      expect(after.errors).toEqual(ruleErrors(after.values));
      expect(after.released - before.released).toBe(after.errors.length === 0 ? 1 : 0);
    }
  },
  'Cancel drops the draft and its messages and sends nothing': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'CANCEL' || before.view === 'none' || busy(before.view)) return;
    expect(sentIn(step)).toEqual([]);
    expect([after.view, after.rowId, after.values, after.errors]).toEqual(['none', null, {}, []]);
    if (editView(before.view)) expect(after.released).toBe(before.released + 1);
  },
  'One row at a time: another row loads it, the same row only moves the focus': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'EDIT') return;
    const opens = before.view === 'none' || before.view === 'loading' || editView(before.view);
    if (!opens) {
      expect(sentIn(step)).toEqual([]);
      return keeps(step);
    }
    if (event.id !== before.rowId) {
      expect(sentIn(step)).toEqual([{ effect: 'load', input: { id: event.id } }]);
      expect([after.view, after.rowId, after.values, after.errors]).toEqual(['loading', event.id, {}, []]);
      // The open row's messages go with it: a snackbar kept up for them is released.
      return expect(after.released - before.released).toBe(editView(before.view) ? 1 : 0);
    }
    expect(sentIn(step)).toEqual([]);
    expect([after.rowId, after.values, after.errors]).toEqual([before.rowId, before.values, before.errors]);
    if (editView(before.view)) {
      expect(after.view).toBe(event.surface ?? 'row');
      expect(after.column).toBe(event.column ?? null);
    } else expect(after.view).toBe('loading');
  },
  'Delete asks first; Confirm sends it, Cancel keeps the row': (step) => {
    const { before, event, after } = step;
    if (event.type === 'REQUEST_DELETE') {
      expect(sentIn(step)).toEqual([]);
      if (before.view === 'none') expect([after.view, after.rowId]).toEqual(['confirm', event.id]);
      else keeps(step);
    }
    if (event.type === 'CONFIRM') {
      if (before.view === 'confirm') {
        expect(sentIn(step)).toEqual([{ effect: 'remove', input: { id: before.rowId } }]);
        expect(after.view).toBe('deleting');
      } else {
        expect(sentIn(step)).toEqual([]);
        keeps(step);
      }
    }
  },
  'The load shows the record as stored (and looks again when a delete may have come after it), or says it could not be fetched': (
    step,
  ) => {
    const { before, event, after } = step;
    if (before.view !== 'loading' || !answered(event, before)) return;
    const deleteAnnounced = before.announced.includes(Number.POSITIVE_INFINITY);
    if (event.type.includes('.done.')) {
      const { draft } = event.output as LoadedRow;
      expect([after.values, after.errors, after.rowId]).toEqual([draft, before.errors, before.rowId]);
      expect(editView(after.view)).toBe(true);
      expect(saidIn(step)).toEqual([]);
      expect(sentIn(step)).toEqual(deleteAnnounced ? [{ effect: 'load', input: { id: before.rowId } }] : []);
    } else if (isGone(event) && deleteAnnounced) {
      // Said by the rule on a record gone.
    } else {
      expect(saidIn(step)).toEqual([{ kind: 'error', message: `ID#${before.rowId} could not be fetched!` }]);
      expect(after.view).toBe('none');
    }
  },
  'A save is said and the list reloads; a 409 says why and loads the row again; a refusal keeps the row': (
    step,
  ) => {
    const { before, event, after } = step;
    if (before.view !== 'saving' || !answered(event, before)) return;
    const id = before.rowId;
    if (event.type.includes('.done.')) {
      expect(saidIn(step)).toEqual([{ kind: 'success', message: `aId#${id} was updated successfully!` }]);
      expect(emittedIn(step)).toEqual([{ type: 'saved', id }]);
      return expect(after.view).toBe('none');
    }
    const error = event.error as ApiError;
    // Said by the rule on a record gone.
    if (isGone(event)) return;
    if (error.status === 409) {
      expect(saidIn(step)).toEqual([
        { kind: 'error', message: `Error occurred, aId#${id} was not modified! ${CHANGED_MEANWHILE}` },
      ]);
      expect(emittedIn(step)).toEqual([{ type: 'conflict', id }]);
      expect(sentIn(step)).toEqual([{ effect: 'load', input: { id } }]);
      return expect([after.view, after.values, after.errors]).toEqual(['loading', {}, [CHANGED_MEANWHILE]]);
    }
    const reasons = error.errors ?? [];
    expect(saidIn(step)).toEqual([
      { kind: 'error', message: [`Error occurred, aId#${id} was not modified!`, ...reasons].join(' ') },
    ]);
    expect(emittedIn(step)).toEqual([]);
    expect(sentIn(step)).toEqual([]);
    expect([after.view, after.values, after.errors]).toEqual([before.surface, before.values, reasons]);
  },
  'The record in edit found gone (a 404 to a look at it, to its save, or to a load a delete was announced during) ends the edit: the draft dropped, the delete said, the list told, nothing sent': (
    step,
  ) => {
    const { before, event, after } = step;
    const call = answered(event, before);
    if (!call || !isGone(event)) return;
    const ends =
      call.endsWith('.check') ||
      before.view === 'saving' ||
      (before.view === 'loading' && before.announced.includes(Number.POSITIVE_INFINITY));
    if (!ends) return;
    const id = before.rowId;
    expect([after.view, after.rowId, after.values, after.errors, after.notice]).toEqual([
      'none',
      null,
      {},
      [],
      false,
    ]);
    expect(saidIn(step)).toEqual([
      {
        kind: 'error',
        message: `aId#${id} was deleted by someone else while you were editing it; your changes were not saved.`,
      },
    ]);
    expect(emittedIn(step)).toEqual([{ type: 'deletedElsewhere', id, surface: before.surface }]);
    expect(sentIn(step)).toEqual([]);
    // A snackbar kept up for the row's messages goes with them (as on Cancel).
    expect(after.released).toBe(before.released + 1);
  },
  'A look at the row that finds it leaves the edit, with the notice when it is newer than loaded; one not answered leaves the notice up, being unsure':
    (step) => {
      const { before, event, after } = step;
      if (!answered(event, before)?.endsWith('.check') || isGone(event)) return;
      keeps(step);
      expect([after.column, after.released]).toEqual([before.column, before.released]);
      expect([sentIn(step), saidIn(step), emittedIn(step)]).toEqual([[], [], []]);
      const newer = event.type.includes('.done.')
        ? (event.output as LoadedRow).version > (before.loaded?.version ?? 0)
        : true;
      expect(after.notice).toBe(before.notice || newer);
    },
  'A delete is said, and the list and the selection drop the row': (step) => {
    const { before, event, after } = step;
    if (before.view !== 'deleting' || !answered(event, before)) return;
    const id = before.rowId;
    if (event.type.includes('.done.')) {
      expect(saidIn(step)).toEqual([{ kind: 'success', message: `aId#${id} was deleted successfully!` }]);
      expect(emittedIn(step)).toEqual([{ type: 'deleted', id }]);
    } else {
      expect(saidIn(step)).toEqual([
        { kind: 'error', message: `Error occurred, aId#${id} was not deleted!` },
      ]);
      expect(emittedIn(step)).toEqual([]);
    }
    expect(after.view).toBe('none');
  },
  'A create is said with the new id; a refusal keeps the form with the reason': (step) => {
    const { before, event, after } = step;
    if (before.view !== 'submitting' || !answered(event, before)) return;
    if (event.type.includes('.done.')) {
      const { id } = event.output as { id: string };
      expect(saidIn(step)).toEqual([{ kind: 'success', message: `aId#${id} was created successfully!` }]);
      expect(emittedIn(step)).toEqual([{ type: 'created', id }]);
      return expect(after.view).toBe('none');
    }
    const said = saidIn(step);
    expect(said).toHaveLength(1);
    expect(said[0]?.kind).toBe('error');
    expect(said[0]?.message).toMatch(/^Error occurred, .* was not created! /);
    expect(said[0]?.message.endsWith((event.error as Error).message)).toBe(true);
    expect(emittedIn(step)).toEqual([]);
    expect([after.view, after.values]).toEqual(['create', before.values]);
  },
};

const visitedByOracle = new Set<string>();
const ORACLE_EVENTS: Event[] = [
  { type: 'EDIT', id: '17' },
  { type: 'EDIT', id: '18', column: 'pol' },
  { type: 'EDIT', id: '17', column: 'lane', surface: 'dialog' },
  { type: 'CHANGE', field: 'lane', value: '7' },
  { type: 'CHANGE', field: 'lane', value: '2' },
  { type: 'CHANGE', field: 'pol', value: '45' },
  { type: 'CHANGE', field: 'sId', value: '12345678901234' },
  { type: 'SAVE' },
  { type: 'CANCEL' },
  { type: 'REQUEST_DELETE', id: '17' },
  { type: 'CONFIRM' },
  { type: 'OPEN_CREATE', template: TEMPLATE },
  { type: 'CREATE' },
  // Change events: the row in edit at a newer version, at the loaded one (its own save), deleted;
  // other rows.
  { type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 5 },
  { type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 4 },
  { type: 'CHANGED_ELSEWHERE', keys: ['17'], version: null },
  { type: 'CHANGED_ELSEWHERE', keys: ['18', '19'], version: 9 },
  { type: 'xstate.done.actor.load', output: LOADED },
  { type: 'xstate.error.actor.load', error: BROKEN },
  { type: 'xstate.error.actor.load', error: NOT_FOUND },
  // The look at the row in edit: still there (at a newer version), gone, or no answer.
  { type: 'xstate.done.actor.check', output: { draft: { ...ROW, pol: 19 }, version: 5 } },
  { type: 'xstate.done.actor.check', output: LOADED },
  { type: 'xstate.error.actor.check', error: NOT_FOUND },
  { type: 'xstate.error.actor.check', error: BROKEN },
  { type: 'xstate.done.actor.update', output: undefined },
  { type: 'xstate.error.actor.update', error: BAD_REQUEST },
  { type: 'xstate.error.actor.update', error: BROKEN },
  { type: 'xstate.error.actor.update', error: CONFLICT },
  { type: 'xstate.error.actor.update', error: NOT_FOUND },
  { type: 'xstate.done.actor.remove', output: undefined },
  { type: 'xstate.error.actor.remove', error: BROKEN },
  { type: 'xstate.done.actor.create', output: { id: '99' } },
  { type: 'xstate.error.actor.create', error: new Error('Sample 8888888888888 does not exist') },
];

describe('row edit: every transition judged by the spec rules', () => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () =>
    createTestModel(
      toTestModelMachine(
        rowEditMachine.provide({ actions: { notify: () => undefined, clearValidation: () => undefined } }),
      ),
      {
        events: ORACLE_EVENTS as never,
        input: { entity: 'analysis', limits: LIMITS },
        // The row's values matter through the errors they cause and where the edit shows.
        serializeState: (state) =>
          JSON.stringify({
            value: state.value,
            errors: state.context.errors,
            valid: rowErrors('analysis', state.context.draft, LIMITS).length === 0,
            id: state.context.id,
            surface: state.context.surface,
            changedElsewhere: state.context.changedElsewhere,
            // As text: JSON writes the Infinity of a change without a version as null, none announced.
            announced: String(state.context.announced),
          }),
      },
    );
  const walks = explored(() => transitionWalks(buildModel() as never, () => ORACLE_EVENTS) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, () => oracleDriver(), rowEditRules);
  });

  it('visited every state', () => {
    expect([...visitedByOracle].sort()).toEqual(restingStateNodes(rowEditMachine).sort());
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

  it('a save refused without an error object, or with reasons that are no text, says only what it can', async () => {
    for (const error of [undefined, null, 'offline']) {
      const sut = await editing();
      sut.actor.send({ type: 'SAVE' });
      await sut.reject('update', error);
      expect(sut.actor.getSnapshot().status).toBe('active');
      expect([sut.status(), sut.context().errors, sut.emitted]).toEqual(['editing', [], []]);
      expect(sut.notifications).toEqual([{ kind: 'error', message: 'Error occurred, aId#17 was not modified!' }]);
    }
    // The server's body is not checked on its way in: only its texts reach the row and the snackbar.
    const sut = await editing();
    sut.actor.send({ type: 'SAVE' });
    await sut.reject(
      'update',
      new ApiError({ kind: 'http', status: 400, message: 'Bad Request', errors: [LANE_MESSAGE, 7, null] as never }),
    );
    expect(sut.context().errors).toEqual([LANE_MESSAGE]);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: `Error occurred, aId#17 was not modified! ${LANE_MESSAGE}` },
    ]);
  });

  it('a change elsewhere to the row in edit is said before Save; the draft stays, and Save still meets the 409', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'comment', value: 'mine' });
    // Another row, and this row at the version it was loaded with (its own save's echo): nothing.
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['18'], version: 9 });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 4 });
    expect(sut.context().changedElsewhere).toBe(false);
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 5 });
    expect(sut.status()).toBe('editing');
    expect(sut.context()).toMatchObject({
      changedElsewhere: true,
      column: 'pol',
      draft: { ...ROW, comment: 'mine' },
    });
    expect(sut.calls.filter((c) => c.effect !== 'load')).toEqual([]);
    expect(sut.notifications).toEqual([]);
    sut.actor.send({ type: 'SAVE' });
    await sut.reject('update', CONFLICT);
    // The 409 loads their change: the notice has done its work.
    expect(sut.context().changedElsewhere).toBe(false);
    await sut.resolve('load', { draft: { ...ROW, pol: 19 }, version: 5 });
    expect(sut.context()).toMatchObject({ changedElsewhere: false, errors: [CHANGED_MEANWHILE] });
  });

  it('a change announced while the row loads counts only when newer than what the load answered', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'EDIT', id: '17' });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 4 });
    await sut.resolve('load', LOADED);
    expect(sut.context().changedElsewhere).toBe(false);
    sut.actor.send({ type: 'CANCEL' });
    sut.actor.send({ type: 'EDIT', id: '17' });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 5 });
    await sut.resolve('load', LOADED);
    expect(sut.context().changedElsewhere).toBe(true);
  });

  it('of the changes announced while the row loads, the newest counts, whatever order they arrive in', async () => {
    // The change stream may tell an older version after a newer one (two writers, two events).
    const sut = createSut();
    sut.actor.send({ type: 'EDIT', id: '17' });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 5 });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 4 });
    await sut.resolve('load', LOADED);
    expect(sut.context().changedElsewhere).toBe(true);
  });

  it('a change without a version announced while the row loads is looked at once it is open: found newer, Save will be refused', async () => {
    // The load may have read the row before that write: it opens, and must not pretend nothing happened.
    const sut = createSut();
    sut.actor.send({ type: 'EDIT', id: '17' });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: null });
    await sut.resolve('load', LOADED);
    expect(sut.calls.at(-1)).toEqual({ effect: 'load', input: { id: '17' } });
    expect(sut.context().changedElsewhere).toBe(false);
    await sut.resolve('check', { draft: { ...ROW, pol: 19 }, version: 5 });
    expect(sut.context().changedElsewhere).toBe(true);
    // An older version announced after it changes nothing; found at the version loaded (a write that
    // left the record as it was, a box's positions), there is nothing to say.
    sut.actor.send({ type: 'CANCEL' });
    sut.actor.send({ type: 'EDIT', id: '17' });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: null });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 2 });
    await sut.resolve('load', LOADED);
    await sut.resolve('check', LOADED);
    expect(sut.status()).toBe('editing');
    expect(sut.context().changedElsewhere).toBe(false);
  });

  it('a change to another row announced while this one loads is not said of this row', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'EDIT', id: '17' });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['18', '19'], version: 9 });
    await sut.resolve('load', LOADED);
    expect(sut.context().changedElsewhere).toBe(false);
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

describe('a row in edit deleted elsewhere', () => {
  const DELETED = 'aId#17 was deleted by someone else while you were editing it; your changes were not saved.';

  it('a change without a version looks at the row; its 404 ends the edit, drops the draft, says so and tells the list', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'comment', value: 'mine' });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: null });
    // Meanwhile the edit goes on, and only the look is sent. Nothing is said yet: not a change Save
    // would show, when it was a delete.
    expect(sut.calls.at(-1)).toEqual({ effect: 'load', input: { id: '17' } });
    expect(sut.status()).toBe('editing');
    expect(sut.context()).toMatchObject({ changedElsewhere: false, draft: { ...ROW, comment: 'mine' } });
    sut.actor.send({ type: 'CHANGE', field: 'pol', value: '18' });
    await sut.reject('check', NOT_FOUND);
    expect(sut.status()).toBe('idle');
    expect(sut.context()).toMatchObject({ id: null, draft: {}, errors: [], changedElsewhere: false });
    expect(sut.notifications).toEqual([{ kind: 'error', message: DELETED }]);
    expect(sut.emitted).toEqual([{ type: 'deletedElsewhere', id: '17', surface: 'row' }]);
    expect(sut.count('update')).toBe(0);
  });

  it('a write of several records without a version does not end the edit by itself: the row is still there', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'comment', value: 'mine' });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['16', '17', '18'], version: null });
    await sut.resolve('check', { draft: { ...ROW, pol: 19 }, version: 5 });
    expect(sut.status()).toBe('editing');
    expect(sut.context()).toMatchObject({ changedElsewhere: true, draft: { ...ROW, comment: 'mine' } });
    expect([sut.notifications, sut.emitted]).toEqual([[], []]);
    // The look's answer is not taken in: Save sends the loaded version and meets the 409 (file comment).
    sut.actor.send({ type: 'SAVE' });
    expect(sut.calls.at(-1)).toEqual({
      effect: 'update',
      input: { id: '17', record: ROW, draft: { ...ROW, comment: 'mine' }, version: 4 },
    });
  });

  it('a look that gets no answer leaves the edit, with the notice up', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: null });
    await sut.reject('check', BROKEN);
    // Unsure what it was, the row says Save may be refused.
    expect(sut.status()).toBe('editing');
    expect(sut.context()).toMatchObject({ id: '17', draft: ROW, changedElsewhere: true });
    expect([sut.notifications, sut.emitted]).toEqual([[], []]);
  });

  it('a change without a version during a look looks again: the earlier answer may predate it', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: null });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: null });
    expect(sut.count('load')).toBe(3);
    await sut.reject('check', NOT_FOUND);
    expect(sut.emitted).toEqual([{ type: 'deletedElsewhere', id: '17', surface: 'row' }]);
  });

  it('a change with a version or of another row sends no look', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 5 });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['18'], version: null });
    expect(sut.count('load')).toBe(1);
    expect(sut.pending('check')).toBe(false);
  });

  it('a delete announced while the row loads: a load that still found it looks again, and its 404 ends the edit', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'EDIT', id: '17', surface: 'dialog' });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: null });
    await sut.resolve('load', LOADED);
    expect(sut.status()).toBe('editing');
    expect(sut.calls).toEqual([
      { effect: 'load', input: { id: '17' } },
      { effect: 'load', input: { id: '17' } },
    ]);
    await sut.reject('check', NOT_FOUND);
    expect(sut.status()).toBe('idle');
    expect(sut.notifications).toEqual([{ kind: 'error', message: DELETED }]);
    expect(sut.emitted).toEqual([{ type: 'deletedElsewhere', id: '17', surface: 'dialog' }]);
  });

  it('a load answered 404 is a delete when one was announced during it, else it could not be fetched', async () => {
    const announced = createSut();
    announced.actor.send({ type: 'EDIT', id: '17' });
    announced.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: null });
    await announced.reject('load', NOT_FOUND);
    expect(announced.notifications).toEqual([{ kind: 'error', message: DELETED }]);
    expect(announced.emitted).toEqual([{ type: 'deletedElsewhere', id: '17', surface: 'row' }]);

    const unannounced = createSut();
    unannounced.actor.send({ type: 'EDIT', id: '17' });
    unannounced.actor.send({ type: 'CHANGED_ELSEWHERE', keys: ['17'], version: 5 });
    await unannounced.reject('load', NOT_FOUND);
    expect(unannounced.status()).toBe('idle');
    expect(unannounced.notifications).toEqual([{ kind: 'error', message: 'ID#17 could not be fetched!' }]);
    expect(unannounced.emitted).toEqual([]);
  });

  it('a save answered 404 says the record was deleted and ends the edit', async () => {
    const sut = await editing();
    sut.actor.send({ type: 'CHANGE', field: 'pol', value: '17.2' });
    sut.actor.send({ type: 'SAVE' });
    await sut.reject('update', NOT_FOUND);
    expect(sut.status()).toBe('idle');
    expect(sut.context()).toMatchObject({ id: null, draft: {} });
    expect(sut.notifications).toEqual([{ kind: 'error', message: DELETED }]);
    expect(sut.emitted).toEqual([{ type: 'deletedElsewhere', id: '17', surface: 'row' }]);
    expect(sut.count('load')).toBe(1);
  });

  it('names a sample by sId|sStamp', async () => {
    const sut = createSut({ entity: 'samples', limits: LIMITS });
    const id = '1234567800004|2025-10-01 06:00:00';
    sut.actor.send({ type: 'EDIT', id });
    await sut.resolve('load', { draft: { sId: '1234567800004', sStamp: '2025-10-01 06:00:00' }, version: 2 });
    sut.actor.send({ type: 'CHANGED_ELSEWHERE', keys: [id], version: null });
    await sut.reject('check', NOT_FOUND);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: `sId#${id} was deleted by someone else while you were editing it; your changes were not saved.` },
    ]);
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
    expect(sut.notifications.at(-1)?.message).toBe(
      'Error occurred, the analysis of SampleId#8888888888888|2000-01-01 00:00:00 was not created! Sample 8888888888888 does not exist',
    );
  });

  it('a create refused without an error object says only that it was not created, and keeps the dialog', async () => {
    for (const error of [undefined, null, 'offline']) {
      const sut = createSut({ entity: 'samples' });
      sut.actor.send({ type: 'OPEN_CREATE', template: { ...TEMPLATE, aFlags: undefined, sFlags: '-----' } });
      sut.actor.send({ type: 'CREATE' });
      await sut.reject('create', error);
      expect(sut.actor.getSnapshot().status).toBe('active');
      expect([sut.status(), sut.emitted]).toEqual(['creating', []]);
      expect(sut.notifications).toEqual([
        { kind: 'error', message: 'Error occurred, sId#8888888888888|2000-01-01 00:00:00 was not created!' },
      ]);
    }
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

describe('without its effects provided', () => {
  it('the machine says which one is missing', async () => {
    const errorOf = async (machine: RowEditMachine, ...events: Parameters<RowEditMachine['transition']>[1][]) => {
      const errors: unknown[] = [];
      const actor = createActor(machine, { input: { entity: 'analysis' } });
      actor.subscribe({ error: (e) => errors.push(e) });
      actor.start();
      for (const e of events) {
        actor.send(e);
        await flush();
      }
      await flush();
      return errors.map(String);
    };
    const said = (name: string) => `Error: row edit machine: '${name}' must be provided`;
    // The limits and the load fail as a failed request does; the failed load is then said.
    expect(await errorOf(rowEditMachine)).toEqual([]);
    expect(await errorOf(rowEditMachine, { type: 'EDIT', id: '17' })).toEqual([said('notify')]);
    const loaded = rowEditMachine.provide({
      actors: { load: fromPromise<LoadedRow, { id: string }>(async () => LOADED) },
    });
    expect(await errorOf(loaded, { type: 'EDIT', id: '17' }, { type: 'CANCEL' })).toEqual([said('clearValidation')]);
    // A create left out fails as a refused one does, and its reason names it.
    const notifications: NotifyParams[] = [];
    const told = rowEditMachine.provide({ actions: { notify: (_, p) => notifications.push(p) } });
    expect(await errorOf(told, { type: 'OPEN_CREATE', template: TEMPLATE }, { type: 'CREATE' })).toEqual([]);
    expect(notifications.at(-1)?.message).toMatch(/ was not created! row edit machine: 'create' must be provided$/);
  });
});
