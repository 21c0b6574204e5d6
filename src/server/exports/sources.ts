// The export sources: what each exporting resource brings to the export routes and jobs — its view
// rules (the same query parsing as its view), its columns and their other spellings, its queries
// (whole records for the PDF, the requested cells as text for CSV and XLSX), its title and the file
// types it offers. A new exporting resource is one more entry here, not a branch in the routes.
import { EXPORT_TYPES, altersFlags, type ExportType } from '../../domain/exportJob';
import type { RawBuilder } from 'kysely';
import { ANALYSIS_VIEW_RULES, analysisRowsQuery } from '../repositories/analysis';
import { SAMPLE_VIEW_RULES, sampleRowsQuery } from '../repositories/samples';
import type { Campaign } from '../views/campaign';
import type { ViewRequest, ViewRules } from '../views/request';
import type { ExportResource } from './columns';
import { analysisCellsQuery, sampleCellsQuery, type Cells, type ExportQuery } from './queries';

export interface ExportSource {
  resource: ExportResource;
  /** PDF title and XLSX sheet name. */
  title: string;
  viewRules: ViewRules;
  /** The file exports it offers: SAP and ZFT lay out analyses (ARCHITECTURE §5), so only Analysis. */
  types: readonly ExportType[];
  /** Whole records, for the PDF (at most `limit`). */
  rowsQuery(request: ViewRequest, campaign: Campaign, limit?: number): RawBuilder<unknown>;
  /** The requested cells as text, for CSV and XLSX. */
  cellsQuery(
    request: ViewRequest,
    campaign: Campaign,
    columns: readonly { sql: string }[],
  ): ExportQuery<Cells>;
}

export const EXPORT_SOURCES: Readonly<Record<ExportResource, ExportSource>> = {
  analysis: {
    resource: 'analysis',
    title: 'Analysis',
    viewRules: ANALYSIS_VIEW_RULES,
    types: EXPORT_TYPES,
    rowsQuery: (request, campaign, limit) => analysisRowsQuery(request, campaign, { limit }),
    cellsQuery: analysisCellsQuery,
  },
  samples: {
    resource: 'samples',
    title: 'Samples',
    viewRules: SAMPLE_VIEW_RULES,
    types: EXPORT_TYPES.filter((t) => !altersFlags(t)),
    rowsQuery: (request, campaign, limit) => sampleRowsQuery(request, campaign, { limit }),
    cellsQuery: sampleCellsQuery,
  },
};

export const EXPORT_RESOURCES = Object.keys(EXPORT_SOURCES) as ExportResource[];
