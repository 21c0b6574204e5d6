// React wiring of the export machine for one list view (docs/dev/product-rules.md#behaviour Export and PDF): the machine holds
// the behaviour (confirm above 5000, poll every 2 s, download, PDF); this hook injects the calls
// (src/api/exports.ts with the signed-in client), the saved job name, the snackbar and the file
// hand-over to the browser. On mount it asks the machine to resume the job a reload interrupted.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  checkExport,
  downloadExport,
  downloadPdf,
  lastExportFileName,
  startExport,
  type ListEntity,
} from '../../../api/exports';
import { altersFlags as writesFlags, exportTypesOf, type ExportType } from '../../../domain/exportJob';
import { exportButtonLabel } from '../../../domain/messages';
import type { SelectionQuery } from '../../../domain/query';
import {
  exportMachine,
  exportStatus,
  isPdfDownloading,
  type ExportStatus,
} from '../../../machines/export.machine';
import { usePaletteActions, type PaletteAction } from '../../palette';
import { PAGE_SHORTCUTS, pageKey } from '../../shortcuts/list';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';
import {
  forgetRunningExport,
  loadRunningExport,
  saveRunningExport,
  settleExport,
  settledExport,
} from './lastExport';
import { saveFile } from './saveFile';

const PDF_ACTION_LABEL = 'Export PDF';

/** What the page exports right now: its query, the visible column ids in display order, the total. */
export interface ExportCurrent {
  query: Partial<SelectionQuery>;
  attributes: string[];
  total: number;
}

export interface ExportHandle {
  entity: ListEntity;
  /** The file exports this view offers. */
  types: readonly ExportType[];
  /** idle, confirming (the dialog), pending (started or polling), ready (Download enabled), downloading. */
  status: ExportStatus;
  /** The export asked for, running or ready; null when none. */
  type: ExportType | null;
  /** The item count the confirmation names. */
  total: number;
  /** SAP/ZFT: the export marks the exported rows. */
  altersFlags: boolean;
  /** SAP/ZFT: rows the ready file leaves out because an earlier export flagged them X. */
  skippedExported: number;
  pdfPending: boolean;
  start(type: ExportType): void;
  confirm(): void;
  cancel(): void;
  download(): void;
  downloadPdf(): void;
}

export interface ExportOptions {
  /** SAP/ZFT finished: the exported rows carry new flags, so the list should show them. */
  onFlagsChanged?: () => void;
}

export function useExport(
  entity: ListEntity,
  current: () => ExportCurrent,
  options: ExportOptions = {},
): ExportHandle {
  const { http, user } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();
  // notify and current change identity often; the machine's effects always read the latest.
  const notifyRef = useRef(notify);
  const currentRef = useRef(current);
  const optionsRef = useRef(options);
  useEffect(() => {
    notifyRef.current = notify;
    currentRef.current = current;
    optionsRef.current = options;
  });
  const [machine] = useState(() =>
    exportMachine.provide({
      actors: {
        startExport: fromPromise(({ input, signal }) =>
          startExport(http, entity, input.type, input.request, { signal }),
        ),
        lastJob: fromPromise(({ signal }) => lastExportFileName(http, entity, { signal })),
        checkExport: fromPromise(({ input, signal }) =>
          checkExport(http, input.type, input.fileName, { signal }),
        ),
        download: fromPromise(async ({ input, signal }) => {
          saveFile(await track(downloadExport(http, input.type, input.fileName, { signal })));
        }),
        downloadPdf: fromPromise(async ({ input, signal }) => {
          saveFile(await track(downloadPdf(http, entity, input.request, { signal })));
        }),
      },
      actions: {
        notify: (_, { kind, message }) => notifyRef.current(kind, message, { page: entity }),
        saveFileName: (_, job) => saveRunningExport(entity, job),
        clearFileName: ({ context }) => settleExport(entity, context.fileName),
        forgetSavedName: () => forgetRunningExport(entity),
      },
    }),
  );
  const actor = useActorRef(machine);

  useEffect(() => {
    const subscription = actor.on('flagsChanged', () => optionsRef.current.onFlagsChanged?.());
    return () => subscription.unsubscribe();
  }, [actor]);

  // Resume after a reload (the machine decides what: the server's job, else the saved one).
  useEffect(() => {
    actor.send({
      type: 'RESUME_LAST',
      saved: { running: loadRunningExport(entity)?.fileName ?? null, settled: settledExport(entity) },
    });
  }, [actor, entity]);

  // SAP and ZFT write: offered to admins only (the server refuses anyone else with 403).
  const types = exportTypesOf(entity, user?.roles ?? []);
  // The palette's actions call the handle of the latest render.
  const handleRef = useRef<ExportHandle | null>(null);
  const palette: PaletteAction[] = [
    ...types.map((t) => ({
      id: `export:${t}`,
      label: exportButtonLabel(t),
      group: 'Export',
      keywords: ['export', 'download', t, ...(t === 'csv' || t === 'xlsx' ? ['excel'] : ['flags'])],
      // SAP/ZFT flag the exported rows; start() then asks first (the export machine).
      effect: writesFlags(t) ? ('write' as const) : ('read' as const),
      perform: () => handleRef.current?.start(t),
    })),
    {
      id: 'export:pdf',
      label: PDF_ACTION_LABEL,
      group: 'Export',
      keywords: ['export', 'download', 'pdf', 'print'],
      description: 'downloads the shown rows as PDF',
      ...pageKey(PAGE_SHORTCUTS.print),
      perform: () => handleRef.current?.downloadPdf(),
    },
  ];
  usePaletteActions(palette);

  const status = useSelector(actor, exportStatus);
  const type = useSelector(actor, (s) => s.context.type);
  const total = useSelector(actor, (s) => s.context.total);
  const altersFlags = useSelector(actor, (s) => s.context.altersFlags);
  const skippedExported = useSelector(actor, (s) => s.context.skippedExported);
  const pdfPending = useSelector(actor, isPdfDownloading);

  const handle = useMemo<ExportHandle>(
    () => ({
      entity,
      types,
      status,
      type,
      total,
      altersFlags,
      skippedExported,
      pdfPending,
      start: (exportType) => {
        // Only an idle machine takes START: a running job's request must stay as it was.
        if (!actor.getSnapshot().matches({ job: 'idle' })) return;
        const { query, attributes, total: count } = currentRef.current();
        actor.send({ type: 'START', exportType, total: count, request: { query, attributes } });
      },
      confirm: () => actor.send({ type: 'CONFIRM' }),
      cancel: () => actor.send({ type: 'CANCEL' }),
      download: () => actor.send({ type: 'DOWNLOAD' }),
      downloadPdf: () => {
        const { query, attributes } = currentRef.current();
        actor.send({ type: 'DOWNLOAD_PDF', request: { query, attributes } });
      },
    }),
    [entity, types, status, type, total, altersFlags, skippedExported, pdfPending, actor],
  );
  useEffect(() => {
    handleRef.current = handle;
  });
  return handle;
}
