// Model-based and clocked scenario tests of the export machine. The model (the machine itself) only
// proposes the paths; each is replayed on a real actor with fake export calls, storage and snackbar
// on a simulated clock, then every event is tried once more at its end, and the oracle below judges
// each step by the spec's rules on what the Export panel shows (the Download button's status, the
// PDF button), what is sent, saved and said, without asking the machine what it meant to do.
// Equivalent mutants of lines 75–167 (StrykerJS, 2026-11-26; nothing the panel shows, or what is
// sent, saved or said, tells them apart): `NO_SAVED` emptied (every resume sets `saved` from its
// RESUME_LAST before it is read); `NO_REQUEST` emptied or its `attributes` given an element (a
// resumed or ended job's request is never sent: startExport gets the request START chose, the PDF
// its own); in `resumable`, `typeof fileName === 'string'` made true, the same with `fileName !==
// ''` (made true too, or joined by `||`), and '' changed (null and '' have no export type, so the
// last check refuses them anyway); `types` emptied (compile time only); the five calls' names
// emptied in their not-provided message (a call left out fails as a failed call does, and the
// snackbar says the generic failure, never the name); the event-type checks of `choose` (made
// false), `rememberSaved` (made true), `hasNoData` and `needsConfirmation` (made true): each runs on
// its own event only; the 'csv' fallback of `resume` emptied (never reached: isResumable asks for a
// type); `hasSkippedRows` made true (a failure without the skipped-rows reason then says its
// fallback, the same generic failure, and clears and forgets as the last branch does); `typeof
// params.error === 'object'` made true in isBadRequest (an error that is no object has no status
// 400 either; null is still refused by `!== null`).
// Equivalent mutants of lines 168–205 (StrykerJS, 2026-11-27, each planted by hand, the whole file
// passes): the starting context emptied (each field is set by the step that leads to its reading:
// START's choose, RESUME_LAST's rememberSaved, DOWNLOAD_PDF's request, a resume's resume; an unset
// `altersFlags` or `fileName` reads as false and none as their defaults do); the '' fallback of a
// resumed name (never reached: isResumable asks for a non-empty name).
// Equivalent mutants of lines 206–421 (StrykerJS, 2026-11-27, planted by hand together: this file
// and tests/hooks/useExport.test.tsx pass): in ready's entry, `context.type !==
// null` made true (ready always has the type START or a resume set); the eight fallbacks no test
// reaches, each of a state that always has its job's type and name: the '' of the saved name a
// failed lastJob resumes (isResumable asked for a non-empty one), and the 'csv' and '' of the calls'
// inputs and of the saved job in starting (START chose the type, the answer named the file),
// polling and downloading.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import { EXPORT_CONFIRM_ABOVE } from '../../src/domain/constants';
import { exportTypeOf, needsExportConfirmation, type ExportType } from '../../src/domain/exportJob';
import {
  EXPORT_CONFIRM_TITLE,
  EXPORT_FAILED,
  NO_DOWNLOAD,
  SERVER_BUSY,
  downloadLabel,
  exportConfirmText,
  exportedRowsSkipped,
  flagsConfirmTitle,
  flagsWarning,
} from '../../src/domain/messages';
import {
  exportMachine,
  exportStatus,
  isPdfDownloading,
  POLL_MS,
  type ExportJobInput,
  type ExportMachine,
  type SavedJobs,
  type NotifyParams,
} from '../../src/machines/export.machine';
import { activePaths, flush, restingStateNodes, explored, toTestModelMachine } from './model';
import { added, checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

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
    /** Whether a call of this kind waits for its answer. */
    pending: (effect: Effect) => pending.has(effect),
    count: (effect: Effect) => calls.filter((c) => c.effect === effect).length,
    status: () => exportStatus(actor.getSnapshot()),
    resolve: (effect: Effect, value: unknown = undefined) => settle(effect, 'resolve', value),
    reject: (effect: Effect, error: unknown) => settle(effect, 'reject', error),
  };
}
type Sut = ReturnType<typeof createSut>;

/** The texts of the Export panel besides its buttons' states. */
interface Panel {
  /** The Download button's label (it names the job's format). */
  download: string;
  /** The SAP/ZFT note while the job runs or is offered. */
  warning: string | null;
  /** The note on rows the ready file leaves out. */
  skipped: string | null;
  /** The question before a big or flag-changing export: its title, count text and warning. */
  question: { title: string; text: string | null; warning: string | null } | null;
}

/** What ExportPanel renders from the machine (its markup's conditions, read from useExport's fields). */
const panelOf = (snapshot: SnapshotFrom<ExportMachine>): Panel => {
  const { type, total, altersFlags, skippedExported } = snapshot.context;
  const status = exportStatus(snapshot);
  const warns = altersFlags && type !== null;
  return {
    download: downloadLabel(type),
    warning: warns && status !== 'idle' && status !== 'confirming' ? flagsWarning(type) : null,
    skipped:
      skippedExported > 0 && (status === 'ready' || status === 'downloading')
        ? exportedRowsSkipped(skippedExported)
        : null,
    question:
      status === 'confirming'
        ? {
            title: warns ? flagsConfirmTitle(type) : EXPORT_CONFIRM_TITLE,
            text: total > EXPORT_CONFIRM_ABOVE ? exportConfirmText(type, total) : null,
            warning: warns ? flagsWarning(type) : null,
          }
        : null,
  };
};

// ---- the oracle: what the Export panel shows, what is sent, saved and said ------------------------

type Event = { type: string; [key: string]: unknown };
interface Seen {
  /** The Download button's status. */
  status: ReturnType<typeof exportStatus>;
  pdfBusy: boolean;
  /** The calls waiting for their answer. */
  waiting: Effect[];
  /** The export the panel accepted last (START), and the job the server named. */
  chosen: { exportType: ExportType; request: unknown; total: number } | null;
  job: ExportJobInput | null;
  /** The rows the last ready answer said the file leaves out. */
  skipped: number;
  panel: Panel;
  saved: ExportJobInput | null;
  /** What storage told the page when it asked to resume (the last RESUME_LAST's `saved`). */
  told: SavedJobs | null;
  requests: Array<{ effect: Effect; input: unknown }>;
  messages: NotifyParams[];
  flagged: ExportType[];
}
const EFFECTS: Effect[] = ['startExport', 'lastJob', 'checkExport', 'download', 'downloadPdf'];

/** A page with the machine, its fake server, storage and clock; a fork replays what was sent. */
const oracleDriver = (): Driver<Seen, Event> => {
  // Storage holds the job a previous page started (the one RESUME_LAST is told of).
  const sut = createSut({ type: 'sap', fileName: RESUME_SAVED.running });
  const history: Event[] = [];
  let chosen: Seen['chosen'] = null;
  let job: ExportJobInput | null = null;
  let skipped = 0;
  let told: SavedJobs | null = null;
  const driver: Driver<Seen, Event> = {
    async send(event) {
      history.push(event);
      const sent = sut.calls.length;
      if (event.type === POLL_EVENT) sut.clock.increment(POLL_MS);
      else if (!event.type.startsWith('xstate.')) {
        const s = driver.seen();
        if (event.type === 'START' && s.status === 'idle' && !s.waiting.includes('lastJob'))
          chosen = {
            exportType: event.exportType as ExportType,
            request: event.request,
            total: event.total as number,
          };
        if (event.type === 'RESUME_LAST' && s.status === 'idle' && !s.waiting.includes('lastJob'))
          told = event.saved as SavedJobs;
        sut.actor.send(event as never);
      } else {
        const effect = event.type.split('.')[3] as Effect;
        // An answer arrives only for a call under way.
        if (sut.pending(effect)) {
          if (event.type.startsWith('xstate.done.')) {
            if (effect === 'startExport' && chosen)
              job = { type: chosen.exportType, fileName: event.output as string };
            if (effect === 'checkExport')
              skipped = (event.output as { skippedExported?: number } | undefined)?.skippedExported ?? 0;
            await sut.resolve(effect, event.output);
          } else await sut.reject(effect, event.error);
        }
      }
      // A resumed job is the one whose check went out.
      const check = sut.calls.slice(sent).find((c) => c.effect === 'checkExport');
      if (check) job = check.input as ExportJobInput;
      for (const path of activePaths(sut.actor.getSnapshot().value)) visitedByOracle.add(path);
    },
    seen() {
      const snapshot = sut.actor.getSnapshot();
      return {
        status: exportStatus(snapshot),
        pdfBusy: isPdfDownloading(snapshot),
        waiting: EFFECTS.filter((e) => sut.pending(e)),
        chosen,
        job,
        skipped,
        panel: panelOf(snapshot),
        saved: sut.saved(),
        told,
        requests: [...sut.calls],
        messages: [...sut.notifications],
        flagged: [...sut.flagged],
      };
    },
    async fork() {
      const copy = oracleDriver();
      for (const event of history) await copy.send(event);
      return copy;
    },
  };
  return driver;
};

const isUser = (e: Event) => !e.type.startsWith('xstate.');
const sentIn = (s: { before: Seen; after: Seen }) => added(s.before.requests, s.after.requests);
const saidIn = (s: { before: Seen; after: Seen }) => added(s.before.messages, s.after.messages);
const effectOf = (e: Event) => e.type.split('.')[3] as Effect;
/** The answer to a call under way, with its outcome. */
const answerTo = (effect: Effect, step: { before: Seen; event: Event }) =>
  !isUser(step.event) &&
  step.event.type !== POLL_EVENT &&
  effectOf(step.event) === effect &&
  step.before.waiting.includes(effect);
const statusOf = (error: unknown) => (error as { status?: number }).status;
const error = (message: string) => [{ kind: 'error', message }];
/** The job panel as it was: same status, nothing sent or said. */
const jobKept = (step: { before: Seen; after: Seen }) => {
  expect(sentIn(step)).toEqual([]);
  expect(saidIn(step)).toEqual([]);
  expect(step.after.status).toBe(step.before.status);
};

const exportRules: Rules<Seen, Event> = {
  'One request at a time': (step) => expect(sentIn(step).length).toBeLessThanOrEqual(1),
  'An answer to no call under way changes nothing': (step) => {
    const { event } = step;
    if (isUser(event) || event.type === POLL_EVENT || answerTo(effectOf(event), step)) return;
    jobKept(step);
    expect(step.after.pdfBusy).toBe(step.before.pdfBusy);
  },
  "Export: nothing to export says 'No data'; above 5000 or SAP/ZFT asks first; else it starts at once": (
    step,
  ) => {
    const { before, event, after } = step;
    if (event.type !== 'START') return;
    if (before.status !== 'idle' || before.waiting.includes('lastJob')) return jobKept(step);
    const type = event.exportType as ExportType;
    const total = event.total as number;
    if (total === 0) {
      expect(saidIn(step)).toEqual(error(NO_DOWNLOAD));
      return jobKept({ before, after: { ...after, messages: before.messages } });
    }
    expect(saidIn(step)).toEqual([]);
    if (total > EXPORT_CONFIRM_ABOVE || type === 'sap' || type === 'zft') {
      expect(sentIn(step)).toEqual([]);
      expect(after.status).toBe('confirming');
    } else {
      expect(sentIn(step)).toEqual([{ effect: 'startExport', input: { type, request: event.request } }]);
      expect(after.status).toBe('pending');
    }
  },
  'At the question, Confirm starts the chosen export and Cancel exports nothing': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'CONFIRM' && event.type !== 'CANCEL') return;
    if (before.status !== 'confirming') return jobKept(step);
    expect(saidIn(step)).toEqual([]);
    if (event.type === 'CANCEL') {
      expect(sentIn(step)).toEqual([]);
      return expect(after.status).toBe('idle');
    }
    expect(sentIn(step)).toEqual([
      { effect: 'startExport', input: { type: before.chosen?.exportType, request: before.chosen?.request } },
    ]);
    expect(after.status).toBe('pending');
  },
  "A started job's name is saved; a refusal says why": (step) => {
    const { event, after } = step;
    if (!answerTo('startExport', step)) return;
    expect(sentIn(step)).toEqual([]);
    if (event.type.startsWith('xstate.done.')) {
      expect(saidIn(step)).toEqual([]);
      expect(after.saved).toEqual({ type: step.before.chosen?.exportType, fileName: event.output });
      return expect(after.status).toBe('pending');
    }
    expect(saidIn(step)).toEqual(error(statusOf(event.error) === 503 ? SERVER_BUSY : EXPORT_FAILED));
    expect(after.status).toBe('idle');
  },
  'A running job is checked every 2 s, and only then': (step) => {
    const { before, event, after } = step;
    if (event.type !== POLL_EVENT) return;
    const waits = before.status === 'pending' && before.waiting.length === (before.pdfBusy ? 1 : 0);
    if (!waits) return jobKept(step);
    expect(sentIn(step)).toEqual([{ effect: 'checkExport', input: before.job }]);
    expect(after.status).toBe('pending');
  },
  "The check: ready offers Download (SAP/ZFT flags changed); 404 waits; 503 says busy; rows left out say so; else 'failed'":
    (step) => {
      const { before, event, after } = step;
      if (!answerTo('checkExport', step)) return;
      expect(sentIn(step)).toEqual([]);
      const flags = added(before.flagged, after.flagged);
      if (event.type.startsWith('xstate.done.')) {
        expect(saidIn(step)).toEqual([]);
        expect(after.status).toBe('ready');
        const type = before.job?.type;
        return expect(flags).toEqual(type === 'sap' || type === 'zft' ? [type] : []);
      }
      expect(flags).toEqual([]);
      const status = statusOf(event.error);
      if (status === 404) {
        expect(saidIn(step)).toEqual([]);
        return expect(after.status).toBe('pending');
      }
      const told =
        status === 503 ? SERVER_BUSY : event.error === SKIPPED ? exportedRowsSkipped(3) : EXPORT_FAILED;
      expect(saidIn(step)).toEqual(error(told));
      expect([after.status, after.saved]).toEqual(['idle', null]);
    },
  "Download fetches the ready file; without one it says 'No data'": (step) => {
    const { before, event, after } = step;
    if (event.type !== 'DOWNLOAD') return;
    if (before.status === 'ready') {
      expect(sentIn(step)).toEqual([{ effect: 'download', input: before.job }]);
      expect(saidIn(step)).toEqual([]);
      // The Download button spins as 'downloading' (ExportPanel's busy state) until the file arrives.
      return expect(after.status).toBe('downloading');
    }
    if (before.status === 'idle' && !before.waiting.includes('lastJob')) {
      expect(saidIn(step)).toEqual(error(NO_DOWNLOAD));
      return expect([sentIn(step), after.status]).toEqual([[], 'idle']);
    }
    jobKept(step);
  },
  'A fetched file is forgotten; a gone one says so; another failure offers it again': (step) => {
    const { event, after } = step;
    if (!answerTo('download', step)) return;
    expect(sentIn(step)).toEqual([]);
    if (event.type.startsWith('xstate.done.')) {
      expect(saidIn(step)).toEqual([]);
      return expect([after.status, after.saved]).toEqual(['idle', null]);
    }
    if (statusOf(event.error) === 404) {
      expect(saidIn(step)).toEqual(error(NO_DOWNLOAD));
      return expect([after.status, after.saved]).toEqual(['idle', null]);
    }
    expect(saidIn(step)).toEqual(error(EXPORT_FAILED));
    expect([after.status, after.saved]).toEqual(['ready', step.before.saved]);
  },
  'After a reload, the newest job not ended here resumes, else the saved name': (step) => {
    const { before, event, after } = step;
    if (event.type === 'RESUME_LAST') {
      if (before.status !== 'idle' || before.waiting.includes('lastJob')) return jobKept(step);
      return expect(sentIn(step)).toEqual([{ effect: 'lastJob', input: {} }]);
    }
    if (!answerTo('lastJob', step)) return;
    expect(saidIn(step)).toEqual([]);
    const asked = before.requests.findLast((r) => r.effect === 'lastJob');
    expect(asked).toBeDefined();
    const saved = before.told ?? { running: null, settled: null };
    const name = event.type.startsWith('xstate.done.') ? (event.output as string | null) : saved.running;
    const type = name ? exportTypeOf(name) : null;
    if (name && type && name !== saved.settled) {
      expect(sentIn(step)).toEqual([{ effect: 'checkExport', input: { type, fileName: name } }]);
      return expect(after.status).toBe('pending');
    }
    expect(sentIn(step)).toEqual([]);
    expect(after.status).toBe('idle');
    // The server has no job: the saved name is stale. Any other name is left as saved.
    expect(after.saved).toEqual(event.type.startsWith('xstate.done.') && name === null ? null : before.saved);
  },
  'The panel names the running job and warns of SAP/ZFT flags; idle, it names none': ({ after }) => {
    const { status } = after;
    const type =
      status === 'idle'
        ? null
        : status === 'confirming' || after.waiting.includes('startExport')
          ? (after.chosen?.exportType ?? null)
          : (after.job?.type ?? null);
    const writes = type === 'sap' || type === 'zft';
    const total = after.chosen?.total ?? 0;
    expect(after.panel).toEqual({
      download: downloadLabel(type),
      warning: writes && status !== 'confirming' ? flagsWarning(type) : null,
      skipped:
        after.skipped > 0 && (status === 'ready' || status === 'downloading')
          ? exportedRowsSkipped(after.skipped)
          : null,
      question:
        status === 'confirming' && type
          ? {
              title: writes ? flagsConfirmTitle(type) : EXPORT_CONFIRM_TITLE,
              text: total > EXPORT_CONFIRM_ABOVE ? exportConfirmText(type, total) : null,
              warning: writes ? flagsWarning(type) : null,
            }
          : null,
    });
  },
  'The PDF downloads on its own, one at a time, and a failure says why': (step) => {
    const { before, event, after } = step;
    if (event.type === 'DOWNLOAD_PDF') {
      expect(saidIn(step)).toEqual([]);
      expect(after.status).toBe(before.status);
      if (before.pdfBusy) return expect(sentIn(step)).toEqual([]);
      expect(sentIn(step)).toEqual([{ effect: 'downloadPdf', input: { request: event.request } }]);
      return expect(after.pdfBusy).toBe(true);
    }
    if (!answerTo('downloadPdf', step)) return;
    expect([sentIn(step), after.pdfBusy, after.status]).toEqual([[], false, before.status]);
    if (event.type.startsWith('xstate.done.')) return expect(saidIn(step)).toEqual([]);
    const e = event.error as Error;
    const status = statusOf(e);
    expect(saidIn(step)).toEqual(
      error(status === 400 ? e.message : status === 503 ? SERVER_BUSY : EXPORT_FAILED),
    );
  },
};
/** A check's 422: every matching row was flagged by an earlier SAP/ZFT export, and the answer says so. */
const SKIPPED = new ApiError({
  kind: 'http',
  status: 422,
  message: NO_DOWNLOAD,
  errors: [exportedRowsSkipped(3)],
});
const RESUME_SAVED = { running: 'analysis-old.sap', settled: 'analysis-done.csv' };

const visitedByOracle = new Set<string>();

// One sample per equivalence class: below, at and above the confirmation bound, nothing to export,
// a flag-changing type, and each kind of answer of each call.
const SAMPLE_EVENTS: Event[] = [
  { type: 'START', exportType: 'csv', total: 120, request: REQUEST },
  { type: 'START', exportType: 'zft', total: EXPORT_CONFIRM_ABOVE + 1, request: REQUEST },
  { type: 'START', exportType: 'sap', total: 12, request: REQUEST },
  { type: 'START', exportType: 'xlsx', total: 0, request: REQUEST },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'DOWNLOAD' },
  { type: 'RESUME_LAST', saved: RESUME_SAVED },
  { type: 'RESUME_LAST', saved: { running: null, settled: null } },
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
  { type: 'xstate.error.actor.checkExport', error: SKIPPED },
  { type: 'xstate.done.actor.download', output: undefined },
  { type: 'xstate.error.actor.download', error: httpError(404) },
  {
    type: 'xstate.error.actor.download',
    error: new ApiError({ kind: 'network', message: 'Failed to fetch' }),
  },
  { type: 'xstate.done.actor.downloadPdf', output: undefined },
  { type: 'xstate.error.actor.downloadPdf', error: httpError(400, 'Too many rows for a PDF') },
  { type: 'xstate.error.actor.downloadPdf', error: httpError(500) },
  { type: POLL_EVENT },
];

describe('export: every transition judged by the spec rules', () => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () =>
    createTestModel(toTestModelMachine(exportMachine), {
      events: SAMPLE_EVENTS as never,
      // The two regions are independent; keying on both with the incoming event covers every
      // transition of each region while the other one rests or runs.
      serializeState: (state, event, previous) => {
        const key = JSON.stringify({ value: state.value, context: state.context });
        return event && previous ? `${key} via ${event.type}` : key;
      },
    });
  const walks = explored(() => transitionWalks(buildModel() as never, () => SAMPLE_EVENTS) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, () => oracleDriver(), exportRules);
  });

  it('visited every state of the machine', () => {
    expect([...visitedByOracle]).toEqual(expect.arrayContaining(restingStateNodes(exportMachine)));
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

  it.each(['csv', 'sap'] as const)('saves the file name the server answered, with its type (%s)', async (type) => {
    const sut = await started(type);
    expect(sut.saved()).toEqual({ type, fileName: FILE });
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
      // The panel is free again: Export starts a new job.
      sut.actor.send({ type: 'START', exportType: 'csv', total: 120, request: REQUEST });
      expect(sut.calls.at(-1)).toEqual({ effect: 'startExport', input: { type: 'csv', request: REQUEST } });
    }
  });

  it('with the server unreachable and no saved job to resume, the panel is free: Export starts a new job', async () => {
    for (const saved of [NOTHING_SAVED, { running: 'analysis-1.csv', settled: 'analysis-1.csv' }]) {
      const sut = createSut();
      sut.actor.send({ type: 'RESUME_LAST', saved });
      await sut.reject('lastJob', new ApiError({ kind: 'network', message: 'Failed to fetch' }));
      expect([sut.count('checkExport'), sut.status(), sut.notifications]).toEqual([0, 'idle', []]);
      sut.actor.send({ type: 'START', exportType: 'csv', total: 120, request: REQUEST });
      expect(sut.calls.at(-1)).toEqual({ effect: 'startExport', input: { type: 'csv', request: REQUEST } });
    }
  });

  it('forgets a saved name the server no longer knows (nothing left to resume)', async () => {
    const reloaded = createSut({ type: 'csv', fileName: FILE });
    reloaded.actor.send({ type: 'RESUME_LAST', saved: { running: FILE, settled: null } });
    await reloaded.resolve('lastJob', null);
    expect(reloaded.count('checkExport')).toBe(0);
    expect(reloaded.status()).toBe('idle');
    expect(reloaded.saved()).toBeNull();
    // The panel is free again: Export starts a new job.
    reloaded.actor.send({ type: 'START', exportType: 'csv', total: 120, request: REQUEST });
    expect(reloaded.calls.at(-1)).toEqual({ effect: 'startExport', input: { type: 'csv', request: REQUEST } });
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

  it("a refusal without the server's reason, not raised as an error, or with no error at all says 'Processing export failed…'", async () => {
    const sut = createSut();
    sut.actor.send({ type: 'DOWNLOAD_PDF', request: REQUEST });
    await sut.reject('downloadPdf', httpError(400, ''));
    sut.actor.send({ type: 'DOWNLOAD_PDF', request: REQUEST });
    await sut.reject('downloadPdf', { status: 400, message: 'not an error' });
    sut.actor.send({ type: 'DOWNLOAD_PDF', request: REQUEST });
    await sut.reject('downloadPdf', null);
    expect(sut.notifications).toEqual(
      error(EXPORT_FAILED).concat(error(EXPORT_FAILED), error(EXPORT_FAILED)),
    );
    expect(isPdfDownloading(sut.actor.getSnapshot())).toBe(false);
  });

  it('a 503 (too many PDFs rendering) says the server is busy (docs/dev/product-rules.md#messages)', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'DOWNLOAD_PDF', request: REQUEST });
    await sut.reject('downloadPdf', httpError(503, SERVER_BUSY));
    expect(sut.notifications).toEqual([{ kind: 'error', message: SERVER_BUSY }]);
    expect(isPdfDownloading(sut.actor.getSnapshot())).toBe(false);
  });
});

describe('export: an effect left unprovided', () => {
  /** A bare actor on a simulated clock: the errors it stops with and what it said. */
  const run = async (machine: ExportMachine, events: Array<Parameters<ExportMachine['transition']>[1]>) => {
    const clock = new SimulatedClock();
    const errors: unknown[] = [];
    const actor = createActor(machine, { clock });
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    for (const event of events) {
      actor.send(event);
      await flush();
      clock.increment(POLL_MS);
      await flush();
    }
    return { errors: errors.map(String), status: exportStatus(actor.getSnapshot()) };
  };
  const said = (name: string) => [`Error: export machine: '${name}' must be provided`];
  const notifications: NotifyParams[] = [];
  const quiet = exportMachine.provide({ actions: { notify: (_, params) => notifications.push(params) } });
  const answering = (output: unknown) => fromPromise(async () => output) as never;

  it('an action left out stops the machine naming it', async () => {
    const nothing = { type: 'START', exportType: 'csv', total: 0, request: REQUEST } as const;
    const some = { ...nothing, total: 10 };
    expect((await run(exportMachine, [nothing])).errors).toEqual(said('notify'));
    const started = quiet.provide({ actors: { startExport: answering(FILE) } });
    expect((await run(started, [some])).errors).toEqual(said('saveFileName'));
    const checked = started.provide({
      actions: { saveFileName: () => undefined },
      actors: { checkExport: fromPromise(() => Promise.reject(httpError(503))) as never },
    });
    expect((await run(checked, [some])).errors).toEqual(said('clearFileName'));
    const resumed = quiet.provide({ actors: { lastJob: answering(null) } });
    const saved = { running: FILE, settled: null };
    expect((await run(resumed, [{ type: 'RESUME_LAST', saved }])).errors).toEqual(said('forgetSavedName'));
  });

  it('a call left out fails as a failed call does: the export ends with its message', async () => {
    notifications.length = 0;
    const bare = quiet.provide({ actions: { clearFileName: () => undefined } });
    const start = await run(bare, [{ type: 'START', exportType: 'csv', total: 10, request: REQUEST }]);
    const resume = await run(bare, [{ type: 'RESUME_LAST', saved: { running: FILE, settled: null } }]);
    const pdf = await run(bare, [{ type: 'DOWNLOAD_PDF', request: REQUEST }]);
    expect([start, resume, pdf]).toEqual(Array(3).fill({ errors: [], status: 'idle' }));
    expect(notifications).toEqual(error(EXPORT_FAILED).concat(error(EXPORT_FAILED), error(EXPORT_FAILED)));
  });
});
