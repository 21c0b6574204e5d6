// Model-based and scenario tests of the selection machine. The system under test is a real actor
// with a fake lookup, storage and snackbar, observed as the Selection card and the table see it:
// the items, what was stored, the restriction emitted for the list, the lookups and the messages.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import { MAX_SELECTION } from '../../src/domain/constants';
import { toFullSampleId } from '../../src/domain/ids';
import type { ListRestriction } from '../../src/domain/listQuery';
import { CHECK_LOGS, SELECTION_TOO_LARGE, SERVER_TIMEOUT, SID_MESSAGE } from '../../src/domain/messages';
import type { SelectionQuery } from '../../src/domain/query';
import type { SampleIdRequest, SelectionItem } from '../../src/domain/selectionItem';
import {
  selectionMachine,
  selectionStatus,
  type LookupInput,
  type FetchRequest,
  type NotifyParams,
  type SelectionEvent,
  type SelectionMachine,
} from '../../src/machines/selection.machine';
import { flush, restingStateNodes, explored, toTestModelMachine } from './model';

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

function createSut(items: SelectionItem[] = []) {
  const storage = new Map<string, SelectionItem[]>();
  const notifications: NotifyParams[] = [];
  const lookups: SampleIdRequest[][] = [];
  /** The fetches of 'Select All filtered Elements' and 'Fetch from …'. */
  const fetches: FetchRequest[] = [];
  const restrictions: ListRestriction[] = [];
  let pending: { resolve: (v: SelectionItem[]) => void; reject: (e: unknown) => void } | null = null;
  const machine = selectionMachine.provide({
    actors: {
      lookup: fromPromise<SelectionItem[], LookupInput>(({ input }) => {
        lookups.push(input.requests);
        return new Promise((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
      // One request at a time: lookups and fetches are states of one region.
      fetchItems: fromPromise<SelectionItem[], FetchRequest>(({ input }) => {
        fetches.push(input);
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
  const actor = createActor(machine, { input: { items } });
  actor.on('restrictionChanged', (e) => restrictions.push(e.restriction));
  actor.start();
  return {
    actor,
    notifications,
    lookups,
    fetches,
    restrictions,
    stored: () => storage.get('selection'),
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

const visited = new Set<string>();

/** The path's events with their payloads cut short (a 1000-item batch would fill the report). */
const describePath = (path: { state: Snapshot; steps: Array<{ event: { type: string } }> }): string => {
  const steps = path.steps.map(({ event }) => {
    const { type, ...payload } = event;
    const text = JSON.stringify(payload);
    return text === '{}' ? type : `${type} ${text.length > 60 ? `${text.slice(0, 57)}…` : text}`;
  });
  const c = path.state.context;
  return `reaches ${JSON.stringify(path.state.value)} with ${c.items.length} items${c.filterAll ? ', Filter all' : ''}${c.filterAllSIds ? ', Filter all Sample IDs' : ''}: ${steps.join(' → ')}`;
};

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

describe('selection machine model', () => {
  const model = createTestModel(toTestModelMachine(selectionMachine), {
    events: SAMPLE_EVENTS as never,
    input: {},
    // Which items are selected matters less than how many, and whether a toggle is on.
    serializeState: (state) =>
      JSON.stringify({
        value: state.value,
        count: state.context.items.length,
        filterAll: state.context.filterAll,
        filterAllSIds: state.context.filterAllSIds,
      }),
  });
  const paths = explored(() => model.getShortestPaths());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_description, path) => {
    const sut: Sut = createSut();
    const send = ({ event }: { event: { type: string } }) => {
      sut.actor.send(event as never);
    };
    await path.test({
      events: {
        ADD: send,
        ADD_MANY: send,
        REMOVE: send,
        CLEAR: send,
        CONFIRM: send,
        CANCEL: send,
        FILTER_ALL: send,
        FILTER_ALL_SIDS: send,
        ADD_SAMPLE_ID: send,
        FILES: send,
        'xstate.done.actor.lookup': async ({ event }: { event: { output: SelectionItem[] } }) => {
          await sut.resolve(event.output);
        },
        'xstate.error.actor.lookup': async ({ event }: { event: { error: unknown } }) => {
          await sut.reject(event.error);
        },
        SELECT_ALL_FILTERED: send,
        FETCH_FROM_OTHER: send,
        'xstate.done.actor.fetchItems': async ({ event }: { event: { output: SelectionItem[] } }) => {
          await sut.resolve(event.output);
        },
        'xstate.error.actor.fetchItems': async ({ event }: { event: { error: unknown } }) => {
          await sut.reject(event.error);
        },
      } as never,
      states: {
        '#selection': (state: Snapshot) => {
          const real = sut.actor.getSnapshot();
          visited.add(String(real.value));
          expect(real.value).toEqual(state.value);
          expect(sut.items()).toHaveLength(state.context.items.length);
          expect(sut.items().length).toBeLessThanOrEqual(MAX_SELECTION);
          expect(new Set(sut.items().map((i) => i.key)).size).toBe(sut.items().length);
          // What is stored is what is selected.
          expect(sut.stored() ?? []).toEqual(sut.items());
          // The list is restricted exactly while a toggle is on.
          expect(real.context.filterAll).toBe(state.context.filterAll);
          expect(real.context.filterAllSIds).toBe(state.context.filterAllSIds);
          const last = sut.restrictions.at(-1) ?? null;
          if (real.context.filterAll)
            expect(last).toEqual({ kind: 'selection', ids: sut.items().map((i) => i.key) });
          else if (real.context.filterAllSIds) expect(last?.kind).toBe('sampleIds');
          else expect(last).toBeNull();
        },
        confirmingSelectAll: (state: Snapshot) => {
          // Asked only for what fits (docs/dev/product-rules.md#behaviour: blocked above 1000), nothing fetched before the answer.
          const fetch = state.context.fetch;
          expect(fetch?.kind === 'filtered' && fetch.total).toBeLessThanOrEqual(MAX_SELECTION);
        },
        fetching: () => {
          // The first page of at most 1000 of the view's query, whatever page the view shows; or
          // the other screen's items.
          expect([
            { kind: 'filtered', total: 3, query: { ...VIEW_QUERY, page: 0, size: MAX_SELECTION } },
            { kind: 'other', items: [A] },
          ]).toContainEqual(sut.fetches.at(-1));
        },
        lookingUp: () => {
          expect(sut.lookups.at(-1)?.length).toBeGreaterThan(0);
        },
        confirmingClear: () => {
          expect(sut.items().length).toBeGreaterThan(0);
        },
      } as never,
    });
  });

  it('visited every state of the machine', () => {
    expect([...visited]).toEqual(expect.arrayContaining(restingStateNodes(selectionMachine)));
  });
});

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
