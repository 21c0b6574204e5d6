// Rules of the asynchronous export (docs/dev/product-rules.md#behaviour Export, docs/dev/product-rules.md#messages, docs/dev/product-rules.md#constants): which types exist, when the user is
// asked first, which exports change the flags, and how a failed check or start is told.
import { z } from 'zod';
import type { SelectionQuery } from './query';
import { EXPORT_CONFIRM_ABOVE } from './constants';
import { EXPORT_FAILED, SERVER_BUSY } from './messages';
import { isAdmin } from './roles';
import { resourceOf, type ExportingResource } from './resources';

/** The file exports of the list views; PDF downloads directly and is not a job. */
export const EXPORT_TYPES = ['csv', 'xlsx', 'sap', 'zft'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** SAP and ZFT exports mark the exported rows (docs/dev/architecture.md#domain-decisions), so the user is warned. */
/** The export type a job's file name ends in ('….csv'), or null (a PDF is no job). */
export const exportTypeOf = (fileName: string): ExportType | null => {
  const extension = /\.([a-z]+)$/.exec(fileName)?.[1];
  return EXPORT_TYPES.find((t) => t === extension) ?? null;
};

/** What an export is of: the view's query and its visible columns in display order. */
export interface ExportRequest {
  query: Partial<SelectionQuery>;
  attributes: readonly string[];
}

export const altersFlags = (type: ExportType): boolean => type === 'sap' || type === 'zft';

/**
 * SAP and ZFT are writes (they set flag X and dateExported, docs/dev/architecture.md#domain-decisions): admins only, and the
 * server answers 403 to anyone else. CSV, XLSX and PDF only read (docs/dev/product-rules.md#roles: exporting is not gated).
 */
export const mayStartExport = (type: ExportType, roles: readonly string[]): boolean =>
  !altersFlags(type) || isAdmin(roles);

const READ_ONLY_TYPES: readonly ExportType[] = EXPORT_TYPES.filter((t) => !altersFlags(t));

/**
 * The file exports a screen offers to a user: SAP and ZFT only where the resource declares them
 * (they lay out analyses) and only for admins (mayStartExport). The same arrays every call (stable
 * for React's memoisation).
 */
export const exportTypesOf = (entity: ExportingResource, roles: readonly string[]): readonly ExportType[] =>
  resourceOf(entity).flaggingExports && isAdmin(roles) ? EXPORT_TYPES : READ_ONLY_TYPES;

/**
 * The check's answer when the file is ready: its row count and, for SAP and ZFT, how many matching
 * rows were left out because an earlier export had already flagged them X (docs/exports.md).
 */
export const exportCheckSchema = z.object({
  fileName: z.string(),
  totalItems: z.number().nullable(),
  skippedExported: z.number().int().nonnegative(),
});
export type ExportCheck = z.infer<typeof exportCheckSchema>;

/** More than 5000 items need a confirmation; exactly 5000 do not. */
export const isLargeExport = (total: number): boolean => total > EXPORT_CONFIRM_ABOVE;

/**
 * An export asks first above 5000 items (docs/dev/product-rules.md#behaviour) and, whatever its size, when it writes: SAP and
 * ZFT flag what they export, and their warning is the question asked before anything is changed.
 */
export const needsExportConfirmation = (type: ExportType, total: number): boolean =>
  altersFlags(type) || isLargeExport(total);

/** An export of nothing has nothing to download. */
export const hasExportData = (total: number): boolean => total > 0;

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

/** The check answers 404 until the file is ready. */
export const isStillProcessing = (error: unknown): boolean => statusOf(error) === 404;

/** 503: another export is running (docs/dev/product-rules.md#messages). */
export const isServerBusy = (error: unknown): boolean => statusOf(error) === 503;

/** The file to download is gone (removed after 24 h, or already fetched). */
export const isExportGone = (error: unknown): boolean => statusOf(error) === 404 || statusOf(error) === 410;

/**
 * A check's 422 when every matching row had been flagged X by an earlier SAP/ZFT export: the
 * server's explanation (messages.exportedRowsSkipped) in `errors`; null for any other failure.
 */
export const skippedRowsMessage = (error: unknown): string | null => {
  if (statusOf(error) !== 422) return null;
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : null;
};

/** What the snackbar says when starting or checking an export failed. */
export const exportFailureMessage = (error: unknown): string =>
  isServerBusy(error) ? SERVER_BUSY : EXPORT_FAILED;
