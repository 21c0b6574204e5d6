// The Boxes resource on the server: its routes as one plugin (src/server/resources.ts registers it).
import type { FastifyInstance } from 'fastify';
import { BOXES_UNDO } from '../../repositories/boxes-undo';
import type { ServerResource } from '../../resources';
import { boxReadRoutes } from './reads';
import { boxWriteRoutes } from './writes';

export const boxRoutes = async (app: FastifyInstance): Promise<void> => {
  await app.register(boxReadRoutes);
  await app.register(boxWriteRoutes);
};

export const BOXES_SERVER = { routes: [boxRoutes], undo: BOXES_UNDO } satisfies ServerResource;
