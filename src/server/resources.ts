// The server's resource table: each resource declares its routes (and, if it exports through the
// jobs, its export source) in its own folder and registers here with one line. app.ts registers
// every resource's routes from this table; the export routes and jobs serve every resource with an
// export source. No other server code lists resources.
import type { FastifyInstance } from 'fastify';
import type { ExportSource } from './exports/sources';
import { ANALYSIS_SERVER } from './routes/analysis';
import { BOXES_SERVER } from './routes/boxes';
import { SAMPLES_SERVER } from './routes/samples';
import { SCREENS_SERVER } from './routes/screens';

export interface ServerResource {
  /** Fastify plugins, registered in this order. */
  routes: readonly ((app: FastifyInstance) => Promise<void>)[];
  exports?: ExportSource;
}

export const SERVER_RESOURCES = {
  analysis: ANALYSIS_SERVER,
  samples: SAMPLES_SERVER,
  boxes: BOXES_SERVER,
  screens: SCREENS_SERVER,
} as const satisfies Record<string, ServerResource>;

export type ServerResources = typeof SERVER_RESOURCES;
