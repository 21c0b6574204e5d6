// Model-based and clocked scenario tests of the export machine. The system under test is a real
// actor with fake export calls, storage and snackbar on a simulated clock, observed as the Export
// panel sees it: the calls made, the Download button's status, the saved file name, the messages.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import { EXPORT_CONFIRM_ABOVE } from '../../src/domain/constants';
import { needsExportConfirmation, type ExportType } from '../../src/domain/exportJob';
import { EXPORT_FAILED, NO_DOWNLOAD, SERVER_BUSY, exportedRowsSkipped } from '../../src/domain/messages';
import {
  exportMachine,
  exportStatus,
  isPdfDownloading,
  POLL_MS,
  type ExportJobInput,
  type ExportMachine,
  type NotifyParams,
} from '../../src/machines/export.machine';
import { activePaths, flush, restingStateNodes, explored, toTestModelMachine } from './model';

type Snapshot = SnapshotFrom<ExportMachine>;

const POLL_EVENT = 'xstate.after.POLL.export.job.polling.waiting';
const FILE = 'analysis-20251001-0600.csv';
/** What the view exports: its query and visible columns, carried in the event. */
const REQUEST = { query: { filter: ['lane,1'] }, attributes: ['aId', 'pol'] };
const httpError = (status: number, message = `HTTP ${status}`) =>
  new ApiError({ kind: 'http', status, message });

type Effect = 'startExport' | 'lastJob' | 'checkExport' | 'download' | 'downloadPdf';

function createSut(savedJob?: ExportJobInput) {
  const clock = new SimulatedClock();
  const storage = new Map<string, ExportJobInput>();
  if (savedJob) storage.set('lastExport', savedJob);
  const notifications: NotifyParams[] = [];
  const flagged: ExportType[] = [];
  const calls: Array<{ effect: Effect; input: unknown }> = [];
  const pending = new Map<Effect, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const fake = (effect: Effect) =>
    fromPromise<never, never>(({ input }) => {
      calls.push({ effect, input });
      return new Promise<never>((resolve, reject) => {
        pending.set(effect, { resolve: resolve as (v: unknown) => void, reject });
      });
    });
  const machine = exportMachine.provide({
    actors: {
      startExport: fake('startExport') as never,
      lastJob: fake('lastJob') as never,
      checkExport: fake('checkExport') as never,
      download: fake('download') as never,
      downloadPdf: fake('downloadPdf') as never,
    },
    actions: {
      notify: (_, params) => notifications.push(params),
      saveFileName: (_, params) => storage.set('lastExport', params),
      clearFileName: () => storage.delete('lastExport'),
      forgetSavedName: () => storage.delete('lastExport'),
    },
  });
  const actor = createActor(machine, { clock });
  actor.on('flagsChanged', (e) => flagged.push(e.exportType));
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
    clock,
    calls,
    notifications,
    flagged,
    saved: () => storage.get('lastExport') ?? null,
    count: (effect: Effect) => calls.filter((c) => c.effect === effect).length,
    status: () => exportStatus(actor.getSnapshot()),
    resolve: (effect: Effect, value: unknown = undefined) => settle(effect, 'resolve', value),
    reject: (effect: Effect, error: unknown) => settle(effect, 'reject', error),
  };
}
type Sut = ReturnType<typeof createSut>;

const visited = new Set<string>();

// One sample per equivalence class: below, at and above the confirmation bound, nothing to export,
// a flag-changing type, and each kind of answer of each call.
const SAMPLE_EVENTS = [
  { type: 'START', exportType: 'csv', total: 120, request: REQUEST },
  { type: 'START', exportType: 'zft', total: EXPORT_CONFIRM_ABOVE + 1, request: REQUEST },
  { type: 'START', exportType: 'sap', total: 12, request: REQUEST },
  { type: 'START', exportType: 'xlsx', total: 0, request: REQUEST },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'DOWNLOAD' },
  { type: 'RESUME_LAST', saved: { running: 'analysis-old.sap', settled: 'analysis-done.csv' } },
  { type: 'DOWNLOAD_PDF', request: REQUEST },
  { type: 'xstate.done.actor.lastJob', output: 'analysis-new.zft' },
  { type: 'xstate.done.actor.lastJob', output: 'analysis-done.csv' },
  { type: 'xstate.done.actor.lastJob', output: null },
  { type: 'xstate.error.actor.lastJob', error: httpError(500) },
  { type: 'xstate.done.actor.startExport', output: FILE },
  { type: 'xstate.error.actor.startExport', error: httpError(503, SERVER_BUSY) },
  { type: 'xstate.error.actor.startExport', error: httpError(500) },
  { type: 'xstate.done.actor.checkExport', output: undefined },
  { type: 'xstate.error.actor.checkExport', error: httpError(404) },
  { type: 'xstate.error.actor.checkExport', error: httpError(503) },
  { type: 'xstate.error.actor.checkExport', error: httpError(500) },
  { type: 'xstate.done.actor.download', output: undefined },
  { type: 'xstate.error.actor.download', error: httpError(404) },
  {
    type: 'xstate.error.actor.download',
    error: new ApiError({ kind: 'network', message: 'Failed to fetch' }),
  },
  { type: 'xstate.done.actor.downloadPdf', output: undefined },
  { type: 'xstate.error.actor.downloadPdf', error: httpError(400, 'Too many rows for a PDF') },
  { type: 'xstate.error.actor.downloadPdf', error: httpError(500) },
];

describe('export machine model', () => {
  const model = createTestModel(toTestModelMachine(exportMachine), {
    events: SAMPLE_EVENTS as never,
    // The two regions are independent; keying on both with the incoming event covers every
    // transition of each region while the other one rests or runs.
    serializeState: (state, event, previous) => {
      const key = JSON.stringify({ value: state.value, context: state.context });
      return event && previous ? `${key} via ${event.type}` : key;
    },
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
        START: send,
        CONFIRM: send,
        CANCEL: send,
        DOWNLOAD: send,
        RESUME_LAST: send,
        DOWNLOAD_PDF: send,
        'xstate.done.actor.lastJob': settle('lastJob'),
        'xstate.error.actor.lastJob': settle('lastJob'),
        'xstate.done.actor.startExport': settle('startExport'),
        'xstate.error.actor.startExport': settle('startExport'),
        'xstate.done.actor.checkExport': settle('checkExport'),
        'xstate.error.actor.checkExport': settle('checkExport'),
        'xstate.done.actor.download': settle('download'),
        'xstate.error.actor.download': settle('download'),
        'xstate.done.actor.downloadPdf': settle('downloadPdf'),
        'xstate.error.actor.downloadPdf': settle('downloadPdf'),
        [POLL_EVENT]: () => {
          const checks = sut.count('checkExport');
          sut.clock.increment(POLL_MS - 1);
          expect(sut.count('checkExport'), 'no check before 2 s').toBe(checks);
          sut.clock.increment(1);
          expect(sut.count('checkExport')).toBe(checks + 1);
        },
      } as never,
      states: {
        '#export': (state: Snapshot) => {
          const real = sut.actor.getSnapshot();
          activePaths(real.value).forEach((p) => visited.add(p));
          expect(real.value).toEqual(state.value);
          expect(real.context).toEqual(state.context);
        },
        'job.idle': () => {
          expect(sut.actor.getSnapshot().context.fileName).toBeNull();
        },
        'job.confirming': (state: Snapshot) => {
          // Large exports ask, and every export that writes flags (SAP, ZFT), whatever its size.
          expect(state.context.total > EXPORT_CONFIRM_ABOVE || state.context.altersFlags).toBe(true);
          expect(sut.count('startExport')).toBe(0);
        },
        'job.starting': (state: Snapshot) => {
          expect(sut.calls.findLast((c) => c.effect === 'startExport')?.input).toEqual({
            type: state.context.type,
            request: REQUEST,
          });
        },
        'job.polling': (state: Snapshot) => {
          expect(state.context.fileName).not.toBeNull();
          // A started job's name is saved for a reload (a resumed one came from there).
          const saved = sut.saved();
          if (saved !== null)
            expect(saved).toEqual({ type: state.context.type, fileName: state.context.fileName });
          expect(sut.status()).toBe('pending');
        },
        'job.polling.checking': (state: Snapshot) => {
          expect(sut.calls.findLast((c) => c.effect === 'checkExport')?.input).toEqual({
            type: state.context.type,
            fileName: state.context.fileName,
          });
        },
        'job.ready': (state: Snapshot) => {
          expect(sut.status()).toBe('ready');
          // SAP/ZFT: the flags changed with the complete file; the list is told to reload.
          if (state.context.altersFlags) expect(sut.flagged.at(-1)).toBe(state.context.type);
        },
        'job.downloading': (state: Snapshot) => {
          expect(sut.calls.findLast((c) => c.effect === 'download')?.input).toEqual({
            type: state.context.type,
            fileName: state.context.fileName,
          });
        },
        'job.resuming': () => {
          expect(sut.calls.findLast((c) => c.effect === 'lastJob')).toBeDefined();
          expect(sut.status()).toBe('idle');
        },
        'pdf.downloading': () => {
          expect(isPdfDownloading(sut.actor.getSnapshot())).toBe(true);
          expect(sut.calls.findLast((c) => c.effect === 'downloadPdf')?.input).toEqual({ request: REQUEST });
        },
      } as never,
    });
  });

  it('visited every state of the machine', () => {
    expect([...visited]).toEqual(expect.arrayContaining(restingStateNodes(exportMachine)));
  });
});

/** START … until the server answered the file name. */
async function started(type: ExportType = 'csv', total = 120): Promise<Sut> {
  const sut = createSut();
  sut.actor.send({ type: 'START', exportType: type, total, request: REQUEST });
  if (needsExportConfirmation(type, total)) sut.actor.send({ type: 'CONFIRM' });
  await sut.resolve('startExport', FILE);
  expect(sut.status()).toBe('pending');
  return sut;
}

describe('starting', () => {
  it('asks for confirmation above 5000 items and starts only after CONFIRM', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'START', exportType: 'csv', total: 5001, request: REQUEST });
    expect(sut.status()).toBe('confirming');
    expect(sut.count('startExport')).toBe(0);
    sut.actor.send({ type: 'CONFIRM' });
    expect(sut.calls).toEqual([{ effect: 'startExport', input: { type: 'csv', request: REQUEST } }]);
  });

  it('starts 5000 items at once', () => {
    const sut = createSut();
    sut.actor.send({ type: 'START', exportType: 'xlsx', total: 5000, request: REQUEST });
    expect(sut.calls).toEqual([{ effect: 'startExport', input: { type: 'xlsx', request: REQUEST } }]);
  });

  it('CANCEL at the question exports nothing', () => {
    const sut = createSut();
    sut.actor.send({ type: 'START', exportType: 'csv', total: 12_000, request: REQUEST });
    sut.actor.send({ type: 'CANCEL' });
    expect(sut.status()).toBe('idle');
    expect(sut.calls).toEqual([]);
  });

  it("says 'No data available for download!' for an empty view", () => {
    const sut = createSut();
    sut.actor.send({ type: 'START', exportType: 'csv', total: 0, request: REQUEST });
    expect(sut.calls).toEqual([]);
    expect(sut.notifications).toEqual([{ kind: 'error', message: NO_DOWNLOAD }]);
  });

  it("answers a 503 with 'Server is currently processing another request. Please try again later!'", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'START', exportType: 'csv', total: 10, request: REQUEST });
    await sut.reject('startExport', httpError(503, 'busy'));
    expect(sut.status()).toBe('idle');
    expect(sut.notifications).toEqual([
      { kind: 'error', message: 'Server is currently processing another request. Please try again later!' },
    ]);
  });

  it('saves the file name the server answered', async () => {
    const sut = await started();
    expect(sut.saved()).toEqual({ type: 'csv', fileName: FILE });
  });

  it.each(['sap', 'zft'] as const)(
    'asks before %s at any size (its flags warning is the question); CANCEL writes nothing',
    (type) => {
      const sut = createSut();
      sut.actor.send({ type: 'START', exportType: type, total: 3, request: REQUEST });
      expect(sut.status()).toBe('confirming');
      expect(sut.actor.getSnapshot().context.altersFlags).toBe(true);
      sut.actor.send({ type: 'CANCEL' });
      expect(sut.calls).toEqual([]);
    },
  );

  it.each(['sap', 'zft'] as const)('%s says the flags changed once the file is ready', async (type) => {
    const sut = await started(type);
    expect(sut.flagged).toEqual([]);
    sut.clock.increment(POLL_MS);
    await sut.resolve('checkExport', undefined);
    expect(sut.status()).toBe('ready');
    expect(sut.flagged).toEqual([type]);
  });

  it('csv and xlsx start at once and change no flags', async () => {
    const sut = await started('xlsx');
    sut.clock.increment(POLL_MS);
    await sut.resolve('checkExport', undefined);
    expect(sut.flagged).toEqual([]);
  });
});

describe('polling (simulated clock)', () => {
  it('checks every 2 s and keeps waiting on 404', async () => {
    const sut = await started();
    sut.clock.increment(1999);
    expect(sut.count('checkExport')).toBe(0);
    sut.clock.increment(1);
    expect(sut.calls.at(-1)).toEqual({ effect: 'checkExport', input: { type: 'csv', fileName: FILE } });
    await sut.reject('checkExport', httpError(404));
    expect(sut.status()).toBe('pending');
    sut.clock.increment(1999);
    expect(sut.count('checkExport')).toBe(1);
    sut.clock.increment(1);
    expect(sut.count('checkExport')).toBe(2);
    await sut.reject('checkExport', httpError(404));
    sut.clock.increment(2000);
    expect(sut.count('checkExport')).toBe(3);
    await sut.resolve('checkExport');
    expect(sut.status()).toBe('ready');
    expect(sut.notifications).toEqual([]);
    // Ready: no more checks.
    sut.clock.increment(60_000);
    expect(sut.count('checkExport')).toBe(3);
  });

  it('keeps how many already exported rows the ready file leaves out', async () => {
    const sut = await started('sap');
    sut.clock.increment(POLL_MS);
    await sut.resolve('checkExport', { fileName: FILE, totalItems: 2, skippedExported: 1 });
    expect(sut.status()).toBe('ready');
    expect(sut.actor.getSnapshot().context.skippedExported).toBe(1);
  });

  it('a 422 naming rows left out as already exported says so instead of the generic failure', async () => {
    const sut = await started('sap');
    sut.clock.increment(POLL_MS);
    const skipped = exportedRowsSkipped(3);
    await sut.reject(
      'checkExport',
      new ApiError({ kind: 'http', status: 422, message: NO_DOWNLOAD, errors: [skipped] }),
    );
    expect(sut.notifications).toEqual([{ kind: 'error', message: skipped }]);
    expect(sut.status()).toBe('idle');
    expect(sut.saved()).toBeNull();
  });

  it('a 503 while checking says the server is busy and forgets the job', async () => {
    const sut = await started();
    sut.clock.increment(POLL_MS);
    await sut.reject('checkExport', httpError(503));
    expect(sut.notifications).toEqual([{ kind: 'error', message: SERVER_BUSY }]);
    expect(sut.status()).toBe('idle');
    expect(sut.saved()).toBeNull();
  });

  it.each([
    ['a 500', httpError(500)],
    ['a failed job', httpError(422, 'export failed')],
    ['a network failure', new ApiError({ kind: 'network', message: 'Failed to fetch' })],
  ])("%s gives 'Processing export failed, please check your logs!'", async (_, error) => {
    const sut = await started();
    sut.clock.increment(POLL_MS);
    await sut.reject('checkExport', error);
    expect(sut.notifications).toEqual([{ kind: 'error', message: EXPORT_FAILED }]);
    expect(sut.status()).toBe('idle');
    sut.clock.increment(10 * POLL_MS);
    expect(sut.count('checkExport')).toBe(1);
  });
});

describe('download', () => {
  async function ready(): Promise<Sut> {
    const sut = await started();
    sut.clock.increment(POLL_MS);
    await sut.resolve('checkExport');
    expect(sut.status()).toBe('ready');
    return sut;
  }

  it('fetches the file, then clears the name here and in storage', async () => {
    const sut = await ready();
    sut.actor.send({ type: 'DOWNLOAD' });
    expect(sut.calls.at(-1)).toEqual({ effect: 'download', input: { type: 'csv', fileName: FILE } });
    await sut.resolve('download');
    expect(sut.status()).toBe('idle');
    expect(sut.actor.getSnapshot().context.fileName).toBeNull();
    expect(sut.saved()).toBeNull();
  });

  it("a file that is gone says 'No data available for download!'", async () => {
    const sut = await ready();
    sut.actor.send({ type: 'DOWNLOAD' });
    await sut.reject('download', httpError(404));
    expect(sut.notifications).toEqual([{ kind: 'error', message: NO_DOWNLOAD }]);
    expect(sut.status()).toBe('idle');
  });

  it('keeps the file offered after a passing failure', async () => {
    const sut = await ready();
    sut.actor.send({ type: 'DOWNLOAD' });
    await sut.reject('download', new ApiError({ kind: 'timeout', message: 'timeout' }));
    expect(sut.status()).toBe('ready');
    expect(sut.notifications).toEqual([{ kind: 'error', message: EXPORT_FAILED }]);
  });

  it('DOWNLOAD without a file says there is nothing to download', () => {
    const sut = createSut();
    sut.actor.send({ type: 'DOWNLOAD' });
    expect(sut.calls).toEqual([]);
    expect(sut.notifications).toEqual([{ kind: 'error', message: NO_DOWNLOAD }]);
  });
});

describe('resume after a reload', () => {
  const NOTHING_SAVED = { running: null, settled: null };

  it("checks the server's job at once and polls on", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'RESUME_LAST', saved: NOTHING_SAVED });
    await sut.resolve('lastJob', 'analysis-zft.zft');
    expect(sut.calls.at(-1)).toEqual({
      effect: 'checkExport',
      input: { type: 'zft', fileName: 'analysis-zft.zft' },
    });
    expect(sut.actor.getSnapshot().context.altersFlags).toBe(true);
    await sut.reject('checkExport', httpError(404));
    sut.clock.increment(POLL_MS);
    await sut.resolve('checkExport');
    expect(sut.status()).toBe('ready');
  });

  it('falls back to the saved name when the server cannot be asked', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'RESUME_LAST', saved: { running: 'samples-1.xlsx', settled: null } });
    await sut.reject('lastJob', new ApiError({ kind: 'network', message: 'Failed to fetch' }));
    expect(sut.calls.at(-1)).toEqual({
      effect: 'checkExport',
      input: { type: 'xlsx', fileName: 'samples-1.xlsx' },
    });
  });

  it('never resumes a job that already ended here, nor a name that is no file export', async () => {
    const settled = createSut();
    settled.actor.send({ type: 'RESUME_LAST', saved: { running: null, settled: 'analysis-1.csv' } });
    await settled.resolve('lastJob', 'analysis-1.csv');
    const pdf = createSut();
    pdf.actor.send({ type: 'RESUME_LAST', saved: NOTHING_SAVED });
    await pdf.resolve('lastJob', 'analysis-1.pdf');
    for (const sut of [settled, pdf]) {
      expect(sut.count('checkExport')).toBe(0);
      expect(sut.status()).toBe('idle');
    }
  });

  it('forgets a saved name the server no longer knows (nothing left to resume)', async () => {
    const reloaded = createSut({ type: 'csv', fileName: FILE });
    reloaded.actor.send({ type: 'RESUME_LAST', saved: { running: FILE, settled: null } });
    await reloaded.resolve('lastJob', null);
    expect(reloaded.count('checkExport')).toBe(0);
    expect(reloaded.status()).toBe('idle');
    expect(reloaded.saved()).toBeNull();
  });
});

describe('PDF', () => {
  it('downloads directly, also while a file export runs', async () => {
    const sut = await started();
    sut.actor.send({ type: 'DOWNLOAD_PDF', request: REQUEST });
    expect(isPdfDownloading(sut.actor.getSnapshot())).toBe(true);
    expect(sut.status()).toBe('pending');
    await sut.resolve('downloadPdf');
    expect(isPdfDownloading(sut.actor.getSnapshot())).toBe(false);
    expect(sut.status()).toBe('pending');
  });

  it("shows the server's message for a refused PDF (row cap)", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'DOWNLOAD_PDF', request: REQUEST });
    await sut.reject('downloadPdf', httpError(400, 'A PDF can hold at most 5000 rows'));
    expect(sut.notifications).toEqual([{ kind: 'error', message: 'A PDF can hold at most 5000 rows' }]);
  });

  it('a 503 (too many PDFs rendering) says the server is busy (docs/dev/product-rules.md#messages)', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'DOWNLOAD_PDF', request: REQUEST });
    await sut.reject('downloadPdf', httpError(503, SERVER_BUSY));
    expect(sut.notifications).toEqual([{ kind: 'error', message: SERVER_BUSY }]);
    expect(isPdfDownloading(sut.actor.getSnapshot())).toBe(false);
  });
});
