// The server's resource table: each resource declares its routes (and, if it exports through the
// jobs, its export source; what the undo restores of its audited entities) in its own folder and
// registers here with one line. app.ts registers every resource's routes from this table; the
// export routes and jobs serve every resource with an export source; the undo restores every entity
// a descriptor plans. No other server code lists resources.
import type { FastifyInstance } from 'fastify';
import type { ExportSource } from './exports/sources';
import { CONFIG_UNDO } from './repositories/config-undo';
import { ANALYSIS_SERVER } from './routes/analysis';
import { BOXES_SERVER } from './routes/boxes';
import { SAMPLES_SERVER } from './routes/samples';
import { SCREENS_SERVER } from './routes/screens';
import type { UndoPlans } from './undo/plan';

export interface ServerResource {
  /** Fastify plugins, registered in this order. */
  routes: readonly ((app: FastifyInstance) => Promise<void>)[];
  exports?: ExportSource;
  /** How the undo restores each audit entity the resource writes (undo/plan.ts); none: not undoable. */
  undo?: UndoPlans;
}

export const SERVER_RESOURCES = {
  analysis: ANALYSIS_SERVER,
  samples: SAMPLES_SERVER,
  boxes: BOXES_SERVER,
  screens: SCREENS_SERVER,
} as const satisfies Record<string, ServerResource>;

export type ServerResources = typeof SERVER_RESOURCES;

/**
 * Every audit entity the undo restores: the resources' plans, and the configuration's records
 * (limits, settings, sync entries), which have no resource of their own.
 */
export const UNDO_PLANS: UndoPlans = Object.assign(
  {},
  ...Object.values(SERVER_RESOURCES).map((r: ServerResource) => r.undo ?? {}),
  CONFIG_UNDO,
) as UndoPlans;
