// The Samples resource on the server: its routes and its export source (src/server/resources.ts
// registers it).
import { EXPORT_TYPES, altersFlags } from '../../../domain/exportJob';
import { SAMPLES_REGISTRY } from '../../../domain/columns/samples';
import { columnSet } from '../../exports/columns';
import { sampleCellsQuery } from '../../repositories/samples-export';
import type { ExportSource } from '../../exports/sources';
import { SAMPLE_FIELDS, SAMPLE_VIEW_RULES, sampleRowsQuery } from '../../repositories/samples';
import { SAMPLES_UNDO } from '../../repositories/samples-undo';
import type { ServerResource } from '../../resources';
import { sampleReadRoutes } from './reads';
import { sampleUploadRoutes } from './upload';
import { sampleWriteRoutes } from './writes';

export const SAMPLES_EXPORT: ExportSource = {
  title: 'Samples',
  viewRules: SAMPLE_VIEW_RULES,
  // SAP and ZFT lay out analyses (docs/dev/architecture.md#domain-decisions).
  types: EXPORT_TYPES.filter((t) => !altersFlags(t)),
  columns: columnSet(SAMPLES_REGISTRY as never, SAMPLE_FIELDS),
  rowsQuery: (request, campaign, limit) => sampleRowsQuery(request, campaign, { limit }),
  cellsQuery: sampleCellsQuery,
};

export const SAMPLES_SERVER = {
  routes: [sampleReadRoutes, sampleWriteRoutes, sampleUploadRoutes],
  exports: SAMPLES_EXPORT,
  undo: SAMPLES_UNDO,
} satisfies ServerResource;
