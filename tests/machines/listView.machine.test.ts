// Model-based and clocked scenario tests of the list view machine. The system under test is a real
// actor with a fake list request that honours its AbortSignal, on a simulated clock, observed as the
// table sees it: the queries sent, which ones were aborted, the rows, and the notifications.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import { MAX_SELECTION } from '../../src/domain/constants';
import { FILTER_MISMATCH, REFRESH_TIMER_MESSAGE, SERVER_BUSY, SERVER_TIMEOUT } from '../../src/domain/messages';
import type { SelectionQuery } from '../../src/domain/query';
import {
  listQueryOf,
  listViewMachine,
  listViewStatus,
  refreshDelayMs,
  type FetchPageInput,
  type ListPage,
  type ListViewMachine,
  type NotifyParams,
  type PageCheck,
} from '../../src/machines/listView.machine';
import { activePaths, flush, restingStateNodes, explored, toTestModelMachine } from './model';

type Snapshot = SnapshotFrom<ListViewMachine>;

const REFRESH_EVENT = 'xstate.after.REFRESH.listView.idle.refreshing';
const PAGE: ListPage = {
  rows: [{ aId: 1 }, { aId: 2 }],
  totalItems: 120,
  totalPages: 3,
  average: { polAverage: 17.1 },
};
const ABORTED = new ApiError({ kind: 'aborted', message: 'The operation was aborted.' });
/**
 * A page shown before its rows were all checked (the check itself is the SUT's, see resolve); the
 * check outputs the rows as the schema does, which drops keys it does not know.
 */
const UNCHECKED_ROWS = [{ aId: 1, unchecked: true }, { aId: 2 }];
const CHECKED_ROWS = PAGE.rows;
const LATER: PageCheck = { rows: new Promise<unknown[]>(() => undefined), cancel: () => undefined };
const STAGED: ListPage = { ...PAGE, rows: UNCHECKED_ROWS, check: LATER };
const INVALID = new ApiError({ kind: 'invalid', message: 'Unexpected response: row 14000' });
const TIMEOUT = new ApiError({ kind: 'timeout', message: 'Request timed out' });
const REJECTED = new ApiError({ kind: 'http', status: 400, message: FILTER_MISMATCH });

interface Check {
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
  cancelled: boolean;
  settled: boolean;
}

interface Call {
  query: SelectionQuery;
  signal: AbortSignal;
  resolve: (page: ListPage) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

/** A real actor whose list request waits until the test settles it, and rejects when aborted. */
function createSut(input: { refreshSeconds?: number } = {}) {
  const clock = new SimulatedClock();
  const calls: Call[] = [];
  const checks: Check[] = [];
  const notifications: NotifyParams[] = [];
  /** A page with a check gets a fresh one the test settles (cancel rejects it, as http.ts does). */
  const withCheck = (page: ListPage): ListPage => {
    if (!page.check) return page;
    let settle!: Pick<Check, 'resolve' | 'reject'>;
    const rows = new Promise<unknown[]>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const check: Check = {
      cancelled: false,
      settled: false,
      resolve: (r) => {
        check.settled = true;
        settle.resolve(r);
      },
      reject: (e) => {
        check.settled = true;
        settle.reject(e);
      },
    };
    checks.push(check);
    return {
      ...page,
      check: {
        rows,
        cancel: () => {
          check.cancelled = true;
          check.reject(ABORTED);
        },
      },
    };
  };
  const machine = listViewMachine.provide({
    actors: {
      fetchPage: fromPromise<ListPage, FetchPageInput>(
        ({ input: { query }, signal }) =>
          new Promise<ListPage>((resolve, reject) => {
            const call: Call = {
              query,
              signal,
              settled: false,
              resolve: (page) => {
                call.settled = true;
                resolve(page);
              },
              reject: (error) => {
                call.settled = true;
                reject(error);
              },
            };
            calls.push(call);
            // Honour the signal as the real api module does.
            signal.addEventListener('abort', () => call.reject(ABORTED));
          }),
      ),
    },
    actions: { notify: (_, params) => notifications.push(params) },
  });
  const actor = createActor(machine, { input: { defaultSize: 50, ...input }, clock });
  actor.start();
  const latest = (): Call => {
    const call = calls.at(-1);
    expect(call, 'a request was sent').toBeDefined();
    return call!;
  };
  return {
    actor,
    clock,
    calls,
    checks,
    notifications,
    status: () => listViewStatus(actor.getSnapshot()),
    resolve: async (page: ListPage = PAGE) => {
      latest().resolve(withCheck(page));
      await flush();
    },
    /** Settles the newest row check. */
    checked: async (outcome: { rows: unknown[] } | { error: unknown }) => {
      const check = checks.at(-1);
      expect(check, 'a check was started').toBeDefined();
      if ('rows' in outcome) check!.resolve(outcome.rows);
      else check!.reject(outcome.error);
      await flush();
    },
    reject: async (error: unknown) => {
      latest().reject(error);
      await flush();
    },
  };
}
type Sut = ReturnType<typeof createSut>;

const visited = new Set<string>();

const tooMany = Array.from({ length: MAX_SELECTION + 1 }, (_, i) => String(i + 1));

// One sample per equivalence class: each query event valid and invalid, each kind of answer.
const SAMPLE_EVENTS = [
  { type: 'SET_PAGE', page: 1 },
  { type: 'SET_PAGE', page: 9 },
  { type: 'SET_SIZE', size: 100 },
  { type: 'SET_SIZE', size: 30 },
  { type: 'SET_SORT', sort: ['pol,desc', 'aId,asc'] },
  { type: 'SET_SORT', sort: ['pol'] },
  { type: 'SET_FILTERS', filters: ['lane,2', 'aId,10~20'] },
  { type: 'SET_FILTERS', filters: ['lane,7'] },
  { type: 'SET_EXCLUSION', exclusion: ['farmer', 'test'] },
  { type: 'SET_EXCLUSION', exclusion: ['nobody'] },
  { type: 'SET_RESTRICTION', restriction: { kind: 'selection', ids: ['3', '4'] } },
  { type: 'SET_RESTRICTION', restriction: { kind: 'sampleIds', sIds: ['1234567800004'] } },
  { type: 'SET_RESTRICTION', restriction: { kind: 'selection', ids: tooMany } },
  { type: 'SET_RESTRICTION', restriction: null },
  { type: 'SET_REFRESH', seconds: 5 },
  { type: 'SET_REFRESH', seconds: 0 },
  { type: 'SET_REFRESH', seconds: '601' },
  { type: 'RELOAD' },
  { type: 'xstate.done.actor.fetchPage', output: PAGE },
  { type: 'xstate.done.actor.fetchPage', output: STAGED },
  { type: 'xstate.done.actor.checkRows', output: CHECKED_ROWS },
  { type: 'xstate.error.actor.checkRows', error: INVALID },
  { type: 'xstate.error.actor.fetchPage', error: ABORTED },
  { type: 'xstate.error.actor.fetchPage', error: TIMEOUT },
  { type: 'xstate.error.actor.fetchPage', error: REJECTED },
];

describe('list view machine model', () => {
  const model = createTestModel(toTestModelMachine(listViewMachine), {
    events: SAMPLE_EVENTS as never,
    input: { defaultSize: 50 },
    // The query values are many; what changes behaviour is the state, whether auto-refresh is on,
    // the error shown, and whether there is a second page. The incoming event is part of the key,
    // so the paths cover the transitions, not only the states.
    serializeState: (state, event, previous) => {
      const key = JSON.stringify({
        value: state.value,
        refresh: state.context.refreshSeconds > 0,
        error: state.context.error,
        pages: state.context.totalPages > 1,
      });
      return event && previous ? `${key} via ${event.type} from ${JSON.stringify(previous.value)}` : key;
    },
  });
  const paths = explored(() => model.getShortestPaths());

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_description, path) => {
    const sut: Sut = createSut();
    const send = ({ event }: { event: { type: string } }) => {
      sut.actor.send(event as never);
    };
    await path.test({
      events: {
        SET_PAGE: send,
        SET_SIZE: send,
        SET_SORT: send,
        SET_FILTERS: send,
        SET_EXCLUSION: send,
        SET_RESTRICTION: send,
        SET_REFRESH: send,
        RELOAD: send,
        'xstate.done.actor.fetchPage': async ({ event }: { event: { output: ListPage } }) => {
          await sut.resolve(event.output);
        },
        'xstate.error.actor.fetchPage': async ({ event }: { event: { error: unknown } }) => {
          await sut.reject(event.error);
        },
        'xstate.done.actor.checkRows': async ({ event }: { event: { output: unknown[] } }) => {
          await sut.checked({ rows: event.output });
        },
        'xstate.error.actor.checkRows': async ({ event }: { event: { error: unknown } }) => {
          await sut.checked({ error: event.error });
        },
        [REFRESH_EVENT]: () => {
          const ms = refreshDelayMs(sut.actor.getSnapshot().context.refreshSeconds);
          const before = sut.calls.length;
          sut.clock.increment(ms - 1);
          expect(sut.calls.length, `no reload 1 ms before ${ms} ms`).toBe(before);
          sut.clock.increment(1);
          expect(sut.calls.length).toBe(before + 1);
        },
      } as never,
      states: {
        '#listView': (state: Snapshot) => {
          const real = sut.actor.getSnapshot();
          activePaths(real.value).forEach((p) => visited.add(p));
          expect(real.status).toBe('active');
          expect(real.value).toEqual(state.value);
          expect(real.context.error).toBe(state.context.error);
          expect(real.context.refreshSeconds > 0).toBe(state.context.refreshSeconds > 0);
          // Only the newest request may still be open; every older one was answered or aborted.
          sut.calls.slice(0, -1).forEach((c) => expect(c.settled).toBe(true));
          // What the table shows is what the model says, and a row check runs only in 'checking'.
          expect(real.context.rows).toEqual(state.context.rows);
          expect(real.context.totalPages).toBe(state.context.totalPages);
          if (!real.matches('checking')) sut.checks.forEach((c) => expect(c.settled).toBe(true));
          // Rows that were not checked are never left on screen once the page is done or failed.
          if (real.matches('idle') || real.matches('error'))
            expect(real.context.rows).not.toContainEqual(UNCHECKED_ROWS[0]);
        },
        checking: () => {
          const real = sut.actor.getSnapshot();
          expect(real.context.rows).toEqual(UNCHECKED_ROWS);
          expect(listViewStatus(real)).toBe('loading');
          expect(sut.checks.at(-1)?.settled).toBe(false);
        },
        loading: () => {
          // The request in flight asks exactly for the query the machine now holds.
          const last = sut.calls.at(-1);
          expect(last?.query).toEqual(listQueryOf(sut.actor.getSnapshot()));
          expect(last?.signal.aborted).toBe(false);
          expect(last?.settled).toBe(false);
        },
        idle: (state: Snapshot) => {
          const real = sut.actor.getSnapshot().context;
          expect(real.totalPages > 1).toBe(state.context.totalPages > 1);
          if (real.totalPages > 1) expect(real.rows).toEqual(PAGE.rows);
        },
        'idle.still': () => {
          const before = sut.calls.length;
          sut.clock.increment(3_600_000);
          expect(sut.calls.length, 'auto-refresh is off').toBe(before);
        },
        'idle.refreshing': (state: Snapshot) => {
          expect(state.context.refreshSeconds).toBeGreaterThan(0);
        },
        error: (state: Snapshot) => {
          expect(sut.notifications).toContainEqual({ kind: 'error', message: state.context.error });
          expect([SERVER_TIMEOUT, FILTER_MISMATCH]).toContain(state.context.error);
        },
      } as never,
    });
  });

  it('visited every state of the machine', () => {
    expect([...visited].sort()).toEqual(expect.arrayContaining(restingStateNodes(listViewMachine)));
  });
});

/** Started, first page answered. */
async function loaded(input: { refreshSeconds?: number } = {}): Promise<Sut> {
  const sut = createSut(input);
  await sut.resolve();
  expect(sut.status()).toBe('idle');
  return sut;
}

describe('requests', () => {
  it('asks for page 0 with the default size on start', () => {
    const sut = createSut();
    expect(sut.calls[0]?.query).toEqual({
      page: 0,
      size: 50,
      sort: [],
      filter: [],
      selection: [],
      selectionSId: [],
      exclusion: [],
    });
  });

  it('a new request aborts the one in flight, and the aborted one tells nobody', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_PAGE', page: 2 });
    const first = sut.calls.at(-1)!;
    sut.actor.send({ type: 'SET_SORT', sort: ['pol,desc'] });
    const second = sut.calls.at(-1)!;
    expect(first.signal.aborted).toBe(true);
    expect(second.signal.aborted).toBe(false);
    expect(second.query).toMatchObject({ page: 2, sort: ['pol,desc'] });
    await flush();
    expect(sut.notifications).toEqual([]);
    expect(sut.status()).toBe('loading');
    await sut.resolve({ ...PAGE, rows: [{ aId: 9 }] });
    expect(sut.actor.getSnapshot().context.rows).toEqual([{ aId: 9 }]);
  });

  it('keeps rows, totals and the average of the answer', async () => {
    const sut = await loaded();
    expect(sut.actor.getSnapshot().context).toMatchObject({
      rows: PAGE.rows,
      totalItems: 120,
      totalPages: 3,
      average: { polAverage: 17.1 },
      error: null,
    });
  });

  it("shows 'Server timeout occurred! Please reload the Page!' on a failure that was not cancelled", async () => {
    const sut = createSut();
    await sut.reject(TIMEOUT);
    expect(sut.status()).toBe('error');
    expect(sut.notifications).toEqual([{ kind: 'error', message: SERVER_TIMEOUT }]);
    sut.actor.send({ type: 'RELOAD' });
    expect(sut.status()).toBe('loading');
    await sut.resolve();
    expect(sut.actor.getSnapshot().context.error).toBeNull();
  });

  it("surfaces the server's 400 message instead of the timeout text", async () => {
    const sut = createSut();
    await sut.reject(
      new ApiError({
        kind: 'http',
        status: 400,
        message: 'Processing filters failed, please check your logs!',
      }),
    );
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'Processing filters failed, please check your logs!' },
    ]);
  });

  it('a big page refused while the server is busy (503) says the spec busy message', async () => {
    const sut = createSut();
    await sut.reject(new ApiError({ kind: 'http', status: 503, message: SERVER_BUSY }));
    expect(sut.notifications).toEqual([{ kind: 'error', message: SERVER_BUSY }]);
    expect(sut.actor.getSnapshot().context.error).toBe(SERVER_BUSY);
  });
});

describe('a big page shown before its rows are all checked', () => {
  it('shows the rows at once, stays busy, and takes the checked rows when the check passes', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_SIZE', size: 15000 });
    await sut.resolve({ ...STAGED, totalItems: 15414, totalPages: 2 });
    expect(sut.actor.getSnapshot().value).toBe('checking');
    expect(sut.status()).toBe('loading');
    expect(sut.actor.getSnapshot().context).toMatchObject({ rows: UNCHECKED_ROWS, totalItems: 15414 });
    await sut.checked({ rows: CHECKED_ROWS });
    expect(sut.status()).toBe('idle');
    expect(sut.actor.getSnapshot().context).toMatchObject({
      rows: CHECKED_ROWS,
      totalItems: 15414,
      checked: null,
    });
    expect(sut.notifications).toEqual([]);
  });

  it("a row failing the check ends as a failed request: 'Server timeout occurred!…', the last checked rows back", async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_SIZE', size: 15000 });
    await sut.resolve({ ...STAGED, totalItems: 15414, totalPages: 2 });
    await sut.checked({ error: INVALID });
    expect(sut.status()).toBe('error');
    expect(sut.notifications).toEqual([{ kind: 'error', message: SERVER_TIMEOUT }]);
    expect(sut.actor.getSnapshot().context).toMatchObject({
      rows: PAGE.rows,
      totalItems: 120,
      totalPages: 3,
      average: { polAverage: 17.1 },
      error: SERVER_TIMEOUT,
      checked: null,
    });
    // RELOAD tries again, as after any failed request.
    sut.actor.send({ type: 'RELOAD' });
    expect(sut.status()).toBe('loading');
  });

  it('a new query while checking cancels the check; if that request fails, the unchecked rows leave too', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_SIZE', size: 15000 });
    await sut.resolve(STAGED);
    sut.actor.send({ type: 'SET_SORT', sort: ['pol,desc'] });
    expect(sut.checks.at(-1)?.cancelled).toBe(true);
    expect(sut.status()).toBe('loading');
    await sut.reject(TIMEOUT);
    expect(sut.status()).toBe('error');
    expect(sut.actor.getSnapshot().context.rows).toEqual(PAGE.rows);
    expect(sut.notifications).toEqual([{ kind: 'error', message: SERVER_TIMEOUT }]);
  });

  it('a second unchecked page in a row goes back to the last checked one, not to the first unchecked', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_SIZE', size: 15000 });
    await sut.resolve(STAGED);
    sut.actor.send({ type: 'SET_PAGE', page: 1 });
    await sut.resolve({ ...STAGED, rows: [{ aId: 3, unchecked: true }] });
    await sut.checked({ error: INVALID });
    expect(sut.actor.getSnapshot().context.rows).toEqual(PAGE.rows);
  });
});

describe('query changes', () => {
  it('a valid filter change is applied and the page reset to the first', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_PAGE', page: 2 });
    await sut.resolve();
    sut.actor.send({ type: 'SET_FILTERS', filters: ['aId,10~20', 'sId,123~'] });
    expect(sut.calls.at(-1)?.query).toMatchObject({ page: 0, filter: ['aId,10~20', 'sId,123~'] });
  });

  it("an invalid filter says 'Filter mismatch - Please check your input!' and sends nothing", async () => {
    const sut = await loaded();
    const before = sut.calls.length;
    sut.actor.send({ type: 'SET_FILTERS', filters: ['lane,1', 'lane,7'] });
    expect(sut.calls.length).toBe(before);
    expect(sut.notifications).toEqual([{ kind: 'error', message: FILTER_MISMATCH }]);
    expect(sut.actor.getSnapshot().context.filters).toEqual([]);
  });

  it('choosing a page size sets the page to the first; sizes outside the list are refused', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_PAGE', page: 1 });
    await sut.resolve();
    sut.actor.send({ type: 'SET_SIZE', size: 15000 });
    expect(sut.calls.at(-1)?.query).toMatchObject({ page: 0, size: 15000 });
    const before = sut.calls.length;
    sut.actor.send({ type: 'SET_SIZE', size: 20 });
    expect(sut.calls.length).toBe(before);
  });

  it('refuses a page beyond the last', async () => {
    const sut = await loaded();
    const before = sut.calls.length;
    sut.actor.send({ type: 'SET_PAGE', page: 3 });
    sut.actor.send({ type: 'SET_PAGE', page: -1 });
    expect(sut.calls.length).toBe(before);
  });

  it("'Filter all' restricts to the selection on the first page; null lifts it", async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_PAGE', page: 2 });
    await sut.resolve();
    sut.actor.send({ type: 'SET_RESTRICTION', restriction: { kind: 'selection', ids: ['5', '7'] } });
    expect(sut.calls.at(-1)?.query).toMatchObject({ page: 0, selection: ['5', '7'], selectionSId: [] });
    await sut.resolve();
    sut.actor.send({ type: 'SET_RESTRICTION', restriction: { kind: 'sampleIds', sIds: ['1234567800004'] } });
    expect(sut.calls.at(-1)?.query).toMatchObject({ selection: [], selectionSId: ['1234567800004'] });
    await sut.resolve();
    sut.actor.send({ type: 'SET_RESTRICTION', restriction: null });
    expect(sut.calls.at(-1)?.query).toMatchObject({ selection: [], selectionSId: [] });
  });

  it('sends exclusion and multi-sort as given', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_EXCLUSION', exclusion: ['farmer', 'screens'] });
    sut.actor.send({ type: 'SET_SORT', sort: ['sample.name,asc', 'pol,desc'] });
    expect(sut.calls.at(-1)?.query).toMatchObject({
      exclusion: ['farmer', 'screens'],
      sort: ['sample.name,asc', 'pol,desc'],
    });
  });
});

describe('auto-refresh (simulated clock)', () => {
  it('is off at 0', async () => {
    const sut = await loaded();
    sut.clock.increment(24 * 3_600_000);
    expect(sut.calls.length).toBe(1);
  });

  it('reloads every 5 s after SET_REFRESH 5, counted from each answer', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_REFRESH', seconds: 5 });
    sut.clock.increment(4999);
    expect(sut.calls.length).toBe(1);
    sut.clock.increment(1);
    expect(sut.calls.length).toBe(2);
    expect(sut.calls[1]?.query).toEqual(sut.calls[0]?.query);
    // While the request runs no second one starts.
    sut.clock.increment(20_000);
    expect(sut.calls.length).toBe(2);
    await sut.resolve();
    sut.clock.increment(5000);
    expect(sut.calls.length).toBe(3);
  });

  it('starts with the stored interval and stops at 0', async () => {
    const sut = await loaded({ refreshSeconds: 5 });
    sut.clock.increment(5000);
    expect(sut.calls.length).toBe(2);
    await sut.resolve();
    sut.actor.send({ type: 'SET_REFRESH', seconds: 0 });
    sut.clock.increment(60_000);
    expect(sut.calls.length).toBe(2);
  });

  it('a new interval restarts the wait', async () => {
    const sut = await loaded({ refreshSeconds: 10 });
    sut.clock.increment(8000);
    sut.actor.send({ type: 'SET_REFRESH', seconds: 5 });
    sut.clock.increment(4999);
    expect(sut.calls.length).toBe(1);
    sut.clock.increment(1);
    expect(sut.calls.length).toBe(2);
  });

  it.each([601, -1, 2.5, 'abc'])(
    "refuses %s with 'Refresh-Timer has to be between 0 and 600'",
    async (seconds) => {
      const sut = await loaded({ refreshSeconds: 5 });
      sut.actor.send({ type: 'SET_REFRESH', seconds });
      expect(sut.notifications).toEqual([{ kind: 'error', message: REFRESH_TIMER_MESSAGE }]);
      expect(sut.actor.getSnapshot().context.refreshSeconds).toBe(5);
    },
  );

  it('accepts 600 and a numeric string', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SET_REFRESH', seconds: '600' });
    sut.clock.increment(600_000);
    expect(sut.calls.length).toBe(2);
  });
});
