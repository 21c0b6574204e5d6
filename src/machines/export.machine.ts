// Export: the Export panel and the PDF button of Analysis and Samples (docs/dev/product-rules.md#behaviour Export and PDF, docs/dev/product-rules.md#messages,
// docs/dev/product-rules.md#constants). A file export (csv, xlsx, sap, zft) asks first above 5000 items, starts a job on the server
// that answers a file name, polls every 2 s until the file is ready (404 means keep waiting), then
// offers Download, which fetches the file and forgets the name. The name is saved, so a reload
// resumes the job: RESUME_LAST asks the server for the newest job not downloaded yet, falls back
// to the saved name when the server cannot be asked, and never resumes a job that already ended
// here. The request (query and columns as they were when the user chose) travels in the event. SAP and ZFT change the exported rows' flags: they always ask first (the warning
// is the question), and say when the flags have changed. The PDF
// downloads directly, independent of a running job. Network, storage and snackbar are injected.
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { EXPORT_POLL_MS } from '../domain/constants';
import {
  altersFlags,
  exportFailureMessage,
  exportTypeOf,
  hasExportData,
  isExportGone,
  isServerBusy,
  isStillProcessing,
  needsExportConfirmation,
  skippedRowsMessage,
  type ExportCheck,
  type ExportRequest,
  type ExportType,
} from '../domain/exportJob';
import { EXPORT_FAILED, NO_DOWNLOAD, SERVER_BUSY } from '../domain/messages';

/** Spec docs/dev/product-rules.md#constants: export status polling every 2 s. */
export const POLL_MS = EXPORT_POLL_MS;

export interface ExportJobInput {
  type: ExportType;
  fileName: string;
}

/** What a reload knows of its last job from local storage. */
export interface SavedJobs {
  /** The running job's saved name, the fallback when the server cannot be asked. */
  running: string | null;
  /** The name of the last job that ended here: never resumed again. */
  settled: string | null;
}

export interface ExportContext {
  /** The export asked for, being confirmed, running or ready; null when none. */
  type: ExportType | null;
  /** What the job exports, fixed when the user chose it (a confirmation may take a while). */
  request: ExportRequest;
  total: number;
  /** The server's name of the file; set from start (or resume) until it is downloaded. */
  fileName: string | null;
  /** SAP/ZFT: the export marks the exported rows, the panel shows the warning. */
  altersFlags: boolean;
  /** SAP/ZFT: matching rows the ready file leaves out, already flagged X (the panel says so). */
  skippedExported: number;
  /** What storage knew when the page asked to resume. */
  saved: SavedJobs;
  /** What the PDF being downloaded is of (the view when the button was pressed). */
  pdfRequest: ExportRequest;
}

export type ExportEvent =
  | { type: 'START'; exportType: ExportType; total: number; request: ExportRequest }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DOWNLOAD' }
  | { type: 'RESUME_LAST'; saved: SavedJobs }
  | { type: 'DOWNLOAD_PDF'; request: ExportRequest };

/** SAP/ZFT: the server has flagged the exported rows (the file is complete); lists reload. */
export type ExportEmitted = { type: 'flagsChanged'; exportType: ExportType };

export type NotifyParams = { kind: 'success' | 'error' | 'info'; message: string };

const notProvided = (name: string) => () => {
  throw new Error(`export machine: '${name}' must be provided`);
};

const NO_SAVED: SavedJobs = { running: null, settled: null };
const NO_REQUEST: ExportRequest = { query: {}, attributes: [] };
const NO_JOB = {
  type: null,
  request: NO_REQUEST,
  total: 0,
  fileName: null,
  altersFlags: false,
  skippedExported: 0,
} as const;

/** A job name worth resuming: a file export that has not ended here already. */
const resumable = (fileName: string | null | undefined, saved: SavedJobs): fileName is string =>
  typeof fileName === 'string' &&
  fileName !== '' &&
  fileName !== saved.settled &&
  exportTypeOf(fileName) !== null;

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    emitted: {} as ExportEmitted,
  },
  actors: {
    /** GET …/export/{type} with the view's query and columns → the file name. */
    startExport: fromPromise<string, { type: ExportType; request: ExportRequest }>(
      notProvided('startExport'),
    ),
    /** GET …/exportfilename: the newest job of the user not downloaded yet, or null (204/404). */
    lastJob: fromPromise<string | null, Record<string, never>>(notProvided('lastJob')),
    /** GET /export/check/{type}?file= : resolves on 200, rejects with the status otherwise. */
    checkExport: fromPromise<ExportCheck | undefined, ExportJobInput>(notProvided('checkExport')),
    /** GET /export/download/{type}?file= and hand the file to the browser. */
    download: fromPromise<unknown, ExportJobInput>(notProvided('download')),
    /** GET …/export/pdf with the view's query; the name comes from content-disposition. */
    downloadPdf: fromPromise<unknown, { request: ExportRequest }>(notProvided('downloadPdf')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => notProvided('notify')(),
    /** Keeps the running job's name (local storage), so a reload can RESUME it. */
    saveFileName: (_, _params: ExportJobInput) => notProvided('saveFileName')(),
    clearFileName: notProvided('clearFileName'),
    /** The server has no job left: the saved name is stale (not settled: nothing ended here). */
    forgetSavedName: notProvided('forgetSavedName'),
    choose: assign(({ event }) => {
      if (event.type !== 'START') return {};
      return {
        type: event.exportType,
        request: event.request,
        total: event.total,
        fileName: null,
        altersFlags: altersFlags(event.exportType),
        skippedExported: 0,
      };
    }),
    resume: assign((_, params: { fileName: string }) => {
      const type = exportTypeOf(params.fileName) ?? 'csv';
      return {
        type,
        request: NO_REQUEST,
        total: 0,
        fileName: params.fileName,
        altersFlags: altersFlags(type),
        skippedExported: 0,
      };
    }),
    rememberSaved: assign({ saved: ({ event }) => (event.type === 'RESUME_LAST' ? event.saved : NO_SAVED) }),
    forget: assign(NO_JOB),
  },
  guards: {
    isResumable: ({ context }, params: { fileName: string | null | undefined }) =>
      resumable(params.fileName, context.saved),
    hasNoJob: (_, params: { fileName: string | null | undefined }) => params.fileName === null,
    hasNoData: ({ event }) => event.type === 'START' && !hasExportData(event.total),
    needsConfirmation: ({ event }) =>
      event.type === 'START' && needsExportConfirmation(event.exportType, event.total),
    isStillProcessing: (_, params: { error: unknown }) => isStillProcessing(params.error),
    isServerBusy: (_, params: { error: unknown }) => isServerBusy(params.error),
    isExportGone: (_, params: { error: unknown }) => isExportGone(params.error),
    hasSkippedRows: (_, params: { error: unknown }) => skippedRowsMessage(params.error) !== null,
    isBadRequest: (_, params: { error: unknown }) =>
      typeof params.error === 'object' &&
      params.error !== null &&
      (params.error as { status?: unknown }).status === 400,
  },
  delays: {
    POLL: POLL_MS,
  },
}).createMachine({
  id: 'export',
  type: 'parallel',
  context: { ...NO_JOB, saved: NO_SAVED, pdfRequest: NO_REQUEST },
  states: {
    job: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            START: [
              {
                guard: 'hasNoData',
                actions: { type: 'notify', params: { kind: 'error', message: NO_DOWNLOAD } },
              },
              { guard: 'needsConfirmation', target: 'confirming', actions: 'choose' },
              { target: 'starting', actions: 'choose' },
            ],
            RESUME_LAST: { target: 'resuming', actions: 'rememberSaved' },
            DOWNLOAD: { actions: { type: 'notify', params: { kind: 'error', message: NO_DOWNLOAD } } },
          },
        },
        // After a reload: the server's newest job not downloaded yet, else the saved name.
        resuming: {
          invoke: {
            id: 'lastJob',
            src: 'lastJob',
            input: () => ({}),
            onDone: [
              {
                guard: { type: 'isResumable', params: ({ event }) => ({ fileName: event.output }) },
                target: 'polling.checking',
                actions: { type: 'resume', params: ({ event }) => ({ fileName: event.output ?? '' }) },
              },
              {
                guard: { type: 'hasNoJob', params: ({ event }) => ({ fileName: event.output }) },
                target: 'idle',
                actions: 'forgetSavedName',
              },
              { target: 'idle' },
            ],
            onError: [
              {
                guard: {
                  type: 'isResumable',
                  params: ({ context }) => ({ fileName: context.saved.running }),
                },
                target: 'polling.checking',
                actions: {
                  type: 'resume',
                  params: ({ context }) => ({ fileName: context.saved.running ?? '' }),
                },
              },
              { target: 'idle' },
            ],
          },
        },
        confirming: {
          on: {
            CONFIRM: { target: 'starting' },
            CANCEL: { target: 'idle', actions: 'forget' },
          },
        },
        starting: {
          invoke: {
            id: 'startExport',
            src: 'startExport',
            input: ({ context }) => ({ type: context.type ?? 'csv', request: context.request }),
            onDone: {
              target: 'polling',
              actions: [
                assign({ fileName: ({ event }) => event.output }),
                {
                  type: 'saveFileName',
                  params: ({ context }) => ({
                    type: context.type ?? 'csv',
                    fileName: context.fileName ?? '',
                  }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ event }) => ({ kind: 'error', message: exportFailureMessage(event.error) }),
                },
                'forget',
              ],
            },
          },
        },
        polling: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { POLL: { target: 'checking' } },
            },
            checking: {
              invoke: {
                id: 'checkExport',
                src: 'checkExport',
                input: ({ context }) => ({ type: context.type ?? 'csv', fileName: context.fileName ?? '' }),
                onDone: {
                  target: '#export.job.ready',
                  actions: assign({ skippedExported: ({ event }) => event.output?.skippedExported ?? 0 }),
                },
                onError: [
                  {
                    guard: { type: 'isStillProcessing', params: ({ event }) => ({ error: event.error }) },
                    target: 'waiting',
                  },
                  {
                    guard: { type: 'isServerBusy', params: ({ event }) => ({ error: event.error }) },
                    target: '#export.job.idle',
                    actions: [
                      { type: 'notify', params: { kind: 'error', message: SERVER_BUSY } },
                      'clearFileName',
                      'forget',
                    ],
                  },
                  // Nothing to export because an earlier export flagged every matching row X:
                  // the server's answer says so, which tells more than the generic failure.
                  {
                    guard: { type: 'hasSkippedRows', params: ({ event }) => ({ error: event.error }) },
                    target: '#export.job.idle',
                    actions: [
                      {
                        type: 'notify',
                        params: ({ event }) => ({
                          kind: 'error',
                          message: skippedRowsMessage(event.error) ?? EXPORT_FAILED,
                        }),
                      },
                      'clearFileName',
                      'forget',
                    ],
                  },
                  {
                    target: '#export.job.idle',
                    actions: [
                      { type: 'notify', params: { kind: 'error', message: EXPORT_FAILED } },
                      'clearFileName',
                      'forget',
                    ],
                  },
                ],
              },
            },
          },
        },
        // Download enabled.
        ready: {
          // SAP/ZFT: the rows got their export flag with the complete file (docs/dev/architecture.md#domain-decisions).
          entry: enqueueActions(({ context, enqueue }) => {
            if (context.type !== null && context.altersFlags)
              enqueue.emit({ type: 'flagsChanged', exportType: context.type });
          }),
          on: {
            DOWNLOAD: { target: 'downloading' },
          },
        },
        downloading: {
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context }) => ({ type: context.type ?? 'csv', fileName: context.fileName ?? '' }),
            // Fetched: the name is cleared (docs/dev/product-rules.md#behaviour), here and in storage.
            onDone: { target: 'idle', actions: ['clearFileName', 'forget'] },
            onError: [
              {
                guard: { type: 'isExportGone', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [
                  { type: 'notify', params: { kind: 'error', message: NO_DOWNLOAD } },
                  'clearFileName',
                  'forget',
                ],
              },
              // Anything else may pass: the file stays offered for another try.
              {
                target: 'ready',
                actions: { type: 'notify', params: { kind: 'error', message: EXPORT_FAILED } },
              },
            ],
          },
        },
      },
    },
    pdf: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            DOWNLOAD_PDF: {
              target: 'downloading',
              actions: assign({ pdfRequest: ({ event }) => event.request }),
            },
          },
        },
        downloading: {
          invoke: {
            id: 'downloadPdf',
            src: 'downloadPdf',
            input: ({ context }) => ({ request: context.pdfRequest }),
            onDone: { target: 'idle' },
            onError: [
              // Above the row cap the server explains in a 400 (a bounded export).
              {
                guard: { type: 'isBadRequest', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'error',
                    message:
                      event.error instanceof Error && event.error.message
                        ? event.error.message
                        : EXPORT_FAILED,
                  }),
                },
              },
              // 503: too many PDFs rendering now (docs/dev/product-rules.md#messages: the busy message on a 503 to an export).
              {
                target: 'idle',
                actions: {
                  type: 'notify',
                  params: ({ event }) => ({ kind: 'error', message: exportFailureMessage(event.error) }),
                },
              },
            ],
          },
        },
      },
    },
  },
});

export type ExportMachine = typeof exportMachine;

export type ExportStatus = 'idle' | 'confirming' | 'pending' | 'ready' | 'downloading';

/** The Download button: disabled and spinning while 'pending', enabled when 'ready'. */
export const exportStatus = (snapshot: SnapshotFrom<ExportMachine>): ExportStatus => {
  if (snapshot.matches({ job: 'confirming' })) return 'confirming';
  if (snapshot.matches({ job: 'starting' }) || snapshot.matches({ job: 'polling' })) return 'pending';
  if (snapshot.matches({ job: 'ready' })) return 'ready';
  if (snapshot.matches({ job: 'downloading' })) return 'downloading';
  return 'idle';
};

export const isPdfDownloading = (snapshot: SnapshotFrom<ExportMachine>): boolean =>
  snapshot.matches({ pdf: 'downloading' });
