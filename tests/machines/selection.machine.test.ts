// Model-based and scenario tests of the selection machine. The model (the machine itself) only
// proposes the paths; each is replayed on a real actor with a fake lookup, storage and snackbar,
// every event is tried once more at its end, and the oracle below judges each step by the spec's
// rules on what the Selection card and the table show (the items, what is stored, the restriction
// of 'Filter all'), what is looked up or fetched and what is said, without asking the machine.
// Equivalent mutants (StrykerJS, 2026-11-27, the whole file; each survivor planted by hand against
// this file, selection.api.test.ts and load.test.ts): the not-provided effects (the name, the throw,
// the arrow: the page provides every effect), `types` and `actors` emptied, the machine's `id`; the
// event-type checks of the guards (each runs on its own event only); isNotFound's object checks
// (every failure is an ApiError); forgetLookup emptied, its `requests` given an element, or its
// seven uses renamed '' (xstate skips an unknown action; `pending` and `requests` are set before
// every lookup and read only during one); the start's `requests` given an element (the same); the
// optional chaining of `pending` and `fetch` and the `?? ''` after it (a lookup or fetch always has
// them); CLEAR's guard '' and the clear's CONFIRM without target (confirmingClear's `always` goes
// back to 'ready' as soon as nothing is selected).
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import { MAX_SELECTION } from '../../src/domain/constants';
import { toFullSampleId } from '../../src/domain/ids';
import type { ListRestriction } from '../../src/domain/listQuery';
import {
  addedToSelection,
  alreadyInSelection,
  CHECK_LOGS,
  fileLinesLeftOut,
  fileNotImported,
  fileUploaded,
  notFetched,
  sampleNotFound,
  SELECTION_TOO_LARGE,
  SERVER_TIMEOUT,
  SID_MESSAGE,
  wrongFileType,
} from '../../src/domain/messages';
import type { SelectionQuery } from '../../src/domain/query';
import { sampleIdRequest, type SampleIdRequest, type SelectionItem } from '../../src/domain/selectionItem';
import {
  restrictionOf,
  selectionMachine,
  selectionStatus,
  type LookupInput,
  type FetchRequest,
  type NotifyParams,
  type SelectionEvent,
  type SelectionMachine,
} from '../../src/machines/selection.machine';
import { activePaths, explored, flush, restingStateNodes, toTestModelMachine } from './model';
import { added, checkWalk, transitionWalks, type Driver, type Rules, type Step, type Walk } from './oracle';

type Snapshot = SnapshotFrom<SelectionMachine>;

const item = (aId: number, sId = '1234567800004', sStamp = '2025-10-01 06:00:00'): SelectionItem => ({
  key: String(aId),
  sId,
  sStamp,
});
const A = item(1);
const B = item(2, '2000000000008');
const C = item(3, '3000000000005');
const FOUND = item(40, '5555555000006');
const many = (n: number, from = 1000): SelectionItem[] =>
  Array.from({ length: n }, (_, i) => item(from + i, String(7_000_000_000_000 + i)));
const THOUSAND = many(MAX_SELECTION);
const THOUSAND_AND_ONE = many(MAX_SELECTION + 1);

/** The view's query when the user asks to select all filtered items. */
const VIEW_QUERY: SelectionQuery = {
  page: 3,
  size: 50,
  sort: ['aId,desc'],
  filter: ['lane,1'],
  selection: [],
  selectionSId: [],
  exclusion: ['test'],
};
const NOT_FOUND = new ApiError({ kind: 'http', status: 404, message: 'Not Found' });
const BROKEN = new ApiError({ kind: 'http', status: 500, message: 'Internal Server Error' });

/**
 * A real actor with a fake server, storage and snackbar; from a copy (`from`): the same state with
 * what was sent, stored, said and emitted so far (a call under way starts again, and counts once).
 */
function createSut(items: SelectionItem[] = [], from?: Copied) {
  const storage = new Map<string, SelectionItem[]>();
  const stored = from?.stored();
  if (stored) storage.set('selection', stored);
  const notifications: NotifyParams[] = [...(from?.notifications ?? [])];
  const lookups: SampleIdRequest[][] = [];
  /** The fetches of 'Select All filtered Elements' and 'Fetch from …'. */
  const fetches: FetchRequest[] = [];
  /** Both, in the order sent. */
  const calls: Array<{ name: 'lookup' | 'fetch'; input: unknown }> = [];
  const restrictions: ListRestriction[] = [...(from?.restrictions ?? [])];
  let pending: { resolve: (v: SelectionItem[]) => void; reject: (e: unknown) => void } | null = null;
  const machine = selectionMachine.provide({
    actors: {
      lookup: fromPromise<SelectionItem[], LookupInput>(({ input }) => {
        lookups.push(input.requests);
        calls.push({ name: 'lookup', input: input.requests });
        return new Promise((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
      // One request at a time: lookups and fetches are states of one region.
      fetchItems: fromPromise<SelectionItem[], FetchRequest>(({ input }) => {
        fetches.push(input);
        calls.push({ name: 'fetch', input });
        return new Promise((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
    },
    actions: {
      notify: (_, params) => notifications.push(params),
      save: (_, { items: saved }) => storage.set('selection', saved),
    },
  });
  const snapshot = from?.actor.getPersistedSnapshot() as Snapshot | undefined;
  const actor = createActor(machine, snapshot ? { input: { items }, snapshot } : { input: { items } });
  actor.on('restrictionChanged', (e) => restrictions.push(e.restriction));
  actor.start();
  if (from) {
    lookups.splice(0, lookups.length, ...from.lookups);
    fetches.splice(0, fetches.length, ...from.fetches);
    calls.splice(0, calls.length, ...from.calls());
  }
  return {
    actor,
    notifications,
    lookups,
    fetches,
    restrictions,
    stored: () => storage.get('selection'),
    calls: () => [...calls],
    waiting: () => pending !== null,
    items: () => actor.getSnapshot().context.items,
    status: () => selectionStatus(actor.getSnapshot()),
    resolve: async (found: SelectionItem[]) => {
      expect(pending, 'a lookup is in flight').not.toBeNull();
      pending?.resolve(found);
      pending = null;
      await flush();
    },
    reject: async (error: unknown) => {
      expect(pending, 'a lookup is in flight').not.toBeNull();
      pending?.reject(error);
      pending = null;
      await flush();
    },
  };
}
type Sut = ReturnType<typeof createSut>;
/** What a copy takes over from the page it copies. */
interface Copied {
  actor: { getPersistedSnapshot(): unknown };
  notifications: NotifyParams[];
  lookups: SampleIdRequest[][];
  fetches: FetchRequest[];
  restrictions: ListRestriction[];
  stored(): SelectionItem[] | undefined;
  calls(): Array<{ name: 'lookup' | 'fetch'; input: unknown }>;
}

// One sample per equivalence class.
const SAMPLE_EVENTS = [
  { type: 'ADD', item: A },
  { type: 'ADD_MANY', items: [B, C, B] },
  { type: 'ADD_MANY', items: THOUSAND },
  { type: 'ADD_MANY', items: THOUSAND_AND_ONE },
  { type: 'REMOVE', key: A.key },
  { type: 'CLEAR' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'FILTER_ALL' },
  { type: 'FILTER_ALL_SIDS' },
  { type: 'ADD_SAMPLE_ID', input: '12345678' },
  { type: 'ADD_SAMPLE_ID', input: '5555555' },
  { type: 'ADD_SAMPLE_ID', input: '12a' },
  { type: 'FILES', files: [{ name: 'ids.ncd', text: '5555555000006 12 7\n' }] },
  { type: 'FILES', files: [{ name: 'ids.pdf', text: '5555555000006\n' }] },
  { type: 'xstate.done.actor.lookup', output: [FOUND] },
  { type: 'xstate.done.actor.lookup', output: [] },
  { type: 'xstate.error.actor.lookup', error: NOT_FOUND },
  { type: 'xstate.error.actor.lookup', error: BROKEN },
  { type: 'SELECT_ALL_FILTERED', total: 3, query: VIEW_QUERY },
  { type: 'SELECT_ALL_FILTERED', total: MAX_SELECTION + 1, query: VIEW_QUERY },
  { type: 'xstate.done.actor.fetchItems', output: [B, C] },
  { type: 'xstate.done.actor.fetchItems', output: THOUSAND },
  { type: 'xstate.error.actor.fetchItems', error: BROKEN },
  { type: 'FETCH_FROM_OTHER', items: [] },
  { type: 'FETCH_FROM_OTHER', items: [A] },
];

// ---- the oracle: what the Selection card and the table show, and what is sent -------------------

type Event = { type: string; [key: string]: unknown };
type View = 'card' | 'busy' | 'clear?' | 'select all?';
interface Seen {
  view: View;
  items: SelectionItem[];
  /** What storage holds (the selection survives a reload); nothing before the first change. */
  stored: SelectionItem[] | undefined;
  /** The table's restriction, as the last 'restrictionChanged' set it. */
  restriction: ListRestriction;
  requests: Array<{ name: 'lookup' | 'fetch'; input: unknown }>;
  messages: NotifyParams[];
  /** The user's action the page is busy with or asks about. */
  asked: Event | null;
}

const viewOf = (snapshot: Snapshot): View => {
  if (snapshot.matches('confirmingClear')) return 'clear?';
  if (snapshot.matches('confirmingSelectAll')) return 'select all?';
  if (snapshot.matches('ready')) return 'card';
  return 'busy';
};

const oracleDriver = (sut: Sut = createSut(), asked: Event | null = null): Driver<Seen, Event> => ({
  async send(event) {
    if (event.type.startsWith('xstate.')) {
      // An answer arrives only for the call under way.
      const name = event.type.split('.')[3] === 'lookup' ? 'lookup' : 'fetch';
      if (!sut.waiting() || sut.calls().at(-1)?.name !== name) return;
      if (event.type.includes('.done.')) await sut.resolve(event.output as SelectionItem[]);
      else await sut.reject(event.error);
    } else {
      const from = viewOf(sut.actor.getSnapshot());
      sut.actor.send(event as SelectionEvent);
      const to = viewOf(sut.actor.getSnapshot());
      if (from === 'card' && (to === 'busy' || to === 'select all?')) asked = event;
    }
    if (viewOf(sut.actor.getSnapshot()) === 'card') asked = null;
    for (const path of activePaths(sut.actor.getSnapshot().value)) visitedByOracle.add(path);
  },
  seen: () => {
    const snapshot = sut.actor.getSnapshot();
    return {
      view: viewOf(snapshot),
      items: [...snapshot.context.items],
      stored: sut.stored(),
      restriction: sut.restrictions.at(-1) ?? null,
      requests: sut.calls(),
      messages: [...sut.notifications],
      asked,
    };
  },
  fork: () => oracleDriver(createSut([], sut), asked),
});

const keys = (items: readonly SelectionItem[]) => items.map((i) => i.key);
/** The selection with `adding` put in, all or nothing: null when it would pass 1000. */
const withAdded = (items: readonly SelectionItem[], adding: readonly SelectionItem[]) => {
  const fresh = adding.filter(
    (a, i) => !items.some((x) => x.key === a.key) && adding.findIndex((b) => b.key === a.key) === i,
  );
  return items.length + fresh.length > MAX_SELECTION ? null : [...items, ...fresh];
};
const sentIn = (s: { before: Seen; after: Seen }) => added(s.before.requests, s.after.requests);
const saidIn = (s: { before: Seen; after: Seen }) => added(s.before.messages, s.after.messages);
const isUser = (e: Event) => !e.type.startsWith('xstate.');
/** An answer to the call under way (another is not delivered). */
const answered = (e: Event, before: Seen) =>
  !isUser(e) &&
  before.view === 'busy' &&
  before.requests.at(-1)?.name === (e.type.endsWith('.lookup') ? 'lookup' : 'fetch');
const TOO_LARGE = { kind: 'error', message: SELECTION_TOO_LARGE };
/** An addition as the user's action or an arrived batch makes it: all or nothing within 1000. */
const expectAdded = (step: Step<Seen, Event>, adding: readonly SelectionItem[]) => {
  const expected = withAdded(step.before.items, adding);
  expect(keys(step.after.items)).toEqual(keys(expected ?? step.before.items));
  return expected !== null;
};
/** What a lookup was for: the typed id's label, or the files' names. */
const lookupOf = (asked: Event | null) => {
  if (asked?.type === 'ADD_SAMPLE_ID') {
    const request = sampleIdRequest(asked.input as string)!;
    return { label: request.kind === 'exact' ? request.sId : request.prefix, files: null };
  }
  const files = (asked?.files as Array<{ name: string }>) ?? [];
  return { label: '', files: files.filter((f) => /\.(txt|csv|ncd)$/i.test(f.name)).map((f) => f.name) };
};

const selectionRules: Rules<Seen, Event> = {
  'Never more than 1000 items, each once': ({ after }) => {
    expect(after.items.length).toBeLessThanOrEqual(MAX_SELECTION);
    expect(new Set(keys(after.items)).size).toBe(after.items.length);
  },
  'What is stored is what is selected': ({ after }) => expect(after.stored ?? []).toEqual(after.items),
  'Any change of the selection lifts Filter all, and nothing else does but the toggles': (step) => {
    const { before, event, after } = step;
    if (event.type === 'FILTER_ALL' || event.type === 'FILTER_ALL_SIDS') return;
    if (keys(after.items).join() !== keys(before.items).join()) expect(after.restriction).toBeNull();
    else expect(after.restriction).toEqual(before.restriction);
  },
  "The toggles: 'Filter all' shows the selected ids, 'Filter all Sample IDs' their sIds; again lifts it": (
    step,
  ) => {
    const { before, event, after } = step;
    const kind =
      event.type === 'FILTER_ALL' ? 'selection' : event.type === 'FILTER_ALL_SIDS' ? 'sampleIds' : null;
    if (!kind) return;
    expect(sentIn(step)).toEqual([]);
    expect(after.items).toEqual(before.items);
    if (before.restriction?.kind === kind) return expect(after.restriction).toBeNull();
    if (before.items.length === 0) return expect(after.restriction).toEqual(before.restriction);
    expect(after.restriction).toEqual(
      kind === 'selection'
        ? { kind, ids: keys(before.items) }
        : { kind, sIds: [...new Set(before.items.map((i) => i.sId))] },
    );
  },
  'Adding: a new item while under 1000, a duplicate changes nothing, past 1000 none and the message': (
    step,
  ) => {
    const { before, event, after } = step;
    if (event.type !== 'ADD' && event.type !== 'ADD_MANY') return;
    expect(sentIn(step)).toEqual([]);
    expect(after.view).toBe(before.view);
    const adding = event.type === 'ADD' ? [event.item as SelectionItem] : (event.items as SelectionItem[]);
    const fits = expectAdded(step, adding);
    expect(saidIn(step)).toEqual(fits ? [] : [TOO_LARGE]);
  },
  'Removing a selected item, anywhere; another key changes nothing': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'REMOVE') return;
    expect(keys(after.items)).toEqual(keys(before.items).filter((k) => k !== event.key));
    expect(sentIn(step)).toEqual([]);
  },
  'Clear asks first (only with items); Confirm clears, Cancel keeps': (step) => {
    const { before, event, after } = step;
    if (event.type === 'CLEAR' && before.view === 'card') {
      expect(after.items).toEqual(before.items);
      expect(after.view).toBe(before.items.length > 0 ? 'clear?' : 'card');
    }
    if (before.view === 'clear?' && event.type === 'CONFIRM')
      expect([after.view, after.items]).toEqual(['card', []]);
    if (before.view === 'clear?' && event.type === 'CANCEL')
      expect([after.view, after.items]).toEqual(['card', before.items]);
    // The last item removed while asking: no question left to ask.
    if (after.view === 'clear?') expect(after.items.length).toBeGreaterThan(0);
  },
  'Add SampleID looks up a sample id and refuses anything else with the sId message': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'ADD_SAMPLE_ID' || before.view !== 'card') return;
    const request = sampleIdRequest(event.input as string);
    if (request) {
      expect(sentIn(step)).toEqual([{ name: 'lookup', input: [request] }]);
      expect(after.view).toBe('busy');
    } else {
      expect(sentIn(step)).toEqual([]);
      expect(saidIn(step)).toEqual([{ kind: 'error', message: SID_MESSAGE }]);
    }
  },
  'Files: their ids are looked up; a file of another type is named and sends nothing': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'FILES' || before.view !== 'card') return;
    const files = event.files as Array<{ name: string }>;
    if (files.some((f) => f.name.endsWith('.ncd'))) {
      expect(sentIn(step)).toEqual([{ name: 'lookup', input: [{ kind: 'exact', sId: '5555555000006' }] }]);
      expect(after.view).toBe('busy');
    } else {
      expect(sentIn(step)).toEqual([]);
      expect(saidIn(step)).toEqual([{ kind: 'error', message: wrongFileType(files[0]!.name) }]);
    }
  },
  'A lookup adds what was found and says so; none found, already selected, too many or failed say that': (
    step,
  ) => {
    const { before, event, after } = step;
    if (
      !answered(event, before) ||
      before.asked?.type === 'SELECT_ALL_FILTERED' ||
      before.asked?.type === 'FETCH_FROM_OTHER'
    )
      return;
    const { label, files } = lookupOf(before.asked);
    const failed = files ? files.map(fileNotImported).join(' ') : null;
    expect(after.view).toBe('card');
    if (event.type.includes('.error.')) {
      expect(after.items).toEqual(before.items);
      const notFound = (event.error as ApiError).status === 404;
      return expect(saidIn(step)).toEqual([
        { kind: 'error', message: failed ?? (notFound ? sampleNotFound(label) : notFetched(label)) },
      ]);
    }
    const found = event.output as SelectionItem[];
    const fresh = found.filter((f) => !before.items.some((i) => i.key === f.key));
    if (found.length === 0) {
      expect(after.items).toEqual(before.items);
      return expect(saidIn(step)).toEqual([{ kind: 'error', message: failed ?? sampleNotFound(label) }]);
    }
    if (!files && fresh.length === 0) {
      expect(after.items).toEqual(before.items);
      return expect(saidIn(step)).toEqual([{ kind: 'info', message: alreadyInSelection(label) }]);
    }
    const fits = expectAdded(step, found);
    const success = files ? files.map(fileUploaded).join(' ') : addedToSelection(label);
    expect(saidIn(step)).toEqual(fits ? [{ kind: 'success', message: success }] : [TOO_LARGE]);
  },
  "'Select All filtered Elements': refused above 1000, asks otherwise, then fetches the first 1000": (
    step,
  ) => {
    const { before, event, after } = step;
    if (event.type === 'SELECT_ALL_FILTERED' && before.view === 'card') {
      expect(sentIn(step)).toEqual([]);
      if ((event.total as number) > MAX_SELECTION) {
        expect(saidIn(step)).toEqual([TOO_LARGE]);
        expect(after.view).toBe('card');
      } else expect(after.view).toBe('select all?');
    }
    if (before.view !== 'select all?') return;
    if (event.type === 'CONFIRM') {
      const asked = before.asked!;
      expect(sentIn(step)).toEqual([
        {
          name: 'fetch',
          input: {
            kind: 'filtered',
            total: asked.total,
            query: { ...(asked.query as SelectionQuery), page: 0, size: MAX_SELECTION },
          },
        },
      ]);
      expect(after.view).toBe('busy');
    } else if (event.type === 'CANCEL') {
      expect(sentIn(step)).toEqual([]);
      expect(after.view).toBe('card');
    }
  },
  "'Fetch from …' fetches the other screen's items, when it has any": (step) => {
    const { before, event, after } = step;
    if (event.type !== 'FETCH_FROM_OTHER' || before.view !== 'card') return;
    const items = event.items as SelectionItem[];
    expect(sentIn(step)).toEqual(
      items.length > 0 ? [{ name: 'fetch', input: { kind: 'other', items } }] : [],
    );
    expect(after.view).toBe(items.length > 0 ? 'busy' : 'card');
  },
  'A fetched batch is added all or nothing; a failure says so as a list request or a lookup does': (step) => {
    const { before, event, after } = step;
    const kind =
      before.asked?.type === 'SELECT_ALL_FILTERED'
        ? 'filtered'
        : before.asked?.type === 'FETCH_FROM_OTHER'
          ? 'other'
          : null;
    if (!answered(event, before) || !kind) return;
    expect(after.view).toBe('card');
    if (event.type.includes('.error.')) {
      expect(after.items).toEqual(before.items);
      return expect(saidIn(step)).toEqual([
        { kind: 'error', message: kind === 'filtered' ? SERVER_TIMEOUT : CHECK_LOGS },
      ]);
    }
    const fits = expectAdded(step, event.output as SelectionItem[]);
    expect(saidIn(step)).toEqual(fits ? [] : [TOO_LARGE]);
  },
  'While a lookup or fetch is under way, nothing more is sent': (step) => {
    if (step.before.view === 'busy' && isUser(step.event)) expect(sentIn(step)).toEqual([]);
  },
};

const visitedByOracle = new Set<string>();
/** The user's actions and the server's answers; an answer may carry an item selected already. */
const eventsOf = (state: Snapshot): Event[] => {
  const first = state.context.items[0];
  const selected = first ? [first] : [FOUND];
  return [
    ...(SAMPLE_EVENTS as Event[]),
    { type: 'xstate.done.actor.lookup', output: selected },
    { type: 'xstate.done.actor.fetchItems', output: selected },
  ];
};

describe('selection: every transition judged by the spec rules', () => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () =>
    createTestModel(
      toTestModelMachine(
        selectionMachine.provide({ actions: { notify: () => undefined, save: () => undefined } }),
      ),
      {
        events: (state) => eventsOf(state) as never,
        input: {},
        // Which items are selected matters less than how many, whether FOUND is one, and the toggles.
        serializeState: (state) =>
          JSON.stringify({
            value: state.value,
            count: state.context.items.length,
            found: state.context.items.some((i) => i.key === FOUND.key),
            filterAll: state.context.filterAll,
            filterAllSIds: state.context.filterAllSIds,
            fetch: state.context.fetch?.kind ?? null,
            pending: state.context.pending?.source ?? null,
          }),
      },
    );
  const walks = explored(() => transitionWalks(buildModel() as never, eventsOf as never) as Walk<Event>[]);
  it.each(walks.map((w) => [shortName(w.name), w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, () => oracleDriver(), selectionRules);
  });

  it('visited every state', () => {
    expect([...visitedByOracle].sort()).toEqual(restingStateNodes(selectionMachine).sort());
  });
});

/** A walk's name, short enough for a test title. */
const shortName = (name: string) => (name.length > 200 ? `${name.slice(0, 197)}…` : name);

describe('adding and removing', () => {
  it('adds without duplicates', () => {
    const sut = createSut();
    sut.actor.send({ type: 'ADD', item: A });
    sut.actor.send({ type: 'ADD', item: A });
    sut.actor.send({ type: 'ADD_MANY', items: [A, B, B, C] });
    expect(sut.items().map((i) => i.key)).toEqual(['1', '2', '3']);
    expect(sut.stored()).toEqual([A, B, C]);
  });

  it('accepts a selection of 1000 and refuses the 1001st', () => {
    const sut = createSut();
    sut.actor.send({ type: 'ADD_MANY', items: THOUSAND });
    expect(sut.items()).toHaveLength(1000);
    expect(sut.notifications).toEqual([]);
    sut.actor.send({ type: 'ADD', item: A });
    expect(sut.items()).toHaveLength(1000);
    expect(sut.notifications).toEqual([{ kind: 'error', message: SELECTION_TOO_LARGE }]);
    // Re-adding a selected item is no change and no error.
    sut.actor.send({ type: 'ADD', item: THOUSAND[0]! });
    expect(sut.notifications).toHaveLength(1);
  });

  it("refuses 1001 at once with 'You will have more than 1000 Elements! …' and adds none", () => {
    const sut = createSut();
    sut.actor.send({ type: 'ADD_MANY', items: THOUSAND_AND_ONE });
    expect(sut.items()).toEqual([]);
    expect(sut.notifications).toEqual([
      {
        kind: 'error',
        message: 'You will have more than 1000 Elements! Please reduce the amount of selected Elements!',
      },
    ]);
  });

  it('counts only new items against the limit', () => {
    const sut = createSut(many(999));
    sut.actor.send({ type: 'ADD_MANY', items: [...many(999), A] });
    expect(sut.items()).toHaveLength(1000);
    sut.actor.send({ type: 'ADD_MANY', items: [B, C] });
    expect(sut.items()).toHaveLength(1000);
    expect(sut.notifications.at(-1)?.message).toBe(SELECTION_TOO_LARGE);
  });

  it('removes by key', () => {
    const sut = createSut([A, B]);
    sut.actor.send({ type: 'REMOVE', key: A.key });
    expect(sut.items()).toEqual([B]);
    expect(sut.stored()).toEqual([B]);
  });

  it('asks before clearing; CANCEL keeps, CONFIRM clears', () => {
    const sut = createSut([A, B]);
    sut.actor.send({ type: 'CLEAR' });
    expect(sut.status()).toBe('confirmingClear');
    sut.actor.send({ type: 'CANCEL' });
    expect(sut.items()).toEqual([A, B]);
    sut.actor.send({ type: 'CLEAR' });
    sut.actor.send({ type: 'CONFIRM' });
    expect(sut.items()).toEqual([]);
    expect(sut.stored()).toEqual([]);
    expect(sut.status()).toBe('ready');
  });
});

describe("'Filter all' toggles", () => {
  it('restrict to the selected ids, or to the selected samples’ sIds', () => {
    const sut = createSut([A, item(5), B]);
    sut.actor.send({ type: 'FILTER_ALL' });
    expect(sut.restrictions.at(-1)).toEqual({ kind: 'selection', ids: ['1', '5', '2'] });
    sut.actor.send({ type: 'FILTER_ALL_SIDS' });
    expect(sut.actor.getSnapshot().context).toMatchObject({ filterAll: false, filterAllSIds: true });
    expect(sut.restrictions.at(-1)).toEqual({ kind: 'sampleIds', sIds: [A.sId, B.sId] });
    sut.actor.send({ type: 'FILTER_ALL_SIDS' });
    expect(sut.restrictions.at(-1)).toBeNull();
  });

  it.each([
    ['ADD', { type: 'ADD', item: C }],
    ['ADD_MANY', { type: 'ADD_MANY', items: [C] }],
    ['REMOVE', { type: 'REMOVE', key: A.key }],
  ] as Array<[string, SelectionEvent]>)('are reset when the selection changes (%s)', (_, event) => {
    const sut = createSut([A, B]);
    sut.actor.send({ type: 'FILTER_ALL' });
    sut.actor.send(event);
    expect(sut.actor.getSnapshot().context).toMatchObject({ filterAll: false, filterAllSIds: false });
    expect(sut.restrictions).toEqual([{ kind: 'selection', ids: ['1', '2'] }, null]);
  });

  it('are reset by clearing', () => {
    const sut = createSut([A]);
    sut.actor.send({ type: 'FILTER_ALL_SIDS' });
    sut.actor.send({ type: 'CLEAR' });
    sut.actor.send({ type: 'CONFIRM' });
    expect(sut.restrictions.at(-1)).toBeNull();
    expect(sut.actor.getSnapshot().context.filterAllSIds).toBe(false);
  });

  it('stay on when nothing changed (a duplicate ADD)', () => {
    const sut = createSut([A]);
    sut.actor.send({ type: 'FILTER_ALL' });
    sut.actor.send({ type: 'ADD', item: A });
    expect(sut.actor.getSnapshot().context.filterAll).toBe(true);
  });

  it('do nothing on an empty selection', () => {
    const sut = createSut();
    sut.actor.send({ type: 'FILTER_ALL' });
    sut.actor.send({ type: 'FILTER_ALL_SIDS' });
    expect(sut.restrictions).toEqual([]);
  });
});

describe('Add SampleID', () => {
  it('pads 8 characters to the full code and adds what the server found', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'ADD_SAMPLE_ID', input: '12345678' });
    const full = toFullSampleId('12345678')!;
    expect(sut.lookups).toEqual([[{ kind: 'exact', sId: full }]]);
    await sut.resolve([item(7, full)]);
    expect(sut.items()).toEqual([item(7, full)]);
    expect(sut.notifications).toEqual([{ kind: 'success', message: `sId#${full} was added to Selection!` }]);
  });

  it('says an id is already selected instead of added, and changes nothing', async () => {
    const full = toFullSampleId('12345678')!;
    const sut = createSut([item(7, full)]);
    sut.actor.send({ type: 'ADD_SAMPLE_ID', input: '12345678' });
    await sut.resolve([item(7, full)]);
    expect(sut.items()).toEqual([item(7, full)]);
    expect(sut.stored()).toBeUndefined();
    expect(sut.notifications).toEqual([
      { kind: 'info', message: `sId#${full} is already in the Selection!` },
    ]);
  });

  it('searches by prefix for 7 characters and adds all matches', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'ADD_SAMPLE_ID', input: '5555555' });
    expect(sut.lookups).toEqual([[{ kind: 'prefix', prefix: '5555555' }]]);
    await sut.resolve([FOUND, item(41, '5555555100005')]);
    expect(sut.items()).toHaveLength(2);
  });

  it('takes other lengths as they are', () => {
    const sut = createSut();
    sut.actor.send({ type: 'ADD_SAMPLE_ID', input: ' 1234567800004 ' });
    expect(sut.lookups).toEqual([[{ kind: 'exact', sId: '1234567800004' }]]);
  });

  it.each(['abc', '12345678901234', ''])('refuses %j with the sId message', (input) => {
    const sut = createSut();
    sut.actor.send({ type: 'ADD_SAMPLE_ID', input });
    expect(sut.lookups).toEqual([]);
    expect(sut.notifications).toEqual([{ kind: 'error', message: SID_MESSAGE }]);
  });

  it.each([
    ['an empty answer', (sut: Sut) => sut.resolve([])],
    ['a 404', (sut: Sut) => sut.reject(NOT_FOUND)],
  ])("says 'Error occurred, SampleId#… was not found!' on %s", async (_, answer) => {
    const sut = createSut();
    sut.actor.send({ type: 'ADD_SAMPLE_ID', input: '1234567800004' });
    await answer(sut);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'Error occurred, SampleId#1234567800004 was not found!' },
    ]);
    expect(sut.status()).toBe('ready');
  });

  it("says 'ID#… could not be fetched!' when the lookup fails otherwise", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'ADD_SAMPLE_ID', input: '1234567800004' });
    await sut.reject(BROKEN);
    expect(sut.notifications).toEqual([{ kind: 'error', message: 'ID#1234567800004 could not be fetched!' }]);
  });

  it('refuses found items that would pass 1000', async () => {
    const sut = createSut(THOUSAND);
    sut.actor.send({ type: 'ADD_SAMPLE_ID', input: '5555555000006' });
    await sut.resolve([FOUND]);
    expect(sut.items()).toHaveLength(1000);
    expect(sut.notifications).toEqual([{ kind: 'error', message: SELECTION_TOO_LARGE }]);
  });
});

describe('selection files', () => {
  it("refuses other file types with 'Selected file … must be a txt, csv or ncd File!'", () => {
    const sut = createSut();
    sut.actor.send({ type: 'FILES', files: [{ name: 'ids.xlsx', text: '1234567800004' }] });
    expect(sut.lookups).toEqual([]);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'Selected file ids.xlsx must be a txt, csv or ncd File!' },
    ]);
  });

  it('reads the first number of each .ncd line and one number per line otherwise', async () => {
    const sut = createSut();
    sut.actor.send({
      type: 'FILES',
      files: [
        { name: 'run.ncd', text: '1234567800004 17.2 3\r\n2000000000008 16.9 1\n\n' },
        { name: 'list.txt', text: '3000000000005\n12345678\n' },
        { name: 'notes.doc', text: '4000000000002' },
      ],
    });
    expect(sut.lookups).toEqual([
      [
        { kind: 'exact', sId: '1234567800004' },
        { kind: 'exact', sId: '2000000000008' },
        { kind: 'exact', sId: '3000000000005' },
        { kind: 'exact', sId: toFullSampleId('12345678') },
      ],
    ]);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'Selected file notes.doc must be a txt, csv or ncd File!' },
    ]);
    await sut.resolve([A, B, C]);
    expect(sut.items()).toEqual([A, B, C]);
    expect(sut.notifications.at(-1)).toEqual({
      kind: 'success',
      message: 'File run.ncd was uploaded successfully! File list.txt was uploaded successfully!',
    });
  });

  it('imports the ids of a file and reports its lines that are no SampleID', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'FILES', files: [{ name: 'day.csv', text: 'sId\n3000000000005\nabc\n' }] });
    expect(sut.lookups).toEqual([[{ kind: 'exact', sId: '3000000000005' }]]);
    await sut.resolve([A]);
    expect(sut.notifications.at(-1)).toEqual({
      kind: 'success',
      message:
        'File day.csv was uploaded successfully! File day.csv: lines 1, 3 (2) are not SampleIDs and were left out.',
    });
  });

  it('names a file without ids as not imported', () => {
    const sut = createSut();
    sut.actor.send({ type: 'FILES', files: [{ name: 'empty.csv', text: 'sId\n' }] });
    expect(sut.lookups).toEqual([]);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'Error occurred, file empty.csv was not imported!' },
    ]);
  });

  it("a file whose ids are all selected already keeps 'Filter all' and the stored selection", async () => {
    const sut = createSut([FOUND]);
    sut.actor.send({ type: 'FILTER_ALL' });
    expect(sut.restrictions).toEqual([{ kind: 'selection', ids: [FOUND.key] }]);
    sut.actor.send({ type: 'FILES', files: [{ name: 'ids.txt', text: `${FOUND.sId}\n` }] });
    await sut.resolve([FOUND]);
    expect(sut.items()).toEqual([FOUND]);
    expect(sut.restrictions).toEqual([{ kind: 'selection', ids: [FOUND.key] }]);
    expect(sut.stored()).toBeUndefined();
    expect(sut.notifications.at(-1)).toEqual({
      kind: 'success',
      message: 'File ids.txt was uploaded successfully!',
    });
  });
});

describe('Select All filtered Elements', () => {
  it('is refused above 1000 matching items, with the spec message and no request', () => {
    const sut = createSut();
    sut.actor.send({ type: 'SELECT_ALL_FILTERED', total: MAX_SELECTION + 1, query: VIEW_QUERY });
    expect(sut.status()).toBe('ready');
    expect(sut.fetches).toEqual([]);
    expect(sut.notifications).toEqual([{ kind: 'error', message: SELECTION_TOO_LARGE }]);
  });

  it('asks, fetches the first 1000 of the view and adds them; Cancel fetches nothing', async () => {
    const cancelled = createSut();
    cancelled.actor.send({ type: 'SELECT_ALL_FILTERED', total: 2, query: VIEW_QUERY });
    expect(cancelled.status()).toBe('confirmingSelectAll');
    cancelled.actor.send({ type: 'CANCEL' });
    expect(cancelled.fetches).toEqual([]);

    const sut = createSut([A]);
    sut.actor.send({ type: 'SELECT_ALL_FILTERED', total: 2, query: VIEW_QUERY });
    expect(sut.actor.getSnapshot().context.fetch).toMatchObject({ kind: 'filtered', total: 2 });
    sut.actor.send({ type: 'CONFIRM' });
    expect(sut.status()).toBe('fetching');
    await sut.resolve([A, B]);
    expect(sut.items().map((i) => i.key)).toEqual(['1', '2']);
    expect(sut.status()).toBe('ready');
  });

  it('adds none when the fetched items would pass 1000 together with the selected ones', async () => {
    const sut = createSut(many(10, 5000));
    sut.actor.send({ type: 'SELECT_ALL_FILTERED', total: MAX_SELECTION, query: VIEW_QUERY });
    sut.actor.send({ type: 'CONFIRM' });
    await sut.resolve(THOUSAND);
    expect(sut.items()).toHaveLength(10);
    expect(sut.notifications.at(-1)).toEqual({ kind: 'error', message: SELECTION_TOO_LARGE });
  });

  it('a failed fetch says so as a failed list request does (docs/dev/product-rules.md#messages)', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'SELECT_ALL_FILTERED', total: 5, query: VIEW_QUERY });
    sut.actor.send({ type: 'CONFIRM' });
    await sut.reject(BROKEN);
    expect(sut.notifications).toEqual([{ kind: 'error', message: SERVER_TIMEOUT }]);
    expect(sut.actor.getSnapshot().context.fetch).toBeNull();
  });
});

describe('Fetch from the other screen', () => {
  it("adds the other screen's items as this screen's; nothing selected there asks nothing", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'FETCH_FROM_OTHER', items: [] });
    expect(sut.fetches).toEqual([]);
    sut.actor.send({ type: 'FETCH_FROM_OTHER', items: [A, B] });
    expect(sut.fetches).toEqual([{ kind: 'other', items: [A, B] }]);
    await sut.resolve([C]);
    expect(sut.items()).toEqual([C]);
  });

  it('a failed fetch asks to check the logs', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'FETCH_FROM_OTHER', items: [A] });
    await sut.reject(BROKEN);
    expect(sut.notifications).toEqual([{ kind: 'error', message: CHECK_LOGS }]);
    expect(sut.items()).toEqual([]);
  });
});

// Found by StrykerJS (2026-11-27, the whole file, 551 mutants: 86.8 % before these): each test
// below failed with its mutant planted by hand.
describe('selection: what the walks did not judge', () => {
  it("'Filter all' turned off and on again restricts the table again (and 'Filter all Sample IDs')", () => {
    const ids = createSut([A, B]);
    for (let i = 0; i < 3; i++) ids.actor.send({ type: 'FILTER_ALL' });
    const byIds = { kind: 'selection', ids: [A.key, B.key] };
    expect(ids.restrictions).toEqual([byIds, null, byIds]);
    const sIds = createSut([A, B]);
    for (let i = 0; i < 3; i++) sIds.actor.send({ type: 'FILTER_ALL_SIDS' });
    const bySIds = { kind: 'sampleIds', sIds: [A.sId, B.sId] };
    expect(sIds.restrictions).toEqual([bySIds, null, bySIds]);
  });

  it('a change of the selection with no toggle on tells the table nothing', () => {
    const sut = createSut([A]);
    sut.actor.send({ type: 'ADD', item: B });
    sut.actor.send({ type: 'REMOVE', key: A.key });
    expect(sut.items()).toEqual([B]);
    expect(sut.restrictions).toEqual([]);
  });

  it('with neither toggle on the table is not restricted', () => {
    expect(restrictionOf({ items: [A, B], filterAll: false, filterAllSIds: false })).toBeNull();
    expect(restrictionOf({ items: [A, B], filterAll: false, filterAllSIds: true })).toEqual({
      kind: 'sampleIds',
      sIds: [A.sId, B.sId],
    });
  });

  it('starts empty when nothing was stored', () => {
    const actor = createActor(
      selectionMachine.provide({ actions: { notify: () => undefined, save: () => undefined } }),
      { input: {} },
    ).start();
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('files of the accepted types say nothing until their answer', () => {
    const sut = createSut();
    sut.actor.send({ type: 'FILES', files: [{ name: 'ids.txt', text: '3000000000005\n' }] });
    expect(sut.lookups).toEqual([[{ kind: 'exact', sId: '3000000000005' }]]);
    expect(sut.notifications).toEqual([]);
  });

  it('several files of another type, or without ids, are each named in one text', () => {
    const wrong = createSut();
    wrong.actor.send({
      type: 'FILES',
      files: [
        { name: 'a.xlsx', text: '3000000000005' },
        { name: 'b.doc', text: '2000000000008' },
      ],
    });
    expect(wrong.notifications).toEqual([
      { kind: 'error', message: `${wrongFileType('a.xlsx')} ${wrongFileType('b.doc')}` },
    ]);
    const empty = createSut();
    empty.actor.send({
      type: 'FILES',
      files: [
        { name: 'a.csv', text: 'sId\n' },
        { name: 'b.txt', text: '' },
      ],
    });
    expect(empty.notifications).toEqual([
      { kind: 'error', message: `${fileNotImported('a.csv')} ${fileNotImported('b.txt')}` },
    ]);
  });

  it.each([
    ['finds none of their ids', (sut: Sut) => sut.resolve([])],
    ['answers 404', (sut: Sut) => sut.reject(NOT_FOUND)],
    ['fails', (sut: Sut) => sut.reject(BROKEN)],
  ])('files whose lookup %s are each named as not imported', async (_what, answer) => {
    const sut = createSut();
    sut.actor.send({
      type: 'FILES',
      files: [
        { name: 'a.txt', text: '3000000000005\n' },
        { name: 'b.csv', text: '2000000000008\n' },
      ],
    });
    await answer(sut);
    expect(sut.items()).toEqual([]);
    expect(sut.notifications).toEqual([
      { kind: 'error', message: `${fileNotImported('a.txt')} ${fileNotImported('b.csv')}` },
    ]);
  });

  it('a number that is no SampleID is left out, not looked up, and said per file; other types are not read', async () => {
    // Seventeen digits: a number, but no sample id of any length the lookups know.
    expect(sampleIdRequest('12345678901234567')).toBeNull();
    const sut = createSut();
    sut.actor.send({
      type: 'FILES',
      files: [
        { name: 'a.csv', text: '3000000000005\n12345678901234567\n' },
        { name: 'b.txt', text: 'abc\n2000000000008\n' },
        { name: 'c.doc', text: 'xyz\n' },
      ],
    });
    expect(sut.lookups).toEqual([
      [
        { kind: 'exact', sId: '3000000000005' },
        { kind: 'exact', sId: '2000000000008' },
      ],
    ]);
    await sut.resolve([A, B]);
    expect(sut.notifications.at(-1)).toEqual({
      kind: 'success',
      message: [
        fileUploaded('a.csv'),
        fileUploaded('b.txt'),
        fileLinesLeftOut('a.csv', [2]),
        fileLinesLeftOut('b.txt', [1]),
      ].join(' '),
    });
  });
});
