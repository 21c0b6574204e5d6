// The Screens resource on the server: its routes (src/server/resources.ts registers it). Its XLSX
// and ZFT are per screen (export.ts), not the list export jobs.
import { SCREENS_UNDO } from '../../repositories/screens-undo';
import type { ServerResource } from '../../resources';
import { screenExportRoutes } from './export';
import { screenReadRoutes } from './reads';
import { screenUploadRoutes } from './upload';
import { screenWriteRoutes } from './writes';

export const SCREENS_SERVER = {
  routes: [screenReadRoutes, screenWriteRoutes, screenUploadRoutes, screenExportRoutes],
  undo: SCREENS_UNDO,
} satisfies ServerResource;
