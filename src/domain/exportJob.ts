// Rules of the asynchronous export (spec §4 Export, §8, §9): which types exist, when the user is
// asked first, which exports change the flags, and how a failed check or start is told.
import { EXPORT_CONFIRM_ABOVE } from './constants';
import { EXPORT_FAILED, SERVER_BUSY } from './messages';

/** The file exports of the list views; PDF downloads directly and is not a job. */
export const EXPORT_TYPES = ['csv', 'xlsx', 'sap', 'zft'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** SAP and ZFT are analysis record layouts: only Analysis offers them. */
export const exportTypesOf = (entity: 'analysis' | 'samples'): readonly ExportType[] =>
  entity === 'analysis' ? EXPORT_TYPES : EXPORT_TYPES.filter((t) => !altersFlags(t));

/** More than 5000 items need a confirmation; exactly 5000 do not. */
export const needsExportConfirmation = (total: number): boolean => total > EXPORT_CONFIRM_ABOVE;

/** SAP and ZFT exports mark the exported rows (ARCHITECTURE §5), so the user is warned. */
export const altersFlags = (type: ExportType): boolean => type === 'sap' || type === 'zft';

/** An export of nothing has nothing to download. */
export const hasExportData = (total: number): boolean => total > 0;

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

/** The check answers 404 until the file is ready. */
export const isStillProcessing = (error: unknown): boolean => statusOf(error) === 404;

/** 503: another export is running (spec §8). */
export const isServerBusy = (error: unknown): boolean => statusOf(error) === 503;

/** The file to download is gone (removed after 24 h, or already fetched). */
export const isExportGone = (error: unknown): boolean => statusOf(error) === 404 || statusOf(error) === 410;

/** What the snackbar says when starting or checking an export failed. */
export const exportFailureMessage = (error: unknown): string =>
  isServerBusy(error) ? SERVER_BUSY : EXPORT_FAILED;
