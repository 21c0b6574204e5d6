// Export: the Export panel and the PDF button of Analysis and Samples (spec §4 Export and PDF, §8,
// §9). A file export (csv, xlsx, sap, zft) asks first above 5000 items, starts a job on the server
// that answers a file name, polls every 2 s until the file is ready (404 means keep waiting), then
// offers Download, which fetches the file and forgets the name. The name is saved, so a reload
// resumes the job. SAP and ZFT change the exported rows' flags: they always ask first (the warning
// is the question), and say when the flags have changed. The PDF
// downloads directly, independent of a running job. Network, storage and snackbar are injected.
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { EXPORT_POLL_MS } from '../domain/constants';
import {
  altersFlags,
  exportFailureMessage,
  hasExportData,
  isExportGone,
  isServerBusy,
  isStillProcessing,
  needsExportConfirmation,
  skippedRowsMessage,
  type ExportCheck,
  type ExportType,
} from '../domain/exportJob';
import { EXPORT_FAILED, NO_DOWNLOAD, SERVER_BUSY } from '../domain/messages';

/** Spec §9: export status polling every 2 s. */
export const POLL_MS = EXPORT_POLL_MS;

export interface ExportJobInput {
  type: ExportType;
  fileName: string;
}

export interface ExportContext {
  /** The export asked for, being confirmed, running or ready; null when none. */
  type: ExportType | null;
  total: number;
  /** The server's name of the file; set from start (or resume) until it is downloaded. */
  fileName: string | null;
  /** SAP/ZFT: the export marks the exported rows, the panel shows the warning. */
  altersFlags: boolean;
  /** SAP/ZFT: matching rows the ready file leaves out, already flagged X (the panel says so). */
  skippedExported: number;
}

export type ExportEvent =
  | { type: 'START'; exportType: ExportType; total: number }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DOWNLOAD' }
  | { type: 'RESUME'; exportType: ExportType; fileName: string }
  | { type: 'DOWNLOAD_PDF' };

/** SAP/ZFT: the server has flagged the exported rows (the file is complete); lists reload. */
export type ExportEmitted = { type: 'flagsChanged'; exportType: ExportType };

export type NotifyParams = { kind: 'success' | 'error' | 'info'; message: string };

const notProvided = (name: string) => () => {
  throw new Error(`export machine: '${name}' must be provided`);
};

const NO_JOB = { type: null, total: 0, fileName: null, altersFlags: false, skippedExported: 0 } as const;

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    emitted: {} as ExportEmitted,
  },
  actors: {
    /** GET …/export/{type} with the view's query and columns → the file name. */
    startExport: fromPromise<string, { type: ExportType }>(notProvided('startExport')),
    /** GET /export/check/{type}?file= : resolves on 200, rejects with the status otherwise. */
    checkExport: fromPromise<ExportCheck | undefined, ExportJobInput>(notProvided('checkExport')),
    /** GET /export/download/{type}?file= and hand the file to the browser. */
    download: fromPromise<unknown, ExportJobInput>(notProvided('download')),
    /** GET …/export/pdf with the view's query; the name comes from content-disposition. */
    downloadPdf: fromPromise<unknown, Record<string, never>>(notProvided('downloadPdf')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => notProvided('notify')(),
    /** Keeps the running job's name (local storage), so a reload can RESUME it. */
    saveFileName: (_, _params: ExportJobInput) => notProvided('saveFileName')(),
    clearFileName: notProvided('clearFileName'),
    choose: assign(({ event }) => {
      if (event.type !== 'START' && event.type !== 'RESUME') return {};
      return {
        type: event.exportType,
        total: event.type === 'START' ? event.total : 0,
        fileName: event.type === 'RESUME' ? event.fileName : null,
        altersFlags: altersFlags(event.exportType),
        skippedExported: 0,
      };
    }),
    forget: assign(NO_JOB),
  },
  guards: {
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
  context: { ...NO_JOB },
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
            RESUME: { target: 'polling.checking', actions: 'choose' },
            DOWNLOAD: { actions: { type: 'notify', params: { kind: 'error', message: NO_DOWNLOAD } } },
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
            input: ({ context }) => ({ type: context.type ?? 'csv' }),
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
          // SAP/ZFT: the rows got their export flag with the complete file (ARCHITECTURE §5).
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
            // Fetched: the name is cleared (spec §4), here and in storage.
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
          on: { DOWNLOAD_PDF: { target: 'downloading' } },
        },
        downloading: {
          invoke: {
            id: 'downloadPdf',
            src: 'downloadPdf',
            input: () => ({}),
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
              // 503: too many PDFs rendering now (spec §8: the busy message on a 503 to an export).
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
