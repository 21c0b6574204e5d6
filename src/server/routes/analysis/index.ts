// The Analysis resource on the server: its routes and its export source (src/server/resources.ts
// registers it).
import { EXPORT_TYPES } from '../../../domain/exportJob';
import { ANALYSIS_REGISTRY } from '../../../domain/columns/analysis';
import { columnSet } from '../../exports/columns';
import {
  analysisCellsQuery,
  analysisExportedCount,
  analysisExportQuery,
} from '../../repositories/analysis-export';
import { markAnalysesExported, SAP_LAYOUT, ZFT_LAYOUT } from '../../services/analysis-exports';
import type { ExportSource } from '../../exports/sources';
import {
  ANALYSIS_FIELDS,
  ANALYSIS_VIEW_RULES,
  analysisRowsQuery,
  type AnalysisRecord,
} from '../../repositories/analysis';
import { ANALYSIS_UNDO } from '../../repositories/analysis-undo';
import type { ServerResource } from '../../resources';
import { analysisReadRoutes } from './reads';
import { analysisWriteRoutes } from './writes';

export const ANALYSIS_EXPORT: ExportSource<AnalysisRecord> = {
  title: 'Analysis',
  viewRules: ANALYSIS_VIEW_RULES,
  types: EXPORT_TYPES,
  columns: columnSet(ANALYSIS_REGISTRY as never, ANALYSIS_FIELDS),
  rowsQuery: (request, campaign, limit) => analysisRowsQuery(request, campaign, { limit }),
  cellsQuery: analysisCellsQuery,
  flagging: {
    records: analysisExportQuery,
    exportedCount: analysisExportedCount,
    layouts: { sap: SAP_LAYOUT, zft: ZFT_LAYOUT },
    idOf: (record) => record.aId,
    mark: markAnalysesExported,
  },
};

export const ANALYSIS_SERVER = {
  routes: [analysisReadRoutes, analysisWriteRoutes],
  exports: ANALYSIS_EXPORT,
  undo: ANALYSIS_UNDO,
} satisfies ServerResource;
