// The boxes routes as one plugin (app.ts registers it once).
import type { FastifyInstance } from 'fastify';
import { boxReadRoutes } from './reads';
import { boxWriteRoutes } from './writes';

export const boxRoutes = async (app: FastifyInstance): Promise<void> => {
  await app.register(boxReadRoutes);
  await app.register(boxWriteRoutes);
};
