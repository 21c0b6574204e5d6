// The export sources: what each exporting resource brings to the export routes and jobs — its view
// rules (the same query parsing as its view), its columns and their other spellings, its queries
// (whole records for the PDF, the requested cells as text for CSV and XLSX), its title, the file
// types it offers and, for SAP/ZFT, the whole records it lays out. Each resource declares its
// source in its own folder and registers it in src/server/resources.ts; nothing here names one.
import type { RawBuilder } from 'kysely';
import type { ExportType } from '../../domain/exportJob';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { RecordLayout } from './formats';
import { SERVER_RESOURCES, type ServerResources } from '../resources';
import type { Campaign } from '../views/campaign';
import type { ViewRequest, ViewRules } from '../views/request';
import type { ColumnSet } from './columns';
import type { Cells, ExportQuery } from './queries';

export interface ExportSource<R = unknown> {
  /** PDF title and XLSX sheet name. */
  title: string;
  viewRules: ViewRules;
  /** The file exports it offers (the domain's resource table says the same to the client). */
  types: readonly ExportType[];
  columns: ColumnSet;
  /** Whole records, for the PDF (at most `limit`). */
  rowsQuery(request: ViewRequest, campaign: Campaign, limit?: number): RawBuilder<unknown>;
  /** The requested cells as text, for CSV and XLSX. */
  cellsQuery(
    request: ViewRequest,
    campaign: Campaign,
    columns: readonly { sql: string }[],
  ): ExportQuery<Cells>;
  /** SAP and ZFT: the whole records they lay out and flag (docs/dev/architecture.md#domain-decisions). */
  flagging?: FlaggingExport<R>;
}

/** What a resource with SAP/ZFT exports declares: its records, their layouts and how they are flagged. */
export interface FlaggingExport<R> {
  records(request: ViewRequest, campaign: Campaign, options: { leaveOutExported: boolean }): ExportQuery<R>;
  /** How many matching rows an earlier export flagged X (what leaveOutExported leaves out). */
  exportedCount(request: ViewRequest, campaign: Campaign): RawBuilder<{ n: number }>;
  layouts: Readonly<Record<'sap' | 'zft', RecordLayout<R>>>;
  /** The key the flagging stamps. */
  idOf(record: R): number;
  /** Flags the exported records, in the transaction that finishes the job, with one audit event. */
  mark(
    trx: Transaction<Database>,
    ids: readonly number[],
    audit: { actor: string; key: string; after: Record<string, unknown> },
  ): Promise<void>;
}

/** The resources that export through the jobs: those whose registration has an export source. */
export type ExportResource = {
  [K in keyof ServerResources]: ServerResources[K] extends { exports: ExportSource } ? K : never;
}[keyof ServerResources];

export const EXPORT_SOURCES = Object.fromEntries(
  Object.entries(SERVER_RESOURCES).flatMap(([name, r]) => ('exports' in r ? [[name, r.exports]] : [])),
) as Readonly<Record<ExportResource, ExportSource>>;

export const EXPORT_RESOURCES = Object.keys(EXPORT_SOURCES) as ExportResource[];
